import { describe, expect, it } from 'vitest';
import { firstPad, PAD_BUTTON, PadReader, type PadLike } from '../../../src/game/gamepad';

const pad = (axes: number[], down: number[] = [], mapping = 'standard', connected = true): PadLike => ({
  connected,
  mapping,
  axes,
  buttons: Array.from({ length: 17 }, (_, i) => ({ pressed: down.includes(i), value: down.includes(i) ? 1 : 0 })),
});

describe('gamepad', () => {
  it('uses the first connected pad and survives a missing or throwing API', () => {
    const a = pad([0, 0, 0, 0], [], 'standard', false);
    const b = pad([1, 0, 0, 0]);
    expect(firstPad([null, a, b])).toBe(b);
    expect(firstPad(null)).toBeNull();
    expect(
      new PadReader(() => {
        throw new Error('no');
      }).read(),
    ).toBeNull();
  });

  it('reads twin-stick axes and the right trigger as fire (by value, as analog triggers report)', () => {
    const p = pad([0.5, -1, 1, 0]);
    (p.buttons as { pressed: boolean; value: number }[])[PAD_BUTTON.rt] = { pressed: false, value: 0.8 };
    const s = new PadReader(() => [p]).read();
    expect(s).toMatchObject({ move: { x: 0.5, y: -1 }, aim: { x: 1, y: 0 }, fire: true, reload: false, active: true });
  });

  it('turns weapon and menu buttons into edges (one press, not one per frame)', () => {
    let current = pad([0, 0, 0, 0], [PAD_BUTTON.y, PAD_BUTTON.start]);
    const r = new PadReader(() => [current]);
    expect(r.read()).toMatchObject({ switchWeapon: true, menu: true });
    expect(r.read()).toMatchObject({ switchWeapon: false, menu: false });
    current = pad([0, 0, 0, 0]);
    r.read();
    current = pad([0, 0, 0, 0], [PAD_BUTTON.y]);
    expect(r.read()?.switchWeapon).toBe(true);
  });

  it('clamps axes and reads a resting pad as inactive', () => {
    const s = new PadReader(() => [pad([5, Number.NaN, 0.1, -0.1])]).read();
    expect(s?.move).toEqual({ x: 1, y: 0 });
    const rest = new PadReader(() => [pad([0.1, 0.05, 0.1, -0.1])]).read();
    expect(rest?.active).toBe(false);
  });

  it('moves and aims with a non-standard pad but maps no buttons', () => {
    const s = new PadReader(() => [pad([1, 0, 0, 1], [PAD_BUTTON.rt], '')]).read();
    expect(s).toMatchObject({ move: { x: 1, y: 0 }, aim: { x: 0, y: 1 }, fire: false });
  });
});
