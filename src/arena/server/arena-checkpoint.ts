/**
 * The arena's migration checkpoints on the server side (issue 13): take one from a running GameServer, and
 * build a GameServer that runs the same match on from one.
 *
 * Inputs: the GameServer (between ticks: the world, commands, and the records it keeps for people
 * who left, from ServerMatch) and what only the host layer knows (names and seat tokens of the
 * people on the roster and of the seats held for those who left, bans, cvars, the lobby key); for
 * a restore, a decoded Checkpoint and, when its map is not in the registry, that map.
 * Outputs: a Checkpoint (encode it with src/arena/protocol/checkpoint-codec.ts), or a GameServer whose
 * next `tick` produces exactly what the checkpointed server's next tick produced given the same
 * commands (test/unit/server/checkpoint-determinism.test.ts) and that gives a returning player its
 * record back as the old host would have, plus the seats the host layer rebuilds its SeatKeeper from.
 * Invariants: capture never mutates the server; restore never throws (a checkpoint it cannot run
 * gives `{ ok: false, error }`). Not carried: round trips, baselines, unacked events and abuse
 * counters (each client's connection is new); lag-compensation history only as far as the
 * checkpoint carries it (ticks before that hold the oldest record carried, or the restore tick's).
 */
import type { Checkpoint, CheckpointClient, DepartedPlayer } from '../protocol/checkpoint-types';
import { mapById } from '../../sim/maps';
import type { ArenaMap, PlayerId } from '../../sim/types';
import type { AbuseLimits } from '../../server/abuse-monitor';
import { GameServer } from '../../server/game-server';
import type { SeatEntry, ServerCore } from '../../server/server-core';
import { sanitizeCmd } from '../../sim/quantize';
import type { ServedGameFactory, ServedTypes } from './served-game';
import { spectatorSettingsOf } from '../../server/spectator-settings';

/** The arena's whole core (served-game.ts ServedCore and GameServer's sessions). */
type ArenaCore = ServerCore<ServedTypes>;

/** The host layer's part of a checkpoint: the roster's names and seat tokens, and the lobby's records. */
export interface CheckpointLobby {
  /** Name and seat token of a connected person (undefined: "Player <id>" with a zero token). */
  person(id: PlayerId): { name: string; token: string } | undefined;
  /** The seats held for players who left (SeatKeeper's absent ones): token, id and name. */
  absent: ReadonlyArray<{ token: string; id: PlayerId; name: string }>;
  bans: Checkpoint['bans'];
  cvars: Checkpoint['cvars'];
  lobbyKey: Uint8Array;
}

export const NO_LOBBY: CheckpointLobby = {
  person: () => undefined,
  absent: [],
  bans: [],
  cvars: [],
  lobbyKey: new Uint8Array(0),
};
const ZERO_TOKEN = '0'.repeat(32);

/**
 * The departed entries: every seat the host holds for someone who left, with the record the server
 * kept for its id in this match (null when it left in an earlier one). A record without a seat
 * (a tab that sent no seat token) is not carried: no hello could ever claim it.
 */
function departedOf(core: ArenaCore, lobby: CheckpointLobby, clients: readonly CheckpointClient[]): DepartedPlayer[] {
  const records = new Map(core.departed.map((d) => [d.id, d.returning]));
  const connected = new Set(clients.map((c) => c.id));
  const tokensHere = new Set(clients.map((c) => c.token));
  // One entry per id and per token (the checkpoint's invariants, so a successor never refuses what
  // the host sent): were two seats ever held for one id, the last wins.
  const byId = new Map<PlayerId, DepartedPlayer>();
  for (const seat of lobby.absent) {
    if (seat.token === ZERO_TOKEN || connected.has(seat.id) || tokensHere.has(seat.token)) continue;
    byId.set(seat.id, { token: seat.token, id: seat.id, name: seat.name, returning: records.get(seat.id) ?? null });
  }
  const seen = new Set<string>();
  return [...byId.values()].sort((x, y) => x.id - y.id).filter((d) => !seen.has(d.token) && seen.add(d.token));
}

/** A seat token names one person: a repeat (a host-layer slip) travels as "none" rather than make the checkpoint unreadable. */
function oneTokenEach(clients: CheckpointClient[]): CheckpointClient[] {
  const seen = new Set<string>();
  for (const c of clients) {
    if (c.token !== ZERO_TOKEN && seen.has(c.token)) c.token = ZERO_TOKEN;
    seen.add(c.token);
  }
  return clients;
}

