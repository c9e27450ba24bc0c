/**
 * Pushball's palette as kaboom colours, made once per mount (never per frame): the pitch's
 * colours by name, and each team's disc fill for other players and for the local player.
 */
import type { Color } from 'kaboom';
import type { Kit } from '../../game/render-kit';
import type { PitchTeam } from '../sim';
import { PITCH_COLORS, discColor } from './pushball-palette';

export type PitchColorName = keyof typeof PITCH_COLORS;

export interface PushballColors {
  named: Readonly<Record<PitchColorName, Color>>;
  /** Team colour (other players, labels). */
  team(team: PitchTeam): Color;
  /** A disc's fill: `team(team)`, lightened for the local player. */
  disc(team: PitchTeam, isLocal: boolean): Color;
}

export function createColors(kit: Kit): PushballColors {
  const named = Object.fromEntries(
    (Object.keys(PITCH_COLORS) as PitchColorName[]).map((name) => [name, kit.rgb(PITCH_COLORS[name])]),
  ) as Record<PitchColorName, Color>;
  const discs = [
    [kit.rgb(discColor(0, false)), kit.rgb(discColor(0, true))],
    [kit.rgb(discColor(1, false)), kit.rgb(discColor(1, true))],
  ] as const;
  return {
    named,
    team: (team) => discs[team][0],
    disc: (team, isLocal) => discs[team][isLocal ? 1 : 0],
  };
}
