// The wire's fixed numbers (src/protocol/wire-grid.ts) are the format's; each game quantizes to
// the same grid and limits. These checks keep a game's constants and the netcode's in step.
import { describe, expect, it } from 'vitest';
import { GRID_SCALE, MOVE_LIMIT, SELECT_KEEP, VEL_GRID_MAX } from '../../../src/protocol/wire-grid';
import { MOVE_MAX, POS_SCALE, VEL_MAX } from '../../../src/sim/quantize';
import { WEAPON_KEEP } from '../../../src/sim/types';
import { GRID, MOVE_MAX as PUSH_MOVE_MAX, VEL_MAX as PUSH_VEL_MAX } from '../../../src/pushball/sim';

describe('wire grid', () => {
  it("matches the arena's quantization", () => {
    expect(POS_SCALE).toBe(GRID_SCALE);
    expect(VEL_MAX * POS_SCALE - 1).toBe(VEL_GRID_MAX);
    expect(MOVE_MAX).toBe(MOVE_LIMIT);
    expect(WEAPON_KEEP).toBe(SELECT_KEEP);
  });

  it("matches Pushball's quantization", () => {
    expect(GRID).toBe(GRID_SCALE);
    expect(PUSH_VEL_MAX * GRID - 1).toBe(VEL_GRID_MAX);
    expect(PUSH_MOVE_MAX).toBe(MOVE_LIMIT);
  });
});
