/**
 * Pitch geometry and physics tuning. Lengths are units (positions live in [0, 4096)); speeds are
 * units per second and accelerations units per second², divided by the tickrate inside the step.
 * Internal durations are in seconds and become whole ticks through `ticksFor` (exact: they are
 * multiples of 1/4 s and the tickrate is an integer).
 */

/** The field rectangle (inside of the walls). */
export const FIELD_X0 = 100;
export const FIELD_X1 = 900;
export const FIELD_Y0 = 100;
export const FIELD_Y1 = 500;
export const CENTRE_X = (FIELD_X0 + FIELD_X1) / 2;
export const CENTRE_Y = (FIELD_Y0 + FIELD_Y1) / 2;

/** Goal mouths: gaps in the left and right walls for y in (GOAL_Y0, GOAL_Y1), with a net GOAL_DEPTH deep. */
export const GOAL_Y0 = 236;
export const GOAL_Y1 = 364;
export const GOAL_DEPTH = 40;

/** The non-kicking team stays this far from the centre spot (player centre: + PLAYER_RADIUS) at kickoff. */
export const CENTRE_CIRCLE = 70;
/** Kickoff spots: this far left/right of the centre, team mates this far apart vertically. */
export const KICKOFF_OFFSET_X = 180;
export const KICKOFF_SPACING_Y = 80;

export const PLAYER_RADIUS = 15;
export const BALL_RADIUS = 10;
/** Mass ratio player : ball = 3 : 1 (only the ratio matters). */
export const PLAYER_MASS = 3;
export const BALL_MASS = 1;

/** How fast a player's velocity turns toward where the stick points (units/s²). */
export const PLAYER_ACCEL = 1500;
/** Braking with the stick released (units/s²): from top speed to a stop in ~0.3 s. */
export const PLAYER_FRICTION = 800;
export const PLAYER_MAX_SPEED = 220;

/** Ball drag: speed loses BALL_DAMPING of itself per second plus BALL_FRICTION units/s per second. */
export const BALL_DAMPING = 0.6;
/** The linear part makes a slow ball stop instead of creeping forever on the 1/16 grid. */
export const BALL_FRICTION = 15;
export const BALL_MAX_SPEED = 900;

/** Restitution (share of the normal speed kept) of ball–wall, player–ball and player–player contacts. */
export const WALL_BOUNCE = 0.6;
export const BALL_BOUNCE = 0.5;
export const PLAYER_BOUNCE = 0.3;

/** A kick reaches the ball when the gap between the player's and the ball's edges is at most this. */
export const KICK_REACH = 4;
/** Velocity a kick adds to the ball, from the player's centre toward the ball's centre. */
export const KICK_SPEED = 480;
export const KICK_COOLDOWN_SECONDS = 0.25;
export const GOAL_PAUSE_SECONDS = 2;
/** Longest kickoff: if the kicking team waits this long, play starts anyway. */
export const KICKOFF_SECONDS = 3;

export const MAX_PLAYERS = 8;
export const MAX_PLAYER_ID = 255;

/** The match settings' ranges and defaults (`createPitch` clamps into these). */
export const SETTING_RANGES = {
  tickrate: { min: 20, max: 128, fallback: 60 },
  goalsToWin: { min: 1, max: 20, fallback: 5 },
  matchSeconds: { min: 30, max: 900, fallback: 180 },
} as const;

/** Whole ticks in `seconds` at `tickrate`. */
export function ticksFor(seconds: number, tickrate: number): number {
  return Math.round(seconds * tickrate);
}
