/**
 * Host migration for a game that brings a byte codec for its checkpoint core (`CheckpointCoreCodec`):
 * the netcode writes the rest (sessions' last commands, event ids, the host layer's seats, bans,
 * cvars and lobby key: protocol/core-checkpoint-codec.ts) around the game's bytes. The arena has its
 * own (src/arena/server/arena-migration.ts); a game passes `coreMigration(codec, commands)` with its factory.
 *
 * Restore: the game's core as it was, brought forward with the successor's newest snapshot when the
 * game can (`bringForward`); otherwise the match resumes from the checkpoint's world and only the
 * tick numbers jump to the snapshot's (as after a stall: the clients' command timelines stay
 * valid), plus `skipTicks`. Event ids jump past any either side used. Neither call throws.
 */
import { decodeCoreCheckpoint, encodeCoreCheckpoint, type CoreCheckpoint } from '../protocol/core-checkpoint-codec';
import type { CommandSchema } from '../protocol/command-schema';
import type { SnapshotOf } from '../protocol/snapshot-types';
import type { DecodeResult } from '../protocol/wire';
import type { PlayerId, Tick } from '../protocol/ids';
import { EVENT_ID_MARGIN, type SeatEntry, type ServerCore } from './server-core';
import type { GameMigration, PlainCheckpointLobby, RestoreRequest } from './game-migration';
import { GameServer, type GameFactory } from './game-server';
import type { ServerGameTypes } from './server-game';
import { spectatorSettingsOf } from './spectator-settings';

/**
 * What the (already decoded and checked) envelope says that the game's core must agree with: the
 * runtime ticks at `tickrate` (a core's own tickrate must be the same), `tick` is the world's, and `clients` are the people's ids (sorted), so none of them may be
 * a bot in the core.
 */
export interface CoreEnvelopeFacts {
  /** The world's tick when the checkpoint was taken. */
  tick: Tick;
  tickrate: number;
  maxPlayers: number;
  clients: readonly PlayerId[];
}

/** A game's own bytes for its checkpoint core (`ServerGame.exportCore`'s answer). */
export interface CheckpointCoreCodec<G extends ServerGameTypes> {
  /** The core's bytes; may throw RangeError on a core it would not decode (reported as the checkpoint's error). */
  encode(core: G['core'], envelope: CoreEnvelopeFacts): Uint8Array;
  /**
   * Untrusted bytes: the core, or why they are not one this build runs (anything the encoder would
   * not write with this envelope, or a value the game's step could not have produced). Never throws.
   */
  decode(bytes: Uint8Array, envelope: CoreEnvelopeFacts): DecodeResult<G['core']>;
  /** The core brought forward to the successor's newest snapshot (null: keep it as it is). Optional. */
  bringForward?(core: G['core'], snapshot: SnapshotOf<G['wire']>): G['core'] | null;
}

const ZERO_TOKEN = '0'.repeat(32);
const ID_MOD = 65536;
/** At most this many seconds may be skipped (as the arena's restore). */
const MAX_SKIP_SECONDS = 30;

/** The envelope's people: one seat token names one person (a repeat travels as none), sorted by id. */
function clientsOf<C extends { tick: Tick }>(
  core: ServerCore<ServerGameTypes & { cmd: C }>,
  lobby: PlainCheckpointLobby,
) {
  const people = new Map(lobby.people.map((p) => [p.id, p]));
  const seen = new Set<string>();
  return core.commands
    .map((c) => {
      const person = people.get(c.id);
      const token = person && !seen.has(person.token) ? person.token : ZERO_TOKEN;
      if (token !== ZERO_TOKEN) seen.add(token);
      const last = c.last && { cmd: c.last.cmd, madeAgo256: Math.round((c.last.cmd.tick - c.last.madeAtTick) * 256) };
      return { id: c.id, name: person?.name ?? `Player ${c.id}`, token, last };
    })
    .sort((a, b) => a.id - b.id);
}

/** The seats held for who left: not a connected person's, one per id and per token. */
function absentOf(lobby: PlainCheckpointLobby, clients: ReadonlyArray<{ id: PlayerId; token: string }>) {
  const ids = new Set(clients.map((c) => c.id));
  const tokens = new Set(clients.map((c) => c.token));
  const out = lobby.absent.filter((s) => s.token !== ZERO_TOKEN && !ids.has(s.id) && !tokens.has(s.token));
  const byId = new Map(out.map((s) => [s.id, s]));
  const seen = new Set<string>();
  return [...byId.values()].sort((a, b) => a.id - b.id).filter((s) => !seen.has(s.token) && seen.add(s.token));
}

/** What the host layer rebuilds its SeatKeeper from: each person with a seat token, present; each held seat, absent. */
function seatsOf(cp: CoreCheckpoint<unknown>): SeatEntry[] {
  const here = cp.clients.filter((c) => c.token !== ZERO_TOKEN);
  return [
    ...here.map(({ token, id, name }) => ({ token, id, name, present: true })),
    ...cp.absent.map(({ token, id, name }) => ({ token, id, name, present: false })),
  ];
}

