import { describe, it, expect } from 'vitest';
import { NetworkConditioner, type ConditionerSettings } from '../../../src/transport/conditioner';

/** Sends `n` one-byte-tagged messages one ms apart and collects (tag, deliveryMs) by polling every ms. */
function run(
  settings: Partial<ConditionerSettings>,
  seed: number,
  n: number,
  sizeBytes = 4,
): Array<{ tag: number; at: number }> {
  const link = new NetworkConditioner(settings, seed);
  const got: Array<{ tag: number; at: number }> = [];
  const horizon = n + 5000;
  for (let t = 0; t <= horizon; t++) {
    if (t < n) {
      const b = new Uint8Array(sizeBytes);
      new DataView(b.buffer).setUint32(0, t);
      link.send(b, t);
    }
    for (const b of link.poll(t)) got.push({ tag: new DataView(b.buffer).getUint32(0), at: t });
  }
  return got;
}

describe('NetworkConditioner', () => {
  it('delivers everything after exactly the latency when nothing else is set', () => {
    const got = run({ latencyMs: 40 }, 1, 100);
    expect(got.length).toBe(100);
    for (const g of got) expect(g.at - g.tag).toBe(40);
  });

  it('is reproducible from the seed and differs across seeds', () => {
    const s = { latencyMs: 20, jitterMs: 30, loss: 0.1, duplicate: 0.05, reorder: 0.05 };
    expect(run(s, 7, 500)).toEqual(run(s, 7, 500));
    expect(run(s, 7, 500)).not.toEqual(run(s, 8, 500));
  });

  it('drops about the loss fraction', () => {
    const got = run({ loss: 0.2 }, 3, 10000);
    const lossRate = 1 - got.length / 10000;
    expect(lossRate).toBeGreaterThan(0.18);
    expect(lossRate).toBeLessThan(0.22);
  });

  it('duplicates about the duplicate fraction', () => {
    const got = run({ duplicate: 0.1 }, 4, 10000);
    const extra = got.length - new Set(got.map((g) => g.tag)).size;
    expect(extra / 10000).toBeGreaterThan(0.08);
    expect(extra / 10000).toBeLessThan(0.12);
  });

  it('keeps FIFO order under jitter without reordering, with delays inside [latency, latency + jitter] on average', () => {
    const got = run({ latencyMs: 50, jitterMs: 40 }, 5, 2000);
    for (let i = 1; i < got.length; i++)
      expect((got[i] as { tag: number }).tag).toBeGreaterThan((got[i - 1] as { tag: number }).tag);
    const delays = got.map((g) => g.at - g.tag);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(50);
    const mean = delays.reduce((a, b) => a + b, 0) / delays.length;
    expect(mean).toBeGreaterThan(60);
    expect(mean).toBeLessThan(100);
  });

  it('reorders about the reorder fraction', () => {
    const got = run({ latencyMs: 10, reorder: 0.1, reorderDelayMs: 20 }, 6, 5000);
    let inversions = 0;
    let maxTag = -1;
    for (const g of got) {
      if (g.tag < maxTag) inversions++;
      maxTag = Math.max(maxTag, g.tag);
    }
    expect(inversions / 5000).toBeGreaterThan(0.08);
    expect(inversions / 5000).toBeLessThan(0.12);
  });

  it('serializes at the bandwidth cap and drops what would queue too long', () => {
    // 100-byte messages every ms into a 50,000 B/s link: 2 ms each, so the queue grows 1 ms per message.
    const link = new NetworkConditioner({ bandwidthBytesPerS: 50_000, maxQueueMs: 100 }, 9);
    const times: number[] = [];
    for (let t = 0; t < 1000; t++) {
      link.send(new Uint8Array(100), t);
      for (const _ of link.poll(t)) times.push(t);
    }
    for (let t = 1000; t < 3000; t++) for (const _ of link.poll(t)) times.push(t);
    const delivered = times.length;
    // The link carries 50 messages per 100 ms: about half of 1000 + the queue's worth.
    expect(delivered).toBeGreaterThan(480);
    expect(delivered).toBeLessThan(560);
    expect(link.stats().queueDropped).toBe(1000 - delivered);
  });

  it('applies settings changed live to later messages only', () => {
    const link = new NetworkConditioner({ latencyMs: 10 }, 2);
    link.send(new Uint8Array([1]), 0);
    link.setSettings({ latencyMs: 100 });
    link.send(new Uint8Array([2]), 0);
    expect(link.poll(10).map((b) => b[0])).toEqual([1]);
    expect(link.poll(99)).toEqual([]);
    expect(link.poll(100).map((b) => b[0])).toEqual([2]);
  });

  it('clamps nonsense settings instead of misbehaving', () => {
    const link = new NetworkConditioner({ latencyMs: -5, loss: 7, jitterMs: Number.NaN }, 2);
    expect(link.getSettings()).toMatchObject({ latencyMs: 0, loss: 1, jitterMs: 0 });
    link.send(new Uint8Array([1]), 0);
    expect(link.poll(1000)).toEqual([]);
  });

  it('loses in bursts with net_fakeloss_burst (Gilbert-Elliott): the average loss and the mean burst length are the ones set', () => {
    /** Sends one message every 10 ms for 10 minutes; returns the loss share and the mean run of lost ones (ms). */
    const measure = (settings: Partial<ConditionerSettings>, seed: number): { loss: number; burstMs: number } => {
      const link = new NetworkConditioner(settings, seed);
      const lost: boolean[] = [];
      for (let t = 0; t < 600_000; t += 10) {
        const before = link.stats().lost;
        link.send(new Uint8Array([1]), t);
        lost.push(link.stats().lost > before);
      }
      const runs: number[] = [];
      let run = 0;
      for (const l of lost) {
        if (l) run++;
        else if (run > 0) {
          runs.push(run);
          run = 0;
        }
      }
      return {
        loss: lost.filter(Boolean).length / lost.length,
        burstMs: (runs.reduce((a, b) => a + b, 0) / runs.length) * 10,
      };
    };
    for (const [loss, burstMs] of [
      [0.1, 100],
      [0.1, 250],
      [0.03, 60],
    ] as const) {
      const got = measure({ loss, burstMs }, 7);
      expect(Math.abs(got.loss - loss)).toBeLessThan(loss * 0.2);
      // Runs are counted in 10 ms messages: a burst of mean B ms loses about B / 10 + 1 in a row.
      expect(got.burstMs).toBeGreaterThan(burstMs * 0.75);
      expect(got.burstMs).toBeLessThan(burstMs * 1.35 + 10);
    }
    // Independent losses at the same average come one or two at a time.
    expect(measure({ loss: 0.1 }, 7).burstMs).toBeLessThan(15);
  });
});
