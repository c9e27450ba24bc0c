import { describe, expect, it } from 'vitest';
import { CheckpointSender } from '../../../src/host/checkpoint-sender';
import { decodeControl } from '../../../src/protocol/control';
import type { PlayerId } from '../../../src/sim/types';

/** A worker whose checkpoints are `size` bytes (a function of the rewind asked), answering when the test says. */
function setup(opts: { size?: (rewind: number) => number; open?: (id: PlayerId) => boolean } = {}) {
  const clock = { now: 0 };
  let successors: PlayerId[] = [2, 3];
  const asked: number[] = [];
  const sent: Array<{ to: PlayerId; final: boolean; length: number }> = [];
  const sender = new CheckpointSender({
    take: (rewind) => {
      asked.push(rewind);
      const n = opts.size ? opts.size(rewind) : 700;
      return Promise.resolve(n > 0 ? new Uint8Array(n).fill(asked.length) : null);
    },
    send: (to, bytes) => {
      if (opts.open && !opts.open(to)) return false;
      const m = decodeControl(bytes);
      if (!m.ok || m.value.type !== 'checkpoint') throw new Error('not a checkpoint message');
      sent.push({ to, final: m.value.final, length: m.value.bytes.length });
      return true;
    },
    successors: () => successors,
    now: () => clock.now,
  });
  return { clock, sender, asked, sent, setSuccessors: (ids: PlayerId[]) => (successors = ids) };
}

describe('checkpoint sender', () => {
  it('sends about once a second to every successor and counts checkpoints, bytes and the interval', async () => {
    const { clock, sender, sent, asked } = setup();
    for (let t = 0; t <= 3000; t += 1000) {
      clock.now = t;
      await sender.periodic();
    }
    expect(asked).toEqual([0, 0, 0, 0]);
    expect(sent.map((s) => s.to)).toEqual([2, 3, 2, 3, 2, 3, 2, 3]);
    expect(sent.every((s) => !s.final && s.length === 700)).toBe(true);
    expect(sender.counters).toEqual({
      checkpointsSent: 4,
      checkpointBytes: 700,
      checkpointIntervalMs: 1000,
      checkpointFailures: 0,
    });
  });

  it('sends at once on a change, and the next periodic one waits its interval from there', async () => {
    const { clock, sender, sent } = setup();
    clock.now = 0;
    await sender.periodic();
    clock.now = 400;
    await sender.soon();
    expect(sender.counters.checkpointIntervalMs).toBe(400);
    clock.now = 1000;
    await sender.periodic(); // only 600 ms after the last: skipped
    expect(sent.length).toBe(4);
    clock.now = 1400;
    await sender.periodic();
    expect(sent.length).toBe(6);
  });

  it('coalesces changes while one is in flight into one more checkpoint', async () => {
    const { sender, asked } = setup();
    const first = sender.soon();
    void sender.soon();
    void sender.soon();
    await first;
    expect(asked.length).toBe(2);
  });

  it('sends nothing without successors, nor to a successor whose channel is closed', async () => {
    const none = setup();
    none.setSuccessors([]);
    await none.sender.periodic();
    expect(none.asked).toEqual([]);
    const closed = setup({ open: (id) => id === 3 });
    await closed.sender.periodic();
    expect(closed.sent.map((s) => s.to)).toEqual([3]);
    const allClosed = setup({ open: () => false });
    await allClosed.sender.periodic();
    expect(allClosed.sender.counters.checkpointsSent).toBe(0);
  });

  it('counts a checkpoint the worker cannot give, or one too big for a message, as a failure', async () => {
    const { sender, sent } = setup({ size: () => 70_000 });
    await sender.periodic();
    expect(sent).toEqual([]);
    expect(sender.counters.checkpointFailures).toBe(1);
    const nothing = setup({ size: () => 0 });
    await nothing.sender.periodic();
    expect(nothing.sender.counters.checkpointFailures).toBe(1);
  });

  it('sends the final checkpoint with the rewind window to one successor, halving the window until it fits, then nothing more', async () => {
    const { clock, sender, sent, asked } = setup({ size: (rewind) => 1000 + rewind * 500 });
    expect(await sender.sendFinal(3, 240)).toBe(true);
    // 240 ticks: 121,000 bytes; 120: 61,000 fits.
    expect(asked).toEqual([240, 120]);
    expect(sent).toEqual([{ to: 3, final: true, length: 61_000 }]);
    clock.now = 5000;
    await sender.periodic();
    await sender.soon();
    expect(sent.length).toBe(1);
  });

  it('goes on with periodic checkpoints when the final one cannot be sent', async () => {
    const { clock, sender, sent } = setup({ open: (id) => id !== 2 });
    expect(await sender.sendFinal(2, 60)).toBe(false);
    expect(sender.counters.checkpointFailures).toBe(1);
    clock.now = 2000;
    await sender.periodic();
    expect(sent.map((s) => [s.to, s.final])).toEqual([[3, false]]);
  });
});
