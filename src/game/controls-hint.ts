/**
 * The controls hint shown when the local player first spawns in a mounted game: how long it stays,
 * how it fades, and its lines for the input in use (keyboard and mouse, gamepad or touch; the
 * lines follow a player who picks up another device while it shows). Pure; the look draws it
 * (art/neon-hint.ts) through the safe text path.
 * Input: the time (s) the local player was first seen alive, or null, and now (s).
 * Invariants: opacity is 1 for HINT_HOLD seconds, then falls linearly to 0 over HINT_FADE; it never
 * comes back in the same mount (a respawn is not a first spawn).
 */
import type { InputKind } from './input-combine';

export const HINT_HOLD = 7;
export const HINT_FADE = 1.5;

export const CONTROLS_HINT: Readonly<Record<InputKind, readonly string[]>> = {
  keyboard: [
    'WASD / arrows move · mouse aims · click fires',
    'R reload · 1 / 2 or wheel switch weapon · Shift crouch',
    'T chat · Tab scores · F2 net graph · Esc menu and settings',
  ],
  gamepad: [
    'Left stick moves · right stick aims · RT fires',
    'X reload · Y switch weapon · B crouch',
    'Back scores · Start menu and settings',
  ],
  touch: [
    'Left thumb moves · right thumb aims and fires',
    'Reload · Switch · Crouch buttons on the right',
    'Chat · Scores · Menu buttons',
  ],
};

export interface HintState {
  /** Time (s) the local player was first seen alive in this mount, or null. */
  firstSpawnAt: number | null;
}

/** Notes the first spawn (only the first one counts). */
export function noteSpawn(h: HintState, alive: boolean, now: number): void {
  if (alive && h.firstSpawnAt === null) h.firstSpawnAt = now;
}

export function hintOpacity(h: HintState, now: number): number {
  if (h.firstSpawnAt === null) return 0;
  const age = now - h.firstSpawnAt;
  if (age < 0) return 1;
  if (age <= HINT_HOLD) return 1;
  return Math.max(0, 1 - (age - HINT_HOLD) / HINT_FADE);
}
