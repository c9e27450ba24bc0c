/**
 * SentSnapshots: a ring by tick whose slots are written in place once it has gone round (entries
 * live for the whole ring, so a new object per snapshot would all end up in the old generation),
 * and a slot answers only for the tick it holds now.
 */
import { describe, expect, it } from 'vitest';
import { SentSnapshots } from '../../../src/server/sent-snapshots';

describe('SentSnapshots', () => {
  it('answers for the tick a slot holds, and reuses the slot entry when the ring comes round', () => {
    const sent = new SentSnapshots(8);
    sent.put(3, 100, 7);
    const first = sent.get(3);
    expect(first).toEqual({ tick: 3, sentMs: 100, eventMark: 7 });
    expect(sent.get(11)).toBeNull();
    // Tick 11 lands in tick 3's slot: the same object, now for tick 11; tick 3 is gone.
    sent.put(11, 250, 9);
    expect(sent.get(11)).toBe(first);
    expect(sent.get(11)).toEqual({ tick: 11, sentMs: 250, eventMark: 9 });
    expect(sent.get(3)).toBeNull();
    expect(sent.get(-1)).toBeNull();
    expect(sent.get(2.5)).toBeNull();
  });
});
