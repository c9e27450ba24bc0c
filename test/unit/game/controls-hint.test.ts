import { describe, expect, it } from 'vitest';
import {
  CONTROLS_HINT,
  HINT_FADE,
  HINT_HOLD,
  hintOpacity,
  noteSpawn,
  type HintState,
} from '../../../src/game/controls-hint';

describe('controls hint', () => {
  it('is hidden until the local player first spawns', () => {
    const h: HintState = { firstSpawnAt: null };
    noteSpawn(h, false, 3);
    expect(hintOpacity(h, 3)).toBe(0);
    noteSpawn(h, true, 4);
    expect(hintOpacity(h, 4)).toBe(1);
  });

  it('holds, then fades out, and a later respawn does not bring it back', () => {
    const h: HintState = { firstSpawnAt: null };
    noteSpawn(h, true, 10);
    expect(hintOpacity(h, 10 + HINT_HOLD)).toBe(1);
    expect(hintOpacity(h, 10 + HINT_HOLD + HINT_FADE / 2)).toBeCloseTo(0.5);
    expect(hintOpacity(h, 10 + HINT_HOLD + HINT_FADE)).toBe(0);
    noteSpawn(h, true, 60);
    expect(h.firstSpawnAt).toBe(10);
    expect(hintOpacity(h, 61)).toBe(0);
  });

  it('names every keyboard control', () => {
    const all = CONTROLS_HINT.keyboard.join(' ');
    for (const word of ['WASD', 'mouse', 'click', 'R reload', 'wheel', 'Shift', 'Tab', 'F2', 'Esc'])
      expect(all).toContain(word);
  });

  it('has lines for every input, naming its own controls', () => {
    expect(CONTROLS_HINT.gamepad.join(' ')).toMatch(/stick.*RT/);
    expect(CONTROLS_HINT.touch.join(' ')).toMatch(/thumb.*Reload.*Switch/);
    for (const lines of Object.values(CONTROLS_HINT)) expect(lines.length).toBeGreaterThan(0);
  });
});
