/**
 * The server worker's side of the arena's host migration (issue 13), as plain functions ServerRuntime
 * calls through `ARENA_MIGRATION` (game-migration.ts: the arena's factory carries it): take an
 * encoded checkpoint of the running match, and build a running match from one.
 *
 * Inputs: for a checkpoint, the GameServer between ticks and the host layer's part as structured-
 * cloneable data (`PlainCheckpointLobby`: it crosses comlink); for a restore, the checkpoint's
 * bytes as they arrived from the old host (untrusted), the successor's newest decoded snapshot and
 * the names it knows, and how many ticks passed since that snapshot.
 * Outputs: the checkpoint's bytes (or why not), and a restored GameServer with what the host layer
 * needs to rebuild its door (`RestoreInfo`: seats, bans, cvars, the lobby key bytes, the settings).
 * Invariants: never throws (bad bytes, a map this build lacks, an encoder refusal all come back as
 * `{ ok: false, error }`); the restored server's tick is the snapshot's (or the checkpoint's) plus
 * `skipTicks`, so the clients' command timelines continue without a jump backwards.
 */
import { decodeCheckpoint, encodeCheckpoint } from '../protocol/checkpoint-codec';
import type { Snapshot } from '../protocol/arena-messages';
import type { PlayerId } from '../../protocol/ids';
import type { GameServer } from '../../server/game-server';
import type { GameMigration, PlainCheckpointLobby, RestoreInfo, RestoreRequest } from '../../server/game-migration';
import { bringForward } from './bring-forward';
import type { ServedGameFactory, ServedTypes } from './served-game';
import { captureCheckpoint, restoreServer, type CheckpointLobby } from './arena-checkpoint';

export type { PlainCheckpointLobby, RestoreInfo, RestoreResult } from '../../server/game-migration';
/** A restore request of the arena (its decoded Snapshot). */
export type ArenaRestoreRequest = RestoreRequest<Snapshot>;

const ZERO_TOKEN = '0'.repeat(32);
/** At most this many seconds may be skipped (a successor that waited longer has nothing worth resuming). */
const MAX_SKIP_SECONDS = 30;

export function lobbyOf(plain: PlainCheckpointLobby): CheckpointLobby {
  const people = new Map(plain.people.map((p) => [p.id, { name: p.name, token: p.token }]));
  return {
    person: (id) => people.get(id),
    absent: plain.absent,
    bans: plain.bans,
    cvars: plain.cvars,
    lobbyKey: plain.lobbyKey,
  };
}

/** The encoded checkpoint of `server` now, or why it could not be encoded (a host-layer slip: a bad token or name). */
export function checkpointBytes(
  server: GameServer<ServedTypes>,
  lobby: PlainCheckpointLobby,
  rewindTicks: number,
): { ok: true; bytes: Uint8Array } | { ok: false; error: string } {
  try {
    const rewind = Number.isFinite(rewindTicks) ? Math.max(0, Math.floor(rewindTicks)) : 0;
    return { ok: true, bytes: encodeCheckpoint(captureCheckpoint(server, lobbyOf(lobby), rewind)) };
  } catch (err) {
    return { ok: false, error: `checkpoint: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** A GameServer running the checkpoint's match on (brought forward with the snapshot, `skipTicks` later), and what the host layer needs. */
export function restoreFromBytes(
  bytes: unknown,
  req: ArenaRestoreRequest,
  makeGame: ServedGameFactory,
):
  { info: RestoreInfo; server: GameServer<ServedTypes>; clients: PlayerId[] } | { info: { ok: false; error: string } } {
  if (!(bytes instanceof Uint8Array)) return { info: { ok: false, error: 'checkpoint: not bytes' } };
  const decoded = decodeCheckpoint(bytes);
  if (!decoded.ok) return { info: { ok: false, error: decoded.error } };
  const cp = decoded.value;
  try {
    const names = new Map(Array.isArray(req.names) ? req.names : []);
    const known = (id: PlayerId): { name: string; token: string } | undefined => {
      const name = names.get(id);
      return typeof name === 'string' ? { name, token: ZERO_TOKEN } : undefined;
    };
    const forward = req.snapshot ? bringForward(cp, req.snapshot, known) : cp;
    const restored = restoreServer(forward, makeGame);
    if (!restored.ok) return { info: restored };
    const server = restored.server;
    const skip = Number.isFinite(req.skipTicks)
      ? Math.min(Math.max(0, Math.floor(req.skipTicks)), MAX_SKIP_SECONDS * server.tickrate)
      : 0;
    server.skipTicks(skip);
    const s = forward.server;
    return {
      server,
      // The people the restored server already holds a session (and a body) for: they come back on new ports.
      clients: forward.clients.map((c) => c.id),
      info: {
        ok: true,
        tick: server.world.tick,
        checkpointTick: cp.world.tick,
        seats: restored.seats,
        bans: forward.bans,
        cvars: forward.cvars,
        lobbyKey: forward.lobbyKey,
        mapId: s.mapId,
        tickrate: s.tickrate,
        maxPlayers: s.maxPlayers,
        maxUnlagMs: s.maxUnlagMs,
      },
    };
  } catch (err) {
    // bringForward and restoreServer are written not to throw; a snapshot from a confused client must not kill the worker anyway.
    return { info: { ok: false, error: `restore: ${err instanceof Error ? err.message : String(err)}` } };
  }
}

/** The arena's migration: its own checkpoint codec (checkpoint-codec.ts) and bring-forward. */
export const ARENA_MIGRATION: GameMigration<ServedTypes> = {
  checkpoint: checkpointBytes,
  restore: (bytes, req, makeGame) => restoreFromBytes(bytes, req, makeGame),
};