/** The next event id: past the checkpoint's and every id the snapshot shows, then a margin (the old host ran on). */
function nextEventId(cp: CoreCheckpoint<unknown>, snapshot: { events: ReadonlyArray<{ id: number }> } | null): number {
  let next = cp.nextEventId;
  for (const e of snapshot?.events ?? [])
    if ((e.id + 1 - next + ID_MOD) % ID_MOD < ID_MOD / 2) next = (e.id + 1) % ID_MOD;
  return (next + EVENT_ID_MARGIN) % ID_MOD;
}

/** The migration of a game that encodes its own core; `commands`: its command schema (the envelope carries the last ones). */
export function coreMigration<G extends ServerGameTypes>(
  codec: CheckpointCoreCodec<G>,
  commands: CommandSchema<G['cmd'], { tick: Tick }>,
): GameMigration<G> {
  return {
    checkpoint(server, lobby, rewindTicks) {
      try {
        const core = server.exportCore(Number.isFinite(rewindTicks) ? Math.max(0, Math.floor(rewindTicks)) : 0);
        const clients = clientsOf(core, lobby);
        const { bans, cvars, lobbyKey } = lobby;
        const envelope = { tick: server.world.tick, tickrate: server.tickrate, maxPlayers: core.maxPlayers };
        const rest = {
          nextEventId: core.nextEventId,
          clients,
          absent: absentOf(lobby, clients),
          bans,
          cvars,
          lobbyKey,
        };
        const facts = {
          tick: envelope.tick,
          tickrate: envelope.tickrate,
          maxPlayers: envelope.maxPlayers,
          clients: clients.map((c) => c.id),
        };
        const coreBytes = codec.encode(core, facts);
        return { ok: true, bytes: encodeCoreCheckpoint(commands, { ...envelope, ...rest, core: coreBytes }) };
      } catch (err) {
        return { ok: false, error: `checkpoint: ${err instanceof Error ? err.message : String(err)}` };
      }
    },
    restore: (bytes, req, makeGame) => restoreCore(codec, commands, bytes, req, makeGame),
  };
}

function restoreCore<G extends ServerGameTypes>(
  codec: CheckpointCoreCodec<G>,
  commands: CommandSchema<G['cmd'], { tick: Tick }>,
  bytes: unknown,
  req: RestoreRequest<SnapshotOf<G['wire']>>,
  makeGame: GameFactory<G>,
): ReturnType<GameMigration<G>['restore']> {
  if (!(bytes instanceof Uint8Array)) return { info: { ok: false, error: 'checkpoint: not bytes' } };
  const decoded = decodeCoreCheckpoint(commands, bytes);
  if (!decoded.ok) return { info: { ok: false, error: decoded.error } };
  const cp = decoded.value;
  try {
    const facts = {
      tick: cp.tick,
      tickrate: cp.tickrate,
      maxPlayers: cp.maxPlayers,
      clients: cp.clients.map((c) => c.id),
    };
    const decodedCore = codec.decode(cp.core, facts);
    if (!decodedCore.ok) return { info: { ok: false, error: `checkpoint: the game's core: ${decodedCore.error}` } };
    const kept = decodedCore.value;
    const snapshot = req.snapshot ?? null;
    const core = (snapshot && codec.bringForward?.(kept, snapshot)) || kept;
    const settings = {
      tickrate: cp.tickrate,
      maxPlayers: cp.maxPlayers,
      seed: 0,
      maxUnlagS: 0,
      lagCompensation: false,
      // The old host's spectator places and delay (issue 24) carry on.
      ...spectatorSettingsOf(cp.cvars),
    };
    const server = new GameServer<G>(settings, makeGame);
    const sessions = cp.clients.map((c) => ({
      id: c.id,
      last: c.last && { cmd: c.last.cmd, madeAtTick: c.last.cmd.tick - c.last.madeAgo256 / 256 },
    }));
    server.importCore({
      ...core,
      nextEventId: nextEventId(cp, snapshot),
      maxPlayers: cp.maxPlayers,
      commands: sessions,
    });
    // The clients' timelines run at the snapshot's tick: the restored numbering continues from there.
    const behind = snapshot ? Math.max(0, snapshot.serverTick - server.world.tick) : 0;
    const asked = Number.isFinite(req.skipTicks) ? Math.max(0, Math.floor(req.skipTicks)) : 0;
    server.skipTicks(behind + Math.min(asked, MAX_SKIP_SECONDS * server.tickrate));
    const { bans, cvars, lobbyKey, tickrate, maxPlayers } = cp;
    const info = {
      ok: true as const,
      tick: server.world.tick,
      checkpointTick: cp.tick,
      seats: seatsOf(cp),
      bans,
      cvars,
    };
    const settingsInfo = { lobbyKey, mapId: 0, tickrate, maxPlayers, maxUnlagMs: 0 };
    return { server, clients: cp.clients.map((c) => c.id), info: { ...info, ...settingsInfo } };
  } catch (err) {
    // The game's import is written not to throw; a confused peer's checkpoint must not kill the worker anyway.
    return { info: { ok: false, error: `restore: ${err instanceof Error ? err.message : String(err)}` } };
  }
}
