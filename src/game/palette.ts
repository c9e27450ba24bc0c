/**
 * The game's colours as plain RGB triples (the renderer turns them into kaboom colours once): a
 * neon-on-night palette (dark floor and walls, bright edges, glowing players and shots).
 * Output: fixed palette entries, `playerColor(id, isLocal, team)` and `teamsOf(match)`. Invariants: the
 * local player's colour is never used for anyone else, so a screenshot tells "me" from "them" (the
 * e2e pixel checks use it); in team deathmatch every other player wears their team's colour (red or
 * blue), so friend and foe read at a glance.
 */
import type { MatchView } from '../arena/client/match-view';
import { GameMode, Team } from '../sim/match-types';
import type { PlayerId } from '../sim/types';

export type Rgb = readonly [number, number, number];

export const PALETTE = {
  background: [6, 7, 16] as Rgb,
  floor: [13, 16, 31] as Rgb,
  grid: [30, 40, 78] as Rgb,
  wall: [30, 24, 62] as Rgb,
  wallEdge: [176, 104, 255] as Rgb,
  spawn: [70, 110, 170] as Rgb,
  spawnFx: [150, 240, 255] as Rgb,
  local: [40, 226, 255] as Rgb,
  text: [236, 240, 255] as Rgb,
  dimText: [146, 156, 190] as Rgb,
  healthGood: [70, 240, 150] as Rgb,
  healthLow: [255, 64, 96] as Rgb,
  tracer: [255, 238, 160] as Rgb,
  flash: [255, 214, 110] as Rgb,
  rocket: [255, 150, 60] as Rgb,
  explosion: [255, 122, 48] as Rgb,
  smoke: [120, 110, 140] as Rgb,
  hitMarker: [255, 255, 255] as Rgb,
  killMarker: [255, 70, 90] as Rgb,
  damage: [255, 96, 120] as Rgb,
  hitboxServer: [255, 60, 220] as Rgb,
  rewindHit: [80, 255, 120] as Rgb,
  rewindMiss: [255, 70, 70] as Rgb,
  error: [255, 230, 0] as Rgb,
  panel: [8, 10, 24] as Rgb,
  panelEdge: [60, 80, 150] as Rgb,
  plotPing: [110, 220, 255] as Rgb,
  plotIn: [120, 255, 160] as Rgb,
  plotOut: [255, 176, 110] as Rgb,
} as const;

/** Distinct warm and vivid hues for other players; the local player's cyan is not among them. */
const OTHERS: readonly Rgb[] = [
  [255, 84, 112],
  [255, 170, 50],
  [240, 240, 80],
  [196, 100, 255],
  [255, 110, 210],
  [140, 240, 80],
  [255, 140, 100],
  [170, 160, 255],
];

/** Team deathmatch: the red and the blue team (neither is the local cyan). */
export const TEAM_COLORS: Readonly<Record<typeof Team.Red | typeof Team.Blue, Rgb>> = {
  [Team.Red]: [255, 76, 96],
  [Team.Blue]: [80, 128, 255],
};

export function playerColor(id: number, isLocal: boolean, team: Team = Team.None): Rgb {
  if (isLocal) return PALETTE.local;
  if (team === Team.Red || team === Team.Blue) return TEAM_COLORS[team];
  const i = ((id % OTHERS.length) + OTHERS.length) % OTHERS.length;
  return OTHERS[i] ?? PALETTE.text;
}

/** Health bar colour: green when healthy, red when low, blended between. */
export function healthColor(health: number, max: number): Rgb {
  const t = Math.min(Math.max(max > 0 ? health / max : 0, 0), 1);
  const g = PALETTE.healthGood;
  const l = PALETTE.healthLow;
  return [
    Math.round(l[0] + (g[0] - l[0]) * t),
    Math.round(l[1] + (g[1] - l[1]) * t),
    Math.round(l[2] + (g[2] - l[2]) * t),
  ];
}

const NO_TEAMS: ReadonlyMap<PlayerId, Team> = new Map();

/** Each player's team in a team deathmatch (from the match block's ranking); empty otherwise. */
export function teamsOf(match: MatchView | null | undefined): ReadonlyMap<PlayerId, Team> {
  if (!match || match.mode !== GameMode.TeamDeathmatch) return NO_TEAMS;
  return new Map(match.ranking.map((r) => [r.id, r.team]));
}
