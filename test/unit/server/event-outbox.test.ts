import { describe, it, expect } from 'vitest';
import { EventOutbox } from '../../../src/server/event-outbox';
import type { NetEvent } from '../../../src/arena/protocol/arena-messages';

const ev = (id: number): NetEvent => ({ id, tick: id, event: { type: 'reloaded', player: 1, weapon: 0 } });

describe('EventOutbox', () => {
  it('repeats events until a snapshot that carried them is acked', () => {
    const box = new EventOutbox<NetEvent>(16);
    box.add([ev(1), ev(2)]);
    const markA = box.sentIn();
    box.add([ev(3)]);
    const markB = box.sentIn();
    expect(box.pending().map((e) => e.id)).toEqual([1, 2, 3]);
    box.acked(markA);
    expect(box.pending().map((e) => e.id)).toEqual([3]);
    box.acked(markB);
    expect(box.size).toBe(0);
  });

  it('ignores an ack of an older snapshot after a newer one', () => {
    const box = new EventOutbox<NetEvent>(16);
    box.add([ev(1)]);
    const old = box.sentIn();
    box.add([ev(2)]);
    box.acked(box.sentIn());
    box.acked(old);
    expect(box.size).toBe(0);
  });

  it('drops the oldest beyond the cap and counts them', () => {
    const box = new EventOutbox<NetEvent>(4);
    box.add([1, 2, 3, 4, 5, 6].map(ev));
    expect(box.pending().map((e) => e.id)).toEqual([3, 4, 5, 6]);
    expect(box.counters.dropped).toBe(2);
  });

  it('around its ring, with adds, acks and drops interleaved, pends exactly what a plain queue would (the reused list keeps nothing stale)', () => {
    const box = new EventOutbox<number>(8);
    let queue: Array<{ seq: number; e: number }> = [];
    let seq = 0;
    let next = 0;
    const marks: number[] = [];
    let rand = 12345;
    const roll = (n: number): number => (rand = (Math.imul(rand, 1103515245) + 12345) >>> 0) % n;
    for (let step = 0; step < 2000; step++) {
      const adds = Array.from({ length: roll(4) }, () => next++);
      box.add(adds);
      for (const e of adds) queue.push({ seq: ++seq, e });
      queue = queue.slice(-8);
      marks.push(box.sentIn());
      expect(box.sentIn()).toBe(seq);
      if (roll(3) === 0) {
        const mark = marks[roll(marks.length)]!;
        box.acked(mark);
        queue = queue.filter((q) => q.seq > mark);
      }
      expect(box.pending()).toEqual(queue.map((q) => q.e));
      expect(box.size).toBe(queue.length);
    }
  });
});
