import { describe, expect, it, vi } from 'vitest';
import { asDebugNotice, relayDebug, type DebugRoutes, type RelayedMessage } from '../../../src/host/debug-relay';
import { encodeControl } from '../../../src/protocol/control';
import type { DebugMessage } from '../../../src/protocol/debug-messages';

const MSG: DebugMessage = {
  type: 'debug',
  tick: 90,
  hitboxes: [{ id: 2, x: 64, y: 32, radius: 16, alive: true, crouch: false }],
  rewind: null,
};

function routes(remotes: number[]): DebugRoutes & { sent: Array<[number, Uint8Array]>; local: RelayedMessage[] } {
  const sent: Array<[number, Uint8Array]> = [];
  const local: RelayedMessage[] = [];
  return {
    sent,
    local,
    localId: () => 1,
    sendRemote: (id, bytes) => (remotes.includes(id) ? (sent.push([id, bytes]), true) : false),
    deliverLocal: (m) => local.push(m),
  };
}

describe('debug relay', () => {
  it("sends a joiner's debug bytes unchanged on its channel and decodes the host's own", () => {
    const r = routes([2, 3]);
    const bytes = encodeControl(MSG);
    expect(relayDebug({ clientId: 3, bytes }, r)).toBe('remote');
    expect(r.sent).toEqual([[3, bytes]]);
    expect(relayDebug({ clientId: 1, bytes }, r)).toBe('local');
    expect(r.local).toEqual([MSG]);
  });

  it("relays a kill-cam the same way: a joiner's bytes as they are, the host's own decoded", () => {
    const r = routes([2]);
    const m = { type: 'killcam' as const, killer: 2, playTicks: 180, bytes: Uint8Array.of(1, 2, 3) };
    const bytes = encodeControl(m);
    expect(asDebugNotice({ type: 'killcam', clientId: 2, bytes })).toEqual({ clientId: 2, bytes });
    expect(relayDebug({ clientId: 2, bytes }, r)).toBe('remote');
    expect(r.sent).toEqual([[2, bytes]]);
    expect(relayDebug({ clientId: 1, bytes }, r)).toBe('local');
    expect(r.local).toEqual([m]);
  });

  it('drops notices for unknown clients and bytes that are not a debug message', () => {
    const r = routes([2]);
    const deliver = vi.spyOn(r, 'deliverLocal');
    expect(relayDebug({ clientId: 9, bytes: encodeControl(MSG) }, r)).toBe('dropped');
    expect(relayDebug({ clientId: 1, bytes: encodeControl({ type: 'leave' }) }, r)).toBe('dropped');
    expect(relayDebug({ clientId: 1, bytes: new Uint8Array([8, 255]) }, r)).toBe('dropped');
    expect(deliver).not.toHaveBeenCalled();
  });

  it('reads only well-formed debug notices from the worker', () => {
    const bytes = new Uint8Array([1]);
    expect(asDebugNotice({ type: 'debug', clientId: 2, bytes })).toEqual({ clientId: 2, bytes });
    for (const bad of [
      null,
      'debug',
      { type: 'kick', clientId: 2, bytes },
      { type: 'debug', clientId: '2', bytes },
      { type: 'debug', clientId: 2, bytes: [1] },
    ]) {
      expect(asDebugNotice(bad)).toBeNull();
    }
  });
});
