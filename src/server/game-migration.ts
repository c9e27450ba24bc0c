/**
 * Host migration (issue 13) as any game's runtime sees it: what a checkpoint request and a restore
 * take and give, and `GameMigration`, how one game's matches are checkpointed and restored. The
 * worker entry's factory carries it (`RuntimeGameFactory.migration`): the arena's is
 * src/arena/server/arena-migration.ts (its own checkpoint codec, byte for byte as before); a game that brings a
 * codec for its core uses core-migration.ts; a factory without one serves a game that cannot
 * migrate (ServerRuntime's checkpoint is then null and its restore refused, nothing throws).
 */
import type { CheckpointCvar } from '../protocol/checkpoint-fields';
import type { SnapshotOf } from '../protocol/snapshot-types';
import type { PlayerId } from '../protocol/ids';
import type { SeatEntry } from './server-core';
import type { GameFactory, GameServer } from './game-server';
import type { ServerGameTypes } from './server-game';

/** The host layer's part of a checkpoint, as data that crosses comlink (the arena's arena-checkpoint.ts CheckpointLobby without its function). */
export interface PlainCheckpointLobby {
  /** The people on the roster: id, name and seat token (all zeros: none). */
  people: Array<{ id: PlayerId; name: string; token: string }>;
  /** The seats held for players who left. */
  absent: Array<{ token: string; id: PlayerId; name: string }>;
  bans: string[];
  cvars: CheckpointCvar[];
  /** The host secrets blob (src/lobby/host-secrets.ts), opaque here. */
  lobbyKey: Uint8Array;
}

/** `S`: the game's decoded snapshot (`SnapshotOf` its wire types). */
export interface RestoreRequest<S> {
  /** The successor's newest decoded snapshot (null: start from the checkpoint as it is). */
  snapshot: S | null;
  /** Names the successor knows for players (from its lobby list), for anyone who joined after the checkpoint. */
  names: Array<[PlayerId, string]>;
  /** Ticks that passed since that snapshot (or checkpoint): the tick numbers jump by this many. */
  skipTicks: number;
}

export interface RestoreInfo {
  ok: true;
  /** The tick the restored server runs on from (its next tick is tick + 1). */
  tick: number;
  /** The tick of the checkpoint as it arrived (before bringing it forward). */
  checkpointTick: number;
  seats: SeatEntry[];
  bans: string[];
  cvars: CheckpointCvar[];
  lobbyKey: Uint8Array;
  /** The arena's map (0 for a game without maps). */
  mapId: number;
  tickrate: number;
  maxPlayers: number;
  /** sv_maxunlag in ms (0 for a game without lag compensation). */
  maxUnlagMs: number;
}

export type RestoreResult = RestoreInfo | { ok: false; error: string };

/** A restored server and the people it already holds a session (and a body) for, who come back on new ports; or why not. */
export type RestoreOutcome<G extends ServerGameTypes> =
  { info: RestoreInfo; server: GameServer<G>; clients: PlayerId[] } | { info: { ok: false; error: string } };

/** How one game's matches are checkpointed and restored. Neither call throws. */
export interface GameMigration<G extends ServerGameTypes> {
  /** The encoded checkpoint of `server` between ticks, `rewindTicks` of rewind history, or why not. */
  checkpoint(
    server: GameServer<G>,
    lobby: PlainCheckpointLobby,
    rewindTicks: number,
  ): { ok: true; bytes: Uint8Array } | { ok: false; error: string };
  /** A server running the checkpoint's match on (untrusted bytes), brought forward with the request's snapshot. */
  restore(bytes: unknown, req: RestoreRequest<SnapshotOf<G['wire']>>, makeGame: GameFactory<G>): RestoreOutcome<G>;
}

/** What a worker entry hands the runtime: the game's factory, and how its matches migrate when they can. */
export type RuntimeGameFactory<G extends ServerGameTypes> = GameFactory<G> & {
  readonly migration?: GameMigration<G>;
  /** The game's id, as its replays' headers and the page's game list name it ('arena', 'pushball'). */
  readonly game?: string;
};

/** The refusal of a restore for a game without a migration. */
export const CANNOT_MIGRATE = { ok: false, error: 'restore: this game cannot be restored from a checkpoint' } as const;
