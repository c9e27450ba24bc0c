/**
 * Bring forward (issue 13): the world a successor starts hosting from, made of its newest
 * migration checkpoint (private state, at most about a second old) and the newest snapshot it
 * decoded as a client (public state, more recent). Pure: no clock, no randomness, inputs untouched.
 *
 * Inputs: a Checkpoint at tick K; a Snapshot at tick T received by the successor (its own player
 * in full, everyone else's public fields, every rocket, the match block, recent events); optionally
 * the names the successor knows for players who joined after K.
 * Output: a Checkpoint at tick T that `restoreServer` runs (when the snapshot is not newer: the
 * input checkpoint with only its event ids jumped, since the old host ran on past it).
 * Rules, field by field (docs/PROTOCOL.md "Migration checkpoint"):
 *  - players are those of the snapshot: public fields (position, velocity, aim, health, alive,
 *    crouch, weapon, teleportSeq, kills, deaths) from it; the successor's own player wholly from it;
 *    the others' private fields (ammo, weapon timers) from the checkpoint, except that a player who
 *    respawned since (teleportSeq moved while alive) gets a fresh spawn's and one who died since
 *    respawns a full respawn delay after T (its death tick is unknown);
 *  - rockets, pickup timers, phase, clock, team scores, teams, scores and results from the snapshot;
 *    the rules from the checkpoint (warmupS is not public) with the snapshot's public ones on top;
 *  - shot counters and best streaks from the checkpoint; streaks advanced by the kills since, or
 *    reset by a death since; all of them reset when the snapshot shows a new match (seq moved);
 *  - people of the checkpoint who are gone from the snapshot become departed entries of the same
 *    shape as the old host's (seat token, id, name, their match record with the body's kills and
 *    deaths as of K; none for a tab without a seat token); the checkpoint's departed who are back
 *    (their token is on the roster again) are departed no more; on a new match (seq moved) no
 *    departed record is kept, only the seats; players new in the snapshot get a fresh spawn's
 *    private state (people: a roster entry from `names`);
 *  - the PRNG state is the checkpoint's (the old host's draws since are unknowable); event ids jump
 *    EVENT_ID_MARGIN past the newest either side knows, so no client ever sees a reused id.
 */
import type { Snapshot } from '../protocol/arena-messages';
import type { Checkpoint, CheckpointClient, DepartedPlayer } from '../protocol/checkpoint-types';
import { EVENT_ID_MARGIN } from '../../server/server-core';
import { RESPAWN_SECONDS, secondsToTicks } from '../../sim/config';
import { blankRecord } from '../../sim/match';
import type { MatchPlayer, MatchState, PublicMatchState } from '../../sim/match-types';
import { newPlayer } from '../../sim/player-state';
import type { PlayerId, PlayerState, PublicPlayerState, Tick } from '../../sim/types';

export { EVENT_ID_MARGIN } from '../../server/server-core';
const ID_MOD = 65536;
const ZERO_TOKEN = '0'.repeat(32);

/** `b` when it lies ahead of `a` on the wrapping u16 circle (within half of it), else `a`. */
function furthest(a: number, b: number): number {
  return (b - a + ID_MOD) % ID_MOD < ID_MOD / 2 ? b : a;
}

function publicPart(p: PublicPlayerState): PublicPlayerState {
  const { id, x, y, vx, vy, aim, health, alive, crouch, weapon, teleportSeq, kills, deaths } = p;
  return { id, x, y, vx, vy, aim, health, alive, crouch, weapon, teleportSeq, kills, deaths };
}

/** One player at T: its public fields from the snapshot over private ones carried from K. */
function broughtPlayer(
  seen: PublicPlayerState,
  before: PlayerState | undefined,
  t: Tick,
  tickrate: number,
): PlayerState {
  const sameLife = before !== undefined && before.teleportSeq === seen.teleportSeq && before.alive === seen.alive;
  const base = before && sameLife ? before : newPlayer(seen.id, seen.x, seen.y);
  const p: PlayerState = { ...base, ammo: [...base.ammo], ...publicPart(seen) };
  if (p.alive) p.respawnTick = 0;
  else if (!sameLife || p.respawnTick === 0) {
    // Died since K at an unknown tick: a whole respawn delay from now, never a respawn in the past.
    p.respawnTick = t + secondsToTicks(RESPAWN_SECONDS, tickrate);
    p.reloadEndTick = 0;
    p.deployEndTick = 0;
  }
  return p;
}

function broughtPlayers(cp: Checkpoint, s: Snapshot): PlayerState[] {
  const before = new Map(cp.world.players.map((p) => [p.id, p]));
  const others = s.players
    .filter((p) => p.id !== s.self.id)
    .map((p) => broughtPlayer(p, before.get(p.id), s.serverTick, cp.server.tickrate));
  const self: PlayerState = { ...s.self, ammo: [...s.self.ammo] };
  return [...others, self].sort((a, b) => a.id - b.id);
}

/** A match record at T: public team/score/bot from the snapshot, private counters carried (or reset by a new match). */
function broughtRecord(
  seen: PublicMatchState['players'][number],
  before: MatchPlayer | undefined,
  killsSince: number,
  diedSince: boolean,
): MatchPlayer {
  const r = before ? { ...before } : blankRecord(seen.id, seen.team, seen.bot);
  r.team = seen.team;
  r.score = seen.score;
  r.bot = seen.bot;
  r.streak = diedSince ? 0 : r.streak + killsSince;
  r.bestStreak = Math.max(r.bestStreak, r.streak);
  return r;
}

