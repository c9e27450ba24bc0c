/**
 * Numbers and words for the HUD, computed from the view (pure, no drawing).
 *
 * Inputs: ticks from the view (state timers, stats.serverTick/commandTick, tickrate), weapon
 * definitions, names and pings. Outputs: seconds left, 0..1 progress, short strings, scoreboard rows.
 * Invariant: ticks stay integers until the last step; seconds appear only in what is returned.
 */
import type { PlayerId } from '../sim/types';

/** Seconds until a dead player respawns (respawnTick is a server tick), never negative. */
export function respawnSecondsLeft(respawnTick: number, serverTick: number, tickrate: number): number {
  if (respawnTick <= 0 || tickrate <= 0) return 0;
  return Math.max(0, (respawnTick - serverTick) / tickrate);
}

/** "Respawning in 3", counting whole seconds down the way a player expects (2.1 s shows 3). */
export function respawnText(secondsLeft: number): string {
  return secondsLeft > 0 ? `Respawning in ${Math.ceil(secondsLeft)}` : 'Respawning…';
}

/**
 * How far a timed action (reload, weapon switch) has got: 0 just started, 1 done; null when no
 * action runs. `endTick` is absolute (0 = none), `durationTicks` its full length.
 */
export function timerProgress(endTick: number, durationTicks: number, nowTick: number): number | null {
  if (endTick <= 0 || durationTicks <= 0 || nowTick >= endTick) return null;
  const left = endTick - nowTick;
  return Math.min(Math.max(1 - left / durationTicks, 0), 1);
}

export function ammoText(rounds: number, magazine: number): string {
  return `${rounds} / ${magazine}`;
}

export interface ScoreRow {
  id: PlayerId;
  name: string;
  kills: number;
  deaths: number;
  /** Rounded ms, or null when unknown. */
  ping: number | null;
  isLocal: boolean;
}

export interface ScoreSource {
  id: PlayerId;
  kills: number;
  deaths: number;
}

/** Most kills first, then fewest deaths, then id, so the order is stable frame to frame. */
export function scoreboardRows(
  players: readonly ScoreSource[],
  localId: PlayerId,
  names: ReadonlyMap<PlayerId, string>,
  pings: ReadonlyMap<PlayerId, number>,
): ScoreRow[] {
  const rows = players.map((p) => {
    const ping = pings.get(p.id);
    return {
      id: p.id,
      name: names.get(p.id) ?? `player ${p.id}`,
      kills: p.kills,
      deaths: p.deaths,
      ping: ping === undefined || !Number.isFinite(ping) ? null : Math.round(ping),
      isLocal: p.id === localId,
    };
  });
  return rows.sort((a, b) => b.kills - a.kills || a.deaths - b.deaths || a.id - b.id);
}

/**
 * Names are drawn as literal text (safe-text.ts); this only trims absurd lengths so a label cannot
 * cover the arena, counting code points so an emoji is never cut in half.
 */
export function displayName(name: string | undefined, id: PlayerId, maxLength = 16): string {
  const n = [...(name ?? '').replace(/\s+/g, ' ').trim()];
  if (n.length === 0) return `player ${id}`;
  return n.length > maxLength ? `${n.slice(0, maxLength - 1).join('')}…` : n.join('');
}
