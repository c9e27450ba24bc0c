import { describe, expect, it } from 'vitest';
import { encodeControl } from '../../../src/protocol/control';
import { ControlMeter, CONTROL_PER_SECOND_LIMIT, MALFORMED_KICK_THRESHOLD } from '../../../src/host/control-meter';
import { onJoinerControl, type JoinerControlHandlers } from '../../../src/host/joiner-control';

function recorder(): { h: JoinerControlHandlers; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    h: {
      setSettings: (id, m) => calls.push(`settings ${id} ${m.updateRate}`),
      chat: (id, text) => calls.push(`chat ${id} ${text}`),
      leave: (id) => calls.push(`leave ${id}`),
      kick: (id, reason) => calls.push(`kick ${id} ${reason}`),
    },
  };
}

describe("the host's handling of a joiner's control messages", () => {
  it('dispatches settings, chat and leave, and nothing else', () => {
    const { h, calls } = recorder();
    const meter = new ControlMeter(0);
    expect(
      onJoinerControl(
        3,
        encodeControl({ type: 'settings', updateRate: 30, rate: 50_000, interpMs: 100, debug: false }),
        meter,
        0,
        h,
      ),
    ).toBe('handled');
    expect(onJoinerControl(3, encodeControl({ type: 'chat', from: 9, text: 'hi' }), meter, 1, h)).toBe('handled');
    expect(onJoinerControl(3, encodeControl({ type: 'leave' }), meter, 2, h)).toBe('handled');
    // A host's message from a client, and bytes that decode to nothing: counted, not obeyed.
    expect(onJoinerControl(3, encodeControl({ type: 'kick', reason: 'host', text: 'x' }), meter, 3, h)).toBe(
      'malformed',
    );
    expect(onJoinerControl(3, Uint8Array.of(250, 1, 2), meter, 4, h)).toBe('malformed');
    expect(calls).toEqual(['settings 3 30', 'chat 3 hi', 'leave 3']);
  });

  it('kicks a joiner for a run of malformed messages and for a flood', () => {
    const bad = recorder();
    const meter = new ControlMeter(0);
    for (let i = 0; i < MALFORMED_KICK_THRESHOLD; i++) onJoinerControl(4, Uint8Array.of(250), meter, i * 100, bad.h);
    expect(bad.calls).toEqual(['kick 4 malformed']);
    const flood = recorder();
    const meter2 = new ControlMeter(0);
    const leave = encodeControl({ type: 'leave' });
    const verdicts = Array.from({ length: CONTROL_PER_SECOND_LIMIT + 1 }, () =>
      onJoinerControl(5, leave, meter2, 10, flood.h),
    );
    expect(verdicts.at(-1)).toBe('flood');
    expect(flood.calls.filter((c) => c.startsWith('kick'))).toEqual(['kick 5 flood']);
  });
});
