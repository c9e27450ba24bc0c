/**
 * The wire's fixed numbers for the moving and command kinds of field-codecs.ts (docs/PROTOCOL.md
 * "Field tables"): positions and velocities travel on a 1/16 grid as 16-bit integers, a move axis
 * is an int8 in [-127, 127], a select is an id or 255 for "keep". They are the format's, not a
 * game's: a game quantizes to the same grid (the arena's src/sim/quantize.ts POS_SCALE, Pushball's
 * GRID) and its unit tests check the two agree.
 */

/** Grid units per world unit of the Pos, PredictedPos and Vel kinds. */
export const GRID_SCALE = 16;
/** Largest |velocity| on the grid: int16 with -32768 excluded. */
export const VEL_GRID_MAX = 32767;
/** Largest |move axis| (int8 with -128 refused). */
export const MOVE_LIMIT = 127;
/** The WeaponSelect kind's "no change" value. */
export const SELECT_KEEP = 255;
