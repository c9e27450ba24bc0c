/**
 * Issue 13's harness acceptance: host loss at random moments of 100 seeded matches with 4–8
 * players over 100 ms RTT, 20 ms jitter and 3 % loss, on a virtual clock. The host is a GameServer
 * and its own client (loopback); the first successor gets an encoded checkpoint every second over a
 * reliable delayed link; at the loss, after a random detection delay, it restores from its newest
 * checkpoint brought forward with its newest decoded snapshot and skips the ticks of the time since;
 * the others reconnect after random delays and rebind (half the matches keep the restored bodies,
 * half re-add everyone as a rejoin: `addClient(id, now, true)`, record back, fresh spawn).
 *
 * Asserted per match:
 *  - it continues on the successor: every remaining client re-syncs to the new server's stream;
 *  - kills, deaths, scores and the match block (phase, clock end, team scores) at the restore equal
 *    the old server's at one tick between its last checkpoint and its loss (so never beyond the
 *    loss), and a rejoin gives them back unchanged;
 *  - progress lost: for each player, the time between the last tick the old server had exactly the
 *    restored (kills, deaths, score) and the loss (0 when nothing changed since) is at most 1 s;
 *  - no client shows a server event twice, nor misses one of the new server's;
 *  - no client issues a command tick twice or draws its own player faster than 1.5 × max speed;
 *  - the successor's world passes the sim's invariants at the restore and every 15 ticks after.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SPEED } from '../../src/sim/config';
import { DEFAULT_MAP } from '../../src/sim/map';
import { GameMode } from '../../src/sim/match-types';
import type { PlayerId, WorldState } from '../../src/sim/types';
import { worldInvariantProblems } from '../helpers/world-invariants';
import { Link } from '../harness/link';
import { MigrationMatch } from '../harness/migration-match';
import { seeded } from './client-harness';
import {
  brawler,
  measureMovesFrom,
  missedEvents,
  recordEvents,
  shownTwice,
  watchedClient,
  type ClientWatch,
} from './migration-watch';

// MIGRATION_MATCHES=n runs fewer (or more) while working on it; the acceptance is 100.
const MATCHES = Number(process.env.MIGRATION_MATCHES ?? 100);
const LINK = Link.rtt(100, 20, 0.03);
const PROGRESS_LIMIT_MS = 1000;

/** What progress means here: a player's kills, deaths and score (the scoreboard). */
function progressOf(world: WorldState): Map<PlayerId, string> {
  const score = new Map(world.match.players.map((r) => [r.id, r.score]));
  return new Map(world.players.map((p) => [p.id, `${p.kills}/${p.deaths}/${score.get(p.id) ?? 0}`]));
}
function matchBlockOf(world: WorldState): string {
  const m = world.match;
  return `${m.phase}/${m.phaseEndTick}/${m.teamScores.join(',')}/${m.seq}`;
}

type History = Map<number, { progress: Map<PlayerId, string>; block: string }>;

/** Per player, ticks from the last one at which the old server had exactly `restored`'s value to the loss; the worst. */
function progressLostTicks(
  history: History,
  restored: Map<PlayerId, string>,
  fromTick: number,
  lossTick: number,
): number {
  let worst = 0;
  for (const [id, value] of restored) {
    let since = lossTick;
    while (since >= fromTick && history.get(since)?.progress.get(id) !== value) since--;
    worst = Math.max(worst, lossTick - since);
  }
  return worst;
}

interface MatchResult {
  players: number;
  reseat: 'keep' | 'rejoin';
  progressLostMs: number;
  /** What a restore from the checkpoint alone would have lost (for comparison, not asserted). */
  checkpointOnlyLostMs: number;
  /** How far before the loss the restored world is (the newest snapshot's or checkpoint's tick). */
  restoredAgeMs: number;
  eventsShown: number;
  /** Fastest drawn move of a local player from the loss on (units per second), and command ticks issued twice or false acks. */
  fastest: number;
  reissued: number;
  /** Kills on the old server at its loss (how much fighting the match had). */
  killsAtLoss: number;
  shownTwice: number;
  missed: number;
  problems: string[];
}

