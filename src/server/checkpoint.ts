/**
 * Migration checkpoints on the server side (issue 13): take one from a running GameServer, and
 * build a GameServer that runs the same match on from one.
 *
 * Inputs: the GameServer (between ticks) and what only the host layer knows (names and rejoin
 * tokens of the people on the roster, departed players, bans, cvars, the lobby key); for a
 * restore, a decoded Checkpoint and, when its map is not in the registry, that map.
 * Outputs: a Checkpoint (encode it with src/protocol/checkpoint-codec.ts), or a GameServer whose
 * next `tick` produces exactly what the checkpointed server's next tick produced given the same
 * commands (test/unit/server/checkpoint-determinism.test.ts), plus the lobby part for the host.
 * Invariants: capture never mutates the server; restore never throws (a checkpoint it cannot run
 * gives `{ ok: false, error }`). Not carried: round trips, baselines, unacked events and abuse
 * counters (each client's connection is new); lag-compensation history only as far as the
 * checkpoint carries it (ticks before that hold the oldest record carried, or the restore tick's).
 */
import type { Checkpoint, CheckpointClient, RewindTick } from '../protocol/checkpoint-types';
import { mapById } from '../sim/maps';
import type { ArenaMap, PlayerId, WorldState } from '../sim/types';
import type { AbuseLimits } from './abuse-monitor';
import type { BufferedCmd } from './command-buffer';
import { GameServer } from './game-server';

/** What GameServer hands out (`exportCore`) and takes in (`importCore`) beyond its settings. */
export interface ServerCore {
  world: WorldState;
  /** Hitboxes of the ticks before the world's, oldest first (lag compensation's history). */
  rewind: RewindTick[];
  nextEventId: number;
  lagCompensation: boolean;
  maxUnlagS: number;
  mapId: number;
  /** sv_maxplayers (capture only: a restored server has it in its settings). */
  maxPlayers: number;
  /** Each connected person's command stream: the command repeats are made of. */
  commands: Array<{ id: PlayerId; last: BufferedCmd | null }>;
}

/** The host layer's part of a checkpoint: the roster's names and tokens, and the lobby's records. */
export interface CheckpointLobby {
  /** Name and rejoin token of a connected person (undefined: "Player <id>" with a zero token). */
  person(id: PlayerId): { name: string; token: string } | undefined;
  departed: Checkpoint['departed'];
  bans: Checkpoint['bans'];
  cvars: Checkpoint['cvars'];
  lobbyKey: Uint8Array;
}

export const NO_LOBBY: CheckpointLobby = { person: () => undefined, departed: [], bans: [], cvars: [], lobbyKey: new Uint8Array(0) };
const ZERO_TOKEN = '0'.repeat(32);

function clientOf(c: ServerCore['commands'][number], lobby: CheckpointLobby): CheckpointClient {
  const person = lobby.person(c.id) ?? { name: `Player ${c.id}`, token: ZERO_TOKEN };
  const last = c.last;
  // madeAtTick is fractional (an arrival time); 1/256 tick is finer than anything it is compared with.
  const madeAgo = last ? Math.round((last.cmd.tick - last.madeAtTick) * 256) : 0;
  return { id: c.id, name: person.name, token: person.token, lastCmd: last ? { ...last.cmd } : null, lastCmdMadeAgo256: madeAgo };
}

/**
 * A checkpoint of `server` as it stands between ticks. The world is shared, not copied: encode it
 * before the next tick. `rewindTicks`: how many ticks of lag-compensation history to carry (0 for
 * the periodic checkpoints; a handover's final one: the rewind window, sv_maxunlag × tickrate).
 */
export function captureCheckpoint(server: GameServer, lobby: CheckpointLobby = NO_LOBBY, rewindTicks = 0): Checkpoint {
  const core = server.exportCore(rewindTicks);
  const clients = core.commands.map((c) => clientOf(c, lobby)).sort((a, b) => a.id - b.id);
  return {
    server: { tickrate: server.tickrate, maxPlayers: core.maxPlayers, maxUnlagMs: Math.round(core.maxUnlagS * 1000), lagCompensation: core.lagCompensation, mapId: core.mapId },
    world: core.world,
    rewind: core.rewind,
    nextEventId: core.nextEventId,
    clients,
    departed: lobby.departed,
    bans: lobby.bans,
    cvars: lobby.cvars,
    lobbyKey: lobby.lobbyKey,
  };
}

export interface RestoreOptions {
  /** The map when the checkpoint names one outside the registry (a test's own). */
  map?: ArenaMap;
  abuse?: AbuseLimits;
}

export type Restored = { ok: true; server: GameServer } | { ok: false; error: string };

/** A GameServer running the checkpoint's match on from its tick, its people already seated. */
export function restoreServer(cp: Checkpoint, opts: RestoreOptions = {}): Restored {
  const map = mapById(cp.server.mapId) ?? opts.map;
  if (!map) return { ok: false, error: `checkpoint: map ${cp.server.mapId} is not one this build knows` };
  const players = new Set(cp.world.players.map((p) => p.id));
  if (cp.clients.some((c) => !players.has(c.id))) return { ok: false, error: 'checkpoint: a client without a player' };
  const server = new GameServer({
    tickrate: cp.server.tickrate,
    maxUnlagS: cp.server.maxUnlagMs / 1000,
    lagCompensation: cp.server.lagCompensation,
    seed: cp.world.rng,
    maxPlayers: cp.server.maxPlayers,
    map,
    ...(opts.abuse ? { abuse: opts.abuse } : {}),
  });
  const commands = cp.clients.map((c) => ({
    id: c.id,
    last: c.lastCmd ? { cmd: { ...c.lastCmd }, madeAtTick: c.lastCmd.tick - c.lastCmdMadeAgo256 / 256 } : null,
  }));
  server.importCore({ world: cp.world, rewind: cp.rewind, nextEventId: cp.nextEventId, lagCompensation: cp.server.lagCompensation, maxUnlagS: cp.server.maxUnlagMs / 1000, mapId: cp.server.mapId, maxPlayers: cp.server.maxPlayers, commands });
  return { ok: true, server };
}