function clientOf(c: ArenaCore['commands'][number], lobby: CheckpointLobby): CheckpointClient {
  const person = lobby.person(c.id) ?? { name: `Player ${c.id}`, token: ZERO_TOKEN };
  const last = c.last;
  // madeAtTick is fractional (an arrival time); 1/256 tick is finer than anything it is compared with.
  const madeAgo = last ? Math.round((last.cmd.tick - last.madeAtTick) * 256) : 0;
  return {
    id: c.id,
    name: person.name,
    token: person.token,
    lastCmd: last ? { ...last.cmd } : null,
    lastCmdMadeAgo256: madeAgo,
  };
}

/**
 * A checkpoint of `server` as it stands between ticks. The world is shared, not copied: encode it
 * before the next tick. `rewindTicks`: how many ticks of lag-compensation history to carry (0 for
 * the periodic checkpoints; a handover's final one: the rewind window, sv_maxunlag × tickrate).
 */
export function captureCheckpoint(
  server: GameServer<ServedTypes>,
  lobby: CheckpointLobby = NO_LOBBY,
  rewindTicks = 0,
): Checkpoint {
  const core = server.exportCore(rewindTicks);
  const clients = oneTokenEach(core.commands.map((c) => clientOf(c, lobby)).sort((a, b) => a.id - b.id));
  return {
    server: {
      tickrate: server.tickrate,
      maxPlayers: core.maxPlayers,
      maxUnlagMs: Math.round(core.maxUnlagS * 1000),
      lagCompensation: core.lagCompensation,
      mapId: core.mapId,
    },
    world: core.world,
    rewind: core.rewind,
    nextEventId: core.nextEventId,
    clients,
    departed: departedOf(core, lobby, clients),
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

/** `seats`: what the host layer rebuilds its SeatKeeper from (`SeatKeeper.rebuild`): the connected people's and the departed's. */
export type Restored = { ok: true; server: GameServer<ServedTypes>; seats: SeatEntry[] } | { ok: false; error: string };

/** The seats of a checkpoint: each person with a seat token, present; each departed player, absent. */
export function seatsOf(cp: Checkpoint): SeatEntry[] {
  const here = cp.clients
    .filter((c) => c.token !== ZERO_TOKEN)
    .map((c) => ({ token: c.token, id: c.id, name: c.name, present: true }));
  return [...here, ...cp.departed.map((d) => ({ token: d.token, id: d.id, name: d.name, present: false }))];
}

/**
 * A GameServer running the checkpoint's match on from its tick, its people already seated and the
 * departed players' records kept (a rejoin, `addClient(id, now, true)`, gives them back).
 */
export function restoreServer(cp: Checkpoint, makeGame: ServedGameFactory, opts: RestoreOptions = {}): Restored {
  const map = mapById(cp.server.mapId) ?? opts.map;
  if (!map) return { ok: false, error: `checkpoint: map ${cp.server.mapId} is not one this build knows` };
  const players = new Set(cp.world.players.map((p) => p.id));
  if (cp.clients.some((c) => !players.has(c.id))) return { ok: false, error: 'checkpoint: a client without a player' };
  const server = new GameServer(
    {
      tickrate: cp.server.tickrate,
      maxUnlagS: cp.server.maxUnlagMs / 1000,
      lagCompensation: cp.server.lagCompensation,
      seed: cp.world.rng,
      maxPlayers: cp.server.maxPlayers,
      map,
      // The old host's spectator places and delay (issue 24) carry on.
      ...spectatorSettingsOf(cp.cvars),
      ...(opts.abuse ? { abuse: opts.abuse } : {}),
    },
    makeGame,
  );
  const commands = cp.clients.map((c) => ({
    id: c.id,
    last: c.lastCmd ? { cmd: sanitizeCmd(c.lastCmd), madeAtTick: c.lastCmd.tick - c.lastCmdMadeAgo256 / 256 } : null,
  }));
  const departed = cp.departed.flatMap((d) => (d.returning ? [{ id: d.id, returning: d.returning }] : []));
  const { server: s, world, rewind, nextEventId } = cp;
  // A copy: the server moves its own world on (skipTicks re-numbers it in place); the checkpoint stays as decoded.
  server.importCore({
    world: { ...world },
    rewind,
    nextEventId,
    lagCompensation: s.lagCompensation,
    maxUnlagS: s.maxUnlagMs / 1000,
    mapId: s.mapId,
    maxPlayers: s.maxPlayers,
    commands,
    departed,
  });
  return { ok: true, server, seats: seatsOf(cp) };
}