function playMatch(seed: number, reuseEventIds = false): MatchResult {
  const rand = seeded(seed * 7919 + 17);
  const players = 4 + Math.floor(rand() * 5);
  const reseat = seed % 2 === 0 ? 'keep' : 'rejoin';
  const watches: ClientWatch[] = [watchedClient(1, brawler(seed * 16 + 1))];
  const match = new MigrationMatch(watches[0]!.checked, {
    server: { seed, maxPlayers: 8 },
    checkpointLink: Link.rtt(100, 20, 0),
    reseat,
    reuseEventIds,
  });
  for (let id = 2; id <= players; id++) {
    watches.push(watchedClient(id, brawler(seed * 16 + id)));
    expect(match.join(watches[id - 1]!.checked, LINK, seed * 64 + id)).toBe(true);
  }
  match.setSuccessor(2);
  match.server.startMatch({
    mode: seed % 3 === 0 ? GameMode.TeamDeathmatch : GameMode.Deathmatch,
    mapId: 0,
    warmupS: 0,
    timeLimitS: 300,
    fragLimit: 0,
  });
  const events = recordEvents(match);
  const history: History = new Map();
  const problems: string[] = [];
  const chained = match.onTick;
  match.onTick = (out, server) => {
    chained?.(out, server);
    if (!match.takeover)
      history.set(server.world.tick, { progress: progressOf(server.world), block: matchBlockOf(server.world) });
    else if (server.world.tick % 15 === 0) problems.push(...worldInvariantProblems(server.world, DEFAULT_MAP));
  };

  match.run(1200 + rand() * 2300);
  for (const w of watches) measureMovesFrom(w, match.nowMs);
  match.loseHost();
  match.run(100 + rand() * 1900);
  const t = match.takeOver();
  const restored = progressOf(t.restored);
  problems.push(...worldInvariantProblems(t.restored, DEFAULT_MAP));
  const order = watches.filter((w) => w.id > 2).map((w) => ({ w, atMs: t.atMs + 200 + rand() * 1300 }));
  order.sort((a, b) => a.atMs - b.atMs);
  const reconnectTick = new Map<PlayerId, number>([[2, match.server.world.tick]]);
  for (const { w, atMs } of order) {
    match.run(Math.max(0, atMs - match.nowMs));
    expect(match.reconnect(w.id)).toBe(true);
    reconnectTick.set(w.id, match.server.world.tick);
    // A rejoin gets the restored kills, deaths and score back; a kept body had them and played on
    // while its person was away (it may have been killed meanwhile).
    const now = progressOf(match.server.world).get(w.id)!.split('/').map(Number);
    const was = restored.get(w.id)!.split('/').map(Number);
    if (reseat === 'rejoin') expect(now).toEqual(was);
    else expect(now[0]! >= was[0]! && now[1]! >= was[1]!).toBe(true);
  }
  match.run(1500);

  // The restore is the old server's state at one tick between its last checkpoint and its loss.
  expect(t.checkpointTick).toBe(match.checkpoints.lastSentTick);
  expect(t.restored.tick).toBeGreaterThanOrEqual(t.checkpointTick);
  expect(t.restored.tick).toBeLessThanOrEqual(t.lossTick);
  const then = history.get(t.restored.tick)!;
  expect(restored).toEqual(then.progress);
  expect(matchBlockOf(t.restored)).toBe(then.block);

  // Progress lost: since the last tick the old server had exactly what was restored, per player.
  const lostTicks = progressLostTicks(history, restored, t.restored.tick, t.lossTick);
  const checkpointOnly = progressLostTicks(
    history,
    history.get(t.checkpointTick)!.progress,
    t.checkpointTick,
    t.lossTick,
  );

  // The match goes on: everyone left is on the new server's stream and in its world.
  const end = match.server.world.tick;
  let twice = 0;
  let missed = 0;
  let shown = 0;
  let fastest = 0;
  let reissued = 0;
  for (const w of watches.slice(1)) {
    fastest = Math.max(fastest, w.fastest.speed);
    reissued += w.checked.reissued + w.checked.falseAcks;
    expect(match.connected(w.id)).toBe(true);
    expect(w.piloted.net.stats.serverTick).toBeGreaterThan(end - 10);
    expect(match.server.world.players.some((p) => p.id === w.id)).toBe(true);
    twice += shownTwice(w);
    missed += missedEvents(w, events, match.server, reconnectTick.get(w.id)! + 10, end - 30).length;
    shown += [...w.shown.values()].reduce((a, b) => a + b, 0);
  }
  const killsAtLoss = match.lost!.world.players.reduce((a, p) => a + p.kills, 0);
  return {
    players,
    reseat,
    progressLostMs: lostTicks * match.tickMs,
    checkpointOnlyLostMs: checkpointOnly * match.tickMs,
    restoredAgeMs: (t.lossTick - t.restored.tick) * match.tickMs,
    fastest,
    reissued,
    eventsShown: shown,
    killsAtLoss,
    shownTwice: twice,
    missed,
    problems,
  };
}

