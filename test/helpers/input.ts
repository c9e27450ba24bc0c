/**
 * Input samples for tests that drive a NetClient or a GameHost frame by frame: no keys held, or the
 * move axes held (int8, world axes), nothing else.
 */
import type { InputSample } from '../../src/arena/client/view-model';
import { WEAPON_KEEP } from '../../src/sim/types';

export const IDLE_INPUT: Readonly<InputSample> = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };

export function moving(moveX: number, moveY = 0): InputSample {
  return { ...IDLE_INPUT, moveX, moveY };
}
