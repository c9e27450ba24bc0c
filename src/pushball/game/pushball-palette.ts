/**
 * Pushball's colours as RGB triples (the renderer makes kaboom colours of them once per mount):
 * a green pitch with white lines, team 0 blue and team 1 orange, a white ball.
 * Invariants: the two team colours are far apart (hue and brightness); the local player's fill is
 * its team colour lightened, never the other team's nor the ball's, so a pixel at its centre tells
 * "me" from team mates (the e2e checks read `info().local.color`).
 */
import type { Rgb } from '../../game/palette';
import type { PitchTeam } from '../sim';

export const PITCH_COLORS = {
  grass: [22, 84, 48] as Rgb,
  stripe: [26, 96, 56] as Rgb,
  line: [226, 240, 230] as Rgb,
  wall: [44, 52, 70] as Rgb,
  net: [210, 220, 230] as Rgb,
  ball: [250, 250, 240] as Rgb,
  ballEdge: [30, 30, 36] as Rgb,
  outline: [255, 255, 255] as Rgb,
  discEdge: [10, 14, 24] as Rgb,
  text: [236, 240, 255] as Rgb,
  dimText: [160, 172, 200] as Rgb,
  banner: [255, 230, 120] as Rgb,
  panel: [8, 10, 24] as Rgb,
} as const;

export const TEAM_COLORS: readonly [Rgb, Rgb] = [
  [56, 128, 255],
  [255, 136, 24],
];

/** Share of white mixed into the local player's team colour. */
const LOCAL_LIGHTEN = 0.45;

/** The disc's fill: the team colour, lightened for the local player. */
export function discColor(team: PitchTeam, isLocal: boolean): Rgb {
  const c = TEAM_COLORS[team];
  if (!isLocal) return c;
  const mix = (v: number): number => Math.round(v + (255 - v) * LOCAL_LIGHTEN);
  return [mix(c[0]), mix(c[1]), mix(c[2])];
}