describe(`host migration: ${MATCHES} matches, host lost at a random moment`, () => {
  it('every match goes on on the successor with its scores and clock, ≤ 1 s of progress lost, no event twice, a sound world', () => {
    const started = performance.now();
    const results: MatchResult[] = [];
    for (let seed = 1; seed <= MATCHES; seed++) results.push(playMatch(seed));
    const seconds = (performance.now() - started) / 1000;
    const worst = Math.max(...results.map((r) => r.progressLostMs));
    const lostOver0 = results.filter((r) => r.progressLostMs > 0).length;
    console.log(
      `${results.length} matches (${results.filter((r) => r.reseat === 'rejoin').length} by rejoin), ${results.reduce((a, r) => a + r.players, 0)} players, ` +
        `progress lost: max ${worst.toFixed(0)} ms (${lostOver0} matches lost any; restored world at most ${Math.max(...results.map((r) => r.restoredAgeMs)).toFixed(0)} ms before the loss; ` +
        `from the checkpoint alone it would have been max ${Math.max(...results.map((r) => r.checkpointOnlyLostMs)).toFixed(0)} ms in ${results.filter((r) => r.checkpointOnlyLostMs > 0).length} matches), events shown ${results.reduce((a, r) => a + r.eventsShown, 0)}, kills before the losses ${results.reduce((a, r) => a + r.killsAtLoss, 0)}, ` +
        `shown twice ${results.reduce((a, r) => a + r.shownTwice, 0)}, missed ${results.reduce((a, r) => a + r.missed, 0)}, ` +
        `invariant problems ${results.reduce((a, r) => a + r.problems.length, 0)}, fastest drawn local move ${Math.max(...results.map((r) => r.fastest)).toFixed(0)} u/s, ` +
        `ticks issued twice or false acks ${results.reduce((a, r) => a + r.reissued, 0)}; run time ${seconds.toFixed(1)} s`,
    );
    for (const r of results) {
      expect(r.progressLostMs).toBeLessThanOrEqual(PROGRESS_LIMIT_MS);
      expect(r.shownTwice).toBe(0);
      expect(r.missed).toBe(0);
      expect(r.problems).toEqual([]);
      expect(r.fastest).toBeLessThanOrEqual(1.5 * MAX_SPEED);
      expect(r.reissued).toBe(0);
    }
  });

  it('a successor that reused the old event ids would hide its first events from the clients (the event check can fail)', () => {
    const results: MatchResult[] = [];
    for (let seed = 1; seed <= 8; seed++) results.push(playMatch(seed, true));
    expect(results.reduce((a, r) => a + r.missed, 0)).toBeGreaterThan(0);
  });
});
