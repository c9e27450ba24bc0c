import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { BitReader, BitWriter } from '../../../src/protocol/bits';
import { quantizeEvent, readEvents, writeEvents } from '../../../src/arena/protocol/events';
import { Rng, netEvents } from './gen';

describe('event codec', () => {
  it('decode(encode(events)) equals the quantized events, ids and ticks exact', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 30 }), (seed, count) => {
        const r = new Rng(seed);
        const tick = r.int(50, 2 ** 31);
        const events = netEvents(r, tick, count);
        const w = new BitWriter();
        writeEvents(w, events, tick);
        const reader = new BitReader(w.finish());
        const back = readEvents(reader, tick);
        reader.expectEnd();
        expect(reader.ok).toBe(true);
        expect(back).toEqual(events.map((e) => ({ ...e, event: quantizeEvent(e.event) })));
      }),
      { numRuns: 1000 },
    );
  });

  it('quantizes positions to 1/16 inside the map grid and damage to an integer byte', () => {
    expect(quantizeEvent({ type: 'hit', shooter: 1, target: 2, weapon: 1, damage: 37.4, x: 10.03, y: -5 })).toEqual({
      type: 'hit',
      shooter: 1,
      target: 2,
      weapon: 1,
      damage: 37,
      x: 10,
      y: 0,
    });
    expect(
      quantizeEvent({ type: 'hit', shooter: 1, target: 2, weapon: 0, damage: 999, x: 1e9, y: 1.97 }),
    ).toMatchObject({ damage: 255, x: 4095.9375, y: 2 });
  });

  it('writes consecutive event ids in a few bits', () => {
    const base = { tick: 100, event: { type: 'reloaded' as const, player: 1, weapon: 0 as const } };
    const w = new BitWriter();
    writeEvents(
      w,
      [
        { ...base, id: 65535 },
        { ...base, id: 0 },
        { ...base, id: 1 },
      ],
      100,
    );
    // count 4 + first event 3+16+5+8+1 + two more at 3+4+5+8+1 each
    expect(w.bitLength).toBe(4 + 33 + 21 * 2);
    const back = readEvents(new BitReader(w.finish()), 100);
    expect(back.map((e) => e.id)).toEqual([65535, 0, 1]);
  });
});
