/**
 * The end of a match in numbers: the final ranking, the winning team and the awards, frozen into
 * `MatchResults` the moment the match ends (so a player leaving afterwards changes nothing).
 *
 * Inputs: the match records and the players (kills, deaths) at the end. Output: new results.
 * Awards (each given only when someone earned it; ties go to the better-ranked player):
 *   Accuracy: best hits / shots among players with >= AWARD_MIN_SHOTS shots (value: percent, floored)
 *   Streak:   longest run of kills without dying, at least 2 (value: kills)
 *   Damage:   most damage dealt to enemies, at least 1 (value: damage)
 * Invariants: integers only; deterministic for equal inputs.
 */
import {
  AwardKind,
  GameMode,
  Team,
  type Award,
  type MatchPlayer,
  type MatchResults,
  type MatchState,
  type Standing,
} from './match-types';
import { rankStandings } from './ranking';
import type { PlayerState } from './types';

export const AWARD_MIN_SHOTS = 10;

function standingsOf(match: MatchState, players: readonly PlayerState[]): Standing[] {
  const bodies = new Map(players.map((p) => [p.id, p]));
  return rankStandings(
    match.players.map((m) => ({
      id: m.id,
      team: m.team,
      score: m.score,
      kills: bodies.get(m.id)?.kills ?? 0,
      deaths: bodies.get(m.id)?.deaths ?? 0,
    })),
  );
}

/** The best player by `value` (ties: the better-ranked one), if any reaches `min`. */
function best(
  kind: AwardKind,
  ranked: readonly MatchPlayer[],
  value: (m: MatchPlayer) => number,
  min: number,
): Award | null {
  let winner: Award | null = null;
  for (const m of ranked) {
    const v = value(m);
    if (v >= min && (!winner || v > winner.value)) winner = { kind, player: m.id, value: v };
  }
  return winner;
}

function awardsOf(match: MatchState, standings: readonly Standing[]): Award[] {
  const records = new Map(match.players.map((m) => [m.id, m]));
  const ranked = standings.map((s) => records.get(s.id)).filter((m): m is MatchPlayer => m !== undefined);
  const accuracy = (m: MatchPlayer): number => (m.shots >= AWARD_MIN_SHOTS ? Math.floor((m.hits * 100) / m.shots) : -1);
  return [
    best(AwardKind.Accuracy, ranked, accuracy, 0),
    best(AwardKind.Streak, ranked, (m) => m.bestStreak, 2),
    best(AwardKind.Damage, ranked, (m) => m.damage, 1),
  ].filter((a): a is Award => a !== null);
}

function winnerTeamOf(match: MatchState): Team {
  if (match.rules.mode !== GameMode.TeamDeathmatch) return Team.None;
  const [red = 0, blue = 0] = match.teamScores;
  return red > blue ? Team.Red : blue > red ? Team.Blue : Team.None;
}

export function computeResults(match: MatchState, players: readonly PlayerState[]): MatchResults {
  const standings = standingsOf(match, players);
  return { standings, awards: awardsOf(match, standings), winnerTeam: winnerTeamOf(match) };
}