function broughtMatch(cp: Checkpoint, m: PublicMatchState, players: readonly PlayerState[]): MatchState {
  const old = cp.world.match;
  const newMatch = m.seq !== old.seq;
  const beforeRecord = new Map(newMatch ? [] : old.players.map((r) => [r.id, r]));
  const beforePlayer = new Map(cp.world.players.map((p) => [p.id, p]));
  const records = m.players.map((seen) => {
    const was = beforePlayer.get(seen.id);
    const now = players.find((p) => p.id === seen.id);
    const killsSince = was && now && !newMatch ? Math.max(0, now.kills - was.kills) : 0;
    const diedSince = !was || !now || newMatch || now.deaths !== was.deaths;
    return broughtRecord(seen, beforeRecord.get(seen.id), killsSince, diedSince);
  });
  const rules = {
    ...old.rules,
    mode: m.mode,
    mapId: m.mapId,
    fragLimit: m.fragLimit,
    timeLimitS: m.timeLimitS,
    friendlyFire: m.friendlyFire,
  };
  return {
    rules,
    phase: m.phase,
    phaseEndTick: m.phaseEndTick,
    seq: m.seq,
    teamScores: [...m.teamScores],
    players: records,
    results: m.results,
  };
}

/** People of the checkpoint no longer in the match: the seat and record rejoining with their token gives back (as GameServer.removeClient keeps it). */
function departedSince(cp: Checkpoint, present: ReadonlySet<PlayerId>): DepartedPlayer[] {
  const out: DepartedPlayer[] = [];
  for (const c of cp.clients) {
    if (present.has(c.id) || c.token === ZERO_TOKEN) continue;
    const record = cp.world.match.players.find((r) => r.id === c.id);
    const body = cp.world.players.find((p) => p.id === c.id);
    const returning =
      record && !record.bot ? { record: { ...record }, kills: body?.kills ?? 0, deaths: body?.deaths ?? 0 } : null;
    out.push({ token: c.token, id: c.id, name: c.name, returning });
  }
  return out;
}

/** The departed at T: the checkpoint's and those gone since, minus anyone here again; records only of the match at T. */
function broughtDeparted(
  cp: Checkpoint,
  clients: readonly CheckpointClient[],
  present: ReadonlySet<PlayerId>,
  seq: number,
): DepartedPlayer[] {
  const back = new Set(clients.map((c) => c.token));
  const all = [...cp.departed, ...departedSince(cp, present)].filter((d) => !back.has(d.token) && !present.has(d.id));
  const sameMatch = seq === cp.world.match.seq;
  return all.map((d) => (sameMatch ? d : { ...d, returning: null })).sort((a, b) => a.id - b.id);
}

function broughtClients(
  cp: Checkpoint,
  match: MatchState,
  names: (id: PlayerId) => { name: string; token: string } | undefined,
): CheckpointClient[] {
  const known = new Map(cp.clients.map((c) => [c.id, c]));
  return match.players
    .filter((r) => !r.bot)
    .map(
      (r) =>
        known.get(r.id) ?? {
          id: r.id,
          ...(names(r.id) ?? { name: `Player ${r.id}`, token: ZERO_TOKEN }),
          lastCmd: null,
          lastCmdMadeAgo256: 0,
        },
    );
}

function nextIds(cp: Checkpoint, s: Snapshot): { nextEventId: number; nextProjectileId: number } {
  let events = cp.nextEventId;
  for (const e of s.events) events = furthest(events, (e.id + 1) % ID_MOD);
  let rockets = cp.world.nextProjectileId;
  for (const p of s.projectiles) rockets = furthest(rockets, (p.id + 1) % ID_MOD);
  return { nextEventId: (events + EVENT_ID_MARGIN) % ID_MOD, nextProjectileId: rockets };
}

export function bringForward(
  cp: Checkpoint,
  s: Snapshot,
  names: (id: PlayerId) => { name: string; token: string } | undefined = () => undefined,
): Checkpoint {
  // Not newer: the checkpoint's world as it is; the old host ran on past it all the same, and the
  // events it sent meanwhile (ids from the checkpoint's on) reached the clients, so ids still jump.
  if (s.serverTick <= cp.world.tick || !s.match)
    return { ...cp, nextEventId: (cp.nextEventId + EVENT_ID_MARGIN) % ID_MOD };
  const players = broughtPlayers(cp, s);
  const match = broughtMatch(cp, s.match, players);
  // Only players with a match record are in the match (the record list is the snapshot's).
  const inMatch = new Set(match.players.map((r) => r.id));
  const kept = players.filter((p) => inMatch.has(p.id));
  const present = new Set(kept.map((p) => p.id));
  const ids = nextIds(cp, s);
  const clients = broughtClients(cp, match, names).filter((c) => present.has(c.id));
  return {
    ...cp,
    world: {
      tick: s.serverTick,
      players: kept,
      projectiles: s.projectiles.map((p) => ({ ...p })),
      nextProjectileId: ids.nextProjectileId,
      rng: cp.world.rng,
      match,
      pickups: [...s.match.pickups],
    },
    // The checkpoint's hitbox history is older than the snapshot: the restored server starts its own at T.
    rewind: [],
    nextEventId: ids.nextEventId,
    clients,
    departed: broughtDeparted(cp, clients, present, match.seq),
  };
}
