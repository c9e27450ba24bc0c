import { describe, expect, it } from 'vitest';
import { ConditionedChannel, type Timers } from '../../../src/transport/conditioned-channel';
import { WireChannel } from '../../helpers/wire-channel';

/** A virtual clock with a timer queue: time moves only when the test says so. */
class FakeTimers implements Timers {
  t = 0;
  private seq = 0;
  private readonly queue = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.queue.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(h: unknown): void {
    this.queue.delete(h as number);
  }
  get pending(): number {
    return this.queue.size;
  }
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.queue.entries()].filter(([, e]) => e.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.queue.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
    }
    this.t = end;
  }
}

/** Two in-memory channel ends wired to each other, delivering synchronously. */
function pair(): [MemChannel, MemChannel] {
  const a = new MemChannel();
  const b = new MemChannel();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

/** Two of these joined by `peer` are an in-memory link: what one sends, the other receives. */
class MemChannel extends WireChannel {
  peer: MemChannel | null = null;
  constructor() {
    super('mem');
  }
  override send(bytes: Uint8Array): void {
    this.core.countSent(bytes);
    this.peer?.core.deliver(bytes);
  }
  override close(): void {
    super.close();
    this.peer?.core.finish('closed by the other side');
  }
}

const msg = (n: number): Uint8Array => new Uint8Array([n & 255, n >> 8]);
const id = (b: Uint8Array): number => b[0]! | (b[1]! << 8);

describe('ConditionedChannel', () => {
  it('passes straight through, in the same call, when no fake network is set', () => {
    const timers = new FakeTimers();
    const [a, b] = pair();
    const ca = new ConditionedChannel(a, timers);
    const got: number[] = [];
    b.onMessage((x) => got.push(id(x)));
    ca.send(msg(1));
    expect(got).toEqual([1]);
    expect(timers.pending).toBe(0);
  });

  it('delays both directions by net_fakelag', () => {
    const timers = new FakeTimers();
    const [a, b] = pair();
    const ca = new ConditionedChannel(a, timers);
    ca.configure({ net_fakelag: 100, net_fakejitter: 0, net_fakeloss: 0 });
    const atB: number[] = [];
    const atA: Array<[number, number]> = [];
    b.onMessage((x) => atB.push(timers.now()));
    ca.onMessage((x) => atA.push([id(x), timers.now()]));
    ca.send(msg(7));
    timers.advance(99);
    expect(atB).toEqual([]);
    timers.advance(1);
    expect(atB).toEqual([100]);
    b.send(msg(9));
    timers.advance(150);
    expect(atA).toEqual([[9, 200]]);
  });

  it('drops about net_fakeloss percent each way, deterministically for a seed', () => {
    const run = (): number => {
      const timers = new FakeTimers();
      const [a, b] = pair();
      const ca = new ConditionedChannel(a, timers, 42);
      ca.configure({ net_fakelag: 0, net_fakejitter: 0, net_fakeloss: 25 });
      let n = 0;
      b.onMessage(() => n++);
      for (let i = 0; i < 4000; i++) ca.send(msg(i));
      timers.advance(10);
      return n;
    };
    const delivered = run();
    expect(delivered).toBeGreaterThan(2800);
    expect(delivered).toBeLessThan(3200);
    expect(run()).toBe(delivered);
  });

  it('adds jitter within the bound and applies new settings live', () => {
    const timers = new FakeTimers();
    const [a, b] = pair();
    const ca = new ConditionedChannel(a, timers, 3);
    ca.configure({ net_fakelag: 50, net_fakejitter: 30, net_fakeloss: 0 });
    const delays: number[] = [];
    const sentAt = new Map<number, number>();
    b.onMessage((x) => delays.push(timers.now() - sentAt.get(id(x))!));
    for (let i = 0; i < 200; i++) {
      sentAt.set(i, timers.now());
      ca.send(msg(i));
      timers.advance(5);
    }
    timers.advance(200);
    expect(delays).toHaveLength(200);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...delays)).toBeLessThanOrEqual(80 + 5);
    expect(new Set(delays).size).toBeGreaterThan(5);
    // Back to zero: the next message goes straight through.
    ca.configure({ net_fakelag: 0, net_fakejitter: 0, net_fakeloss: 0 });
    const before = delays.length;
    ca.send(msg(999));
    expect(delays.length).toBe(before + 1);
  });

  it('counts what the caller sent and received, and stops on close', () => {
    const timers = new FakeTimers();
    const [a, b] = pair();
    const ca = new ConditionedChannel(a, timers);
    ca.configure({ net_fakelag: 20, net_fakejitter: 0, net_fakeloss: 0 });
    let closedWith = '';
    ca.onClose((r) => (closedWith = r));
    ca.send(msg(1));
    b.send(msg(2));
    timers.advance(20);
    expect(ca.stats).toMatchObject({ packetsOut: 1, packetsIn: 1, bytesOut: 2, bytesIn: 2 });
    ca.send(msg(3));
    b.close();
    expect(closedWith).toMatch(/closed/);
    expect(ca.state).toBe('closed');
    expect(timers.pending).toBe(0);
  });
});
