// sanitizePushCmd: anything at all in, a valid command out; NEUTRAL is a valid do-nothing command.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUTTONS_MASK, MOVE_MAX, NEUTRAL, isSanitizedPushCmd, sanitizePushCmd } from '../../../src/pushball/sim/cmd';
import type { PushCmd } from '../../../src/pushball/sim/types';

function isValid(c: PushCmd): boolean {
  const int = (v: number, lo: number, hi: number): boolean => Number.isInteger(v) && v >= lo && v <= hi;
  return (
    Object.keys(c).sort().join() === 'buttons,moveX,moveY,tick' &&
    int(c.tick, 0, 0x7fffffff) &&
    int(c.moveX, -MOVE_MAX, MOVE_MAX) &&
    int(c.moveY, -MOVE_MAX, MOVE_MAX) &&
    int(c.buttons, 0, 0xff) &&
    (c.buttons & ~BUTTONS_MASK) === 0 &&
    !Object.is(c.moveX, -0) &&
    !Object.is(c.moveY, -0)
  );
}

describe('sanitizePushCmd', () => {
  it('turns any junk into a valid command (property)', () => {
    const junkNumber = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e300));
    const junkField = fc.oneof(junkNumber, fc.anything());
    const junkCmd = fc.record(
      { tick: junkField, moveX: junkField, moveY: junkField, buttons: junkField },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(junkCmd, fc.anything()), (raw) => {
        const c = sanitizePushCmd(raw);
        expect(isValid(c), JSON.stringify(c)).toBe(true);
        // Idempotent: a sanitized command passes through unchanged (the wire round trip is the identity).
        expect(sanitizePushCmd(c)).toEqual(c);
      }),
      { numRuns: 2000 },
    );
  });

  it('clamps, rounds and masks', () => {
    expect(sanitizePushCmd({ tick: 12.6, moveX: 500, moveY: -1e9, buttons: 0b1111 })).toEqual({
      tick: 13,
      moveX: 127,
      moveY: -127,
      buttons: 1,
    });
    expect(sanitizePushCmd({ tick: -5, moveX: 3.4, moveY: -0.2, buttons: 2 })).toEqual({
      tick: 0,
      moveX: 3,
      moveY: 0,
      buttons: 0,
    });
    expect(sanitizePushCmd({ tick: NaN, moveX: '50', moveY: null, buttons: Infinity })).toEqual(NEUTRAL);
  });

  it('keeps a valid command as it is', () => {
    const c = { tick: 99, moveX: -127, moveY: 64, buttons: 1 };
    expect(sanitizePushCmd(c)).toEqual(c);
  });

  it('makes non-objects and missing fields neutral', () => {
    for (const raw of [undefined, null, 42, 'kick', [], {}]) expect(sanitizePushCmd(raw)).toEqual(NEUTRAL);
  });

  it('NEUTRAL is a valid, frozen, do-nothing command', () => {
    expect(isValid(NEUTRAL)).toBe(true);
    expect(NEUTRAL).toEqual({ tick: 0, moveX: 0, moveY: 0, buttons: 0 });
    expect(Object.isFrozen(NEUTRAL)).toBe(true);
  });
});

describe("isSanitizedPushCmd (a decoder's strictness check)", () => {
  it('accepts exactly the commands sanitizePushCmd leaves unchanged (property)', () => {
    const field = fc.oneof(fc.integer({ min: -300, max: 300 }), fc.double(), fc.constantFrom(-0, NaN, Infinity));
    fc.assert(
      fc.property(fc.record({ tick: field, moveX: field, moveY: field, buttons: field }), (c) => {
        const s = sanitizePushCmd(c);
        const unchanged = (['tick', 'moveX', 'moveY', 'buttons'] as const).every((k) => Object.is(s[k], c[k]));
        expect(isSanitizedPushCmd(c)).toBe(unchanged);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses an out-of-range axis, an unknown button, a fraction and -0; accepts NEUTRAL', () => {
    expect(isSanitizedPushCmd({ tick: 1, moveX: 128, moveY: 0, buttons: 0 })).toBe(false);
    expect(isSanitizedPushCmd({ tick: 1, moveX: 0, moveY: 0, buttons: 2 })).toBe(false);
    expect(isSanitizedPushCmd({ tick: 1.5, moveX: 0, moveY: 0, buttons: 0 })).toBe(false);
    expect(isSanitizedPushCmd({ tick: 1, moveX: -0, moveY: 0, buttons: 0 })).toBe(false);
    expect(isSanitizedPushCmd({ tick: 7, moveX: -127, moveY: 127, buttons: 1 })).toBe(true);
    expect(isSanitizedPushCmd(NEUTRAL)).toBe(true);
  });
});
