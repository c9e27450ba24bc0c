/**
 * The match HUD's words, from the view's MatchView (pure, no drawing): the clock line ("Warm-up
 * 0:05", "4:59", "Match over"), the score line ("You 5 · 2nd of 4 · Leader Ann 7", or the team
 * scores), mode and map names, award texts and player names (bots get "Bot N").
 * Inputs: a MatchView and a name lookup. Outputs: strings. Invariant: the same view gives every page
 * the same words (the ranking comes from the match block, names from the lobby list).
 */
import type { MatchView } from '../arena/client/match-view';
import { MAPS } from '../sim/maps';
import { MODE_NAMES } from '../sim/match-rules';
import { AwardKind, GameMode, MatchPhase, Team, type Award, type Standing } from '../sim/match-types';
import { ordinal } from '../sim/ranking';
import type { PlayerId } from '../sim/types';

export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function phaseLine(m: MatchView): string {
  if (m.phase === MatchPhase.Ended) return 'Match over';
  if (m.phase === MatchPhase.Waiting) return 'Free play';
  const clock = m.secondsLeft === null ? '' : clockText(m.secondsLeft);
  if (m.phase === MatchPhase.Warmup) return `Warm-up ${clock}`.trim();
  return clock || 'No time limit';
}

export const teamName = (t: Team): string => (t === Team.Red ? 'Red' : t === Team.Blue ? 'Blue' : '');

/** A player's name for match texts: the lobby's, else "Bot N" for a server bot, else "player N". */
export function matchName(m: MatchView | null, names: ReadonlyMap<PlayerId, string>, id: PlayerId): string {
  const known = names.get(id);
  if (known) return known;
  const bot = m?.ranking.find((r) => r.id === id)?.bot;
  return bot ? `Bot ${id}` : `player ${id}`;
}

/**
 * The match bar's second line. `watched`: a replay's (the player followed, or -1 for nobody): the
 * line names that player instead of "you", or leaves the own part out.
 */
export function scoreLine(m: MatchView, name: (id: PlayerId) => string, watched?: PlayerId): string {
  // Free play (before the host's first start) has no score limit, whatever the rules say.
  const limit = m.fragLimit > 0 && m.phase !== MatchPhase.Waiting ? ` · first to ${m.fragLimit}` : '';
  const playing = m.ranking.some((r) => r.id === watched);
  const who = watched === undefined ? 'you' : playing ? name(watched) : null;
  if (m.mode === GameMode.TeamDeathmatch) {
    const mine = m.myTeam === Team.None || who === null ? '' : ` · ${who}: ${teamName(m.myTeam)}, ${m.myScore}`;
    return `Red ${m.teamScores[0]} : ${m.teamScores[1]} Blue${mine}${limit}`;
  }
  const leader = m.leader ? ` · Leader ${name(m.leader.id)} ${m.leader.score}` : '';
  if (who === null) return `${m.playerCount} players${leader}${limit}`;
  const label = watched === undefined ? 'You' : who;
  return `${label} ${m.myScore} · ${ordinal(m.myPlace)} of ${m.playerCount}${leader}${limit}`;
}

export function modeName(mode: number): string {
  return MODE_NAMES[mode] ?? 'Deathmatch';
}

export function mapName(mapId: number): string {
  return MAPS[mapId]?.name ?? 'custom map';
}

/** "1 kill", "2 kills", "0 deaths". */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** An end-screen ranking row: "name [Team] score (K kills, D deaths)". */
export function standingText(s: Standing, name: (id: PlayerId) => string): string {
  const team = s.team === Team.None ? '' : ` [${teamName(s.team)}]`;
  return `${name(s.id)}${team} ${s.score} (${counted(s.kills, 'kill')}, ${counted(s.deaths, 'death')})`;
}

export function awardText(a: Award, name: (id: PlayerId) => string): string {
  switch (a.kind) {
    case AwardKind.Accuracy:
      return `Most accurate: ${name(a.player)} (${a.value}%)`;
    case AwardKind.Streak:
      return `Longest streak: ${name(a.player)} (${counted(a.value, 'kill')})`;
    default:
      return `Most damage: ${name(a.player)} (${a.value})`;
  }
}
