/**
 * The snapshot as a plain value, for any game: the header every snapshot carries (the netcode's
 * own fields: ticks, command timing, parts) and the game's parts, named by its wire types: the
 * receiver's own state (`self`), one list per entity section, the events and the rules block.
 * The codec (snapshot-schema.ts) reads and writes these; only the bytes are a delta.
 */
import type { Tick } from './ticks';

/**
 * The types one game's snapshots carry. `lists` names each entity section and its entity type
 * (every entity has a small integer `id`); `self` is the receiver's own entity, in full.
 */
export interface WireTypes {
  self: { id: number };
  lists: { [name: string]: { id: number } };
  rules: unknown;
  event: unknown;
}

/** A game event tagged with a server-assigned id (mod 65536) so a client can drop repeats. */
export interface TaggedEvent<E> {
  id: number;
  tick: Tick;
  event: E;
}

/** The netcode's part of every snapshot. */
export interface SnapshotHead {
  /** The server tick this snapshot describes (state at the end of that tick). */
  serverTick: Tick;
  /** Tick of the snapshot this one was delta-encoded against; 0 = full snapshot. */
  baselineTick: Tick;
  /** Tick of the newest real command from this client the server has applied. */
  lastCmdTick: Tick;
  /**
   * Commands buffered on the server for this client beyond this tick, in ticks; negative when the
   * server had to repeat commands recently (starved). The client's clock steers this to a target.
   */
  cmdBufferDepth: number;
  /** `sendTimeMs` of the newest command packet received, and how long (ms) the server held it. */
  echoTimeMs: number;
  echoHoldMs: number;
  /** Part `part` of `partCount` when a snapshot is split to fit `MAX_DATAGRAM_BYTES` (else 0 of 1). */
  part: number;
  partCount: number;
}

/** The game's part: own state, events not yet acknowledged (they repeat until acked), rules block. */
export interface SnapshotBody<T extends WireTypes> {
  /** The receiver's own entity, in full (what its prediction starts from). */
  self: T['self'];
  events: TaggedEvent<T['event']>[];
  /** Decoded snapshots always have it; a value built without one encodes as the game's empty block. */
  match?: T['rules'];
}

/** One list per entity section, each sorted by id (the receiver left out of its own section). */
export type SnapshotLists<T extends WireTypes> = { [K in keyof T['lists']]: T['lists'][K][] };

/** Host → client, unreliable: a full snapshot value (the codec writes only what changed). */
export type SnapshotOf<T extends WireTypes> = SnapshotHead & SnapshotBody<T> & SnapshotLists<T>;

/** Any game's snapshot, as the codec handles it without knowing the game (lists through `listOf`). */
export type AnySnapshot = SnapshotHead & SnapshotBody<WireTypes>;

/** Entity list `name` of a snapshot (the codec walks sections by name). */
export const listOf = (s: AnySnapshot, name: string): { id: number }[] =>
  (s as unknown as Record<string, { id: number }[]>)[name] ?? [];
