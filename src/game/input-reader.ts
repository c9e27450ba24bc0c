/**
 * Reads the held game keys from kaboom (WASD or arrows, R, Shift, left mouse) into `HeldKeys`.
 * Input: a kaboom context. Invariant: the only place that names physical keys for movement.
 */
import type { KaboomCtx } from 'kaboom';
import type { HeldKeys } from './input-map';

export function readHeldKeys(k: KaboomCtx, out: HeldKeys): HeldKeys {
  out.up = k.isKeyDown('w') || k.isKeyDown('up');
  out.down = k.isKeyDown('s') || k.isKeyDown('down');
  out.left = k.isKeyDown('a') || k.isKeyDown('left');
  out.right = k.isKeyDown('d') || k.isKeyDown('right');
  out.reload = k.isKeyDown('r');
  out.crouch = k.isKeyDown('shift');
  out.fire = k.isMouseDown('left');
  return out;
}
