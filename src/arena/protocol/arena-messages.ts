/**
 * The arena's messages as plain TypeScript values (the netcode's codecs, with the arena's schemas
 * in this folder, turn them into bytes and back; docs/PROTOCOL.md has the layout): `CmdPacket`
 * (client → host) and `Snapshot` (host → client) on the unreliable, unordered channel. The 'debug'
 * control message is the netcode's (src/protocol/debug-messages.ts).
 */
import type { PlayerState, ProjectileState, PublicPlayerState, SimEvent, UserCmd } from '../../sim/types';
import type { PublicMatchState } from '../../sim/match-types';
import type { SanitizedCmd } from '../../sim/quantize';
import type { CommandPacket } from '../../protocol/command-schema';
import type { SnapshotHead, TaggedEvent } from '../../protocol/snapshot-types';

export { CMDS_PER_PACKET } from '../../protocol/command-schema';

/**
 * Client → host, unreliable, sent every client tick (or at `cl_cmdrate`): the netcode's
 * CommandPacket (command-schema.ts) of the arena's commands. `C`: the encoder and the decoder use
 * sanitized commands (the client makes them so; the decoder refuses any other);
 * `CmdPacket<UserCmd>` is a packet built by hand, made sendable by `quantizeCmdPacket`.
 */
export type CmdPacket<C extends UserCmd = SanitizedCmd> = CommandPacket<C>;

/** A sim event tagged with a server-assigned id (mod 65536) so a client can drop repeats. */
export type NetEvent = TaggedEvent<SimEvent>;

/**
 * Host → client, unreliable: the arena's snapshot (the header is the netcode's, SnapshotHead in
 * snapshot-types.ts). Always handled by the codec as a *full* value: the encoder takes the target
 * snapshot and the baseline the client acked and writes only what changed; the decoder takes the
 * bytes and a lookup for that baseline and returns the full target again.
 */
export interface Snapshot extends SnapshotHead {
  /** The receiver's own player, in full (what its prediction starts from). */
  self: PlayerState;
  /** Every other player (public fields only), sorted by id. */
  players: PublicPlayerState[];
  /** Live rockets, sorted by id. */
  projectiles: ProjectileState[];
  /** Events not yet acknowledged by this client (they repeat until a snapshot holding them is acked). */
  events: NetEvent[];
  /**
   * The match block (protocol 3): mode, map, phase and clock, scores, teams, pickups, results.
   * Decoded snapshots always have it; a value built without one encodes as EMPTY_MATCH (src/arena/protocol/match-value.ts).
   */
  match?: PublicMatchState;
}

/**
 * The arena's snapshot types for the netcode's codec (snapshot-types.ts): `Snapshot` above is
 * `SnapshotOf<ArenaWireTypes>` written out; src/arena/protocol/arena-wire.ts compiles its schema.
 */
export interface ArenaWireTypes {
  self: PlayerState;
  lists: { players: PublicPlayerState; projectiles: ProjectileState };
  rules: PublicMatchState;
  event: SimEvent;
}
