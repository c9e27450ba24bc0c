/**
 * The messages on the wire, as plain TypeScript values (the codecs in this folder turn them into
 * bytes and back). See docs/PROTOCOL.md for the byte layout.
 *
 * Channels: `CmdPacket` (client → host) and `Snapshot` (host → client) travel on the unreliable,
 * unordered channel; `ControlMessage` on the reliable, ordered one.
 */
import type { Hitbox, PlayerId, PlayerState, ProjectileState, PublicPlayerState, SimEvent, Tick, UserCmd } from '../sim/types';
import type { PublicMatchState } from '../sim/match-types';

/**
 * Bumped on any incompatible change to any codec; checked in the handshake. Whatever the version,
 * a 'hello' or 'auth-challenge' starts with [type u8][protocolVersion u16] and a 'reject' keeps its
 * layout, so two versions can always tell each other "version mismatch" (peekHandshakeVersion).
 */
export const PROTOCOL_VERSION = 4;
/** Largest message we put on an unreliable DataChannel (no SCTP fragmentation, DESIGN §4). */
export const MAX_DATAGRAM_BYTES = 1150;
/** How many of the newest commands ride in every command packet (redundancy against loss). */
export const CMDS_PER_PACKET = 3;

/** Client → host, unreliable, sent every client tick (or at `cl_cmdrate`). */
export interface CmdPacket {
  /**
   * Server tick of the newest complete snapshot this client received and still holds, or null when
   * it holds none it trusts (the host then sends a full snapshot). Independent of the command ticks:
   * it may lie before or after them, but it only ever names a snapshot that really arrived.
   */
  ackTick: Tick | null;
  /** Client clock in ms, mod 65536; echoed back in snapshots to measure the round trip. */
  sendTimeMs: number;
  /** 1..CMDS_PER_PACKET commands with consecutive ticks, oldest first. */
  cmds: UserCmd[];
}

/** A sim event tagged with a server-assigned id (mod 65536) so a client can drop repeats. */
export interface NetEvent {
  id: number;
  tick: Tick;
  event: SimEvent;
}

/**
 * Host → client, unreliable. Always handled by the codec as a *full* value: the encoder takes the
 * target snapshot and the baseline the client acked and writes only what changed; the decoder
 * takes the bytes and a lookup for that baseline and returns the full target again.
 */
export interface Snapshot {
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
   * Decoded snapshots always have it; a value built without one encodes as EMPTY_MATCH (match-block.ts).
   */
  match?: PublicMatchState;
}

/**
 * Why the host refused a joiner. The order is the wire's (append only). 'attempts': too many wrong
 * passwords (this peer, or the whole lobby is backing off); 'name': the name breaks the lobby's
 * name rules; 'busy': too many handshakes from the same source at once.
 */
export type RejectReason = 'full' | 'version' | 'password' | 'kicked' | 'banned' | 'bad-hello' | 'started' | 'attempts' | 'name' | 'busy';
/** Why a host removes a player; 'shutdown': the (dedicated) host is stopping and tells everyone before it goes. */
export type KickReason = 'host' | 'malformed' | 'flood' | 'timeout' | 'shutdown';

/** Settings the host tells every client on welcome. */
export interface MatchSettings {
  tickrate: number;
  maxPlayers: number;
  mapName: string;
  maxUnlagMs: number;
}

export interface LobbyPlayer {
  id: PlayerId;
  name: string;
  pingMs: number;
  isHost: boolean;
}

/** Signature algorithms a host may prove itself with (append only); 'p256' = ECDSA P-256 with SHA-256. */
export type AuthAlgorithm = 'p256';
/** Bytes of an 'auth-challenge' nonce. */
export const AUTH_NONCE_BYTES = 32;
/** Bytes of a browser token (hex on our side: twice as many characters). */
export const BROWSER_TOKEN_BYTES = 16;

/**
 * Joiner → host, the first message on a new link: "prove you hold the lobby's key". The host
 * answers 'auth-proof' (or 'reject' when the version differs). Nothing secret travels before the
 * joiner has checked the proof (docs/SECURITY.md).
 */
export interface AuthChallenge {
  type: 'auth-challenge';
  protocolVersion: number;
  /** AUTH_NONCE_BYTES fresh random bytes. */
  nonce: Uint8Array;
}

/**
 * Host → joiner: the lobby's public key and its signature over the challenge, bound to the room
 * id and to both DTLS fingerprints of this connection (lobby/host-auth.ts builds the transcript).
 */
export interface AuthProof {
  type: 'auth-proof';
  algorithm: AuthAlgorithm;
  /** P-256: the uncompressed point, 65 bytes starting 0x04. */
  publicKey: Uint8Array;
  /** P-256: r ‖ s, 64 bytes (WebCrypto's format). */
  signature: Uint8Array;
}

/** Joiner → host once the host is proven: who wants in. */
export interface Hello {
  type: 'hello';
  protocolVersion: number;
  name: string;
  password: string;
  /**
   * This browser's persistent random token (BROWSER_TOKEN_BYTES as lowercase hex): what a kick
   * bans for the rest of the match. A determined player can clear it; it is not an identity.
   */
  browserToken: string;
  /**
   * Obsolete (BROWSER_TOKEN_BYTES as lowercase hex): pages of this build send all zeros and hosts
   * ignore it. It was the seat's credential before the seat proof (below) replaced it: a token is
   * something an impostor host can collect and replay, a proof bound to the connection is not.
   */
  seatToken: string;
  /**
   * Protocol 4, optional (issue 13, host migration): true when this client can take the match over
   * if the host goes (it runs the server worker and can claim the lobby's peer id). Sent as one
   * trailing byte (1) only when true; a hello without it (older clients, the reference client)
   * means false, and decodes without this field. Only such clients get 'successors' and 'checkpoint'.
   */
  migration?: boolean;
  /**
   * Protocol 4, optional (issue 21): this tab's seat key for this lobby and its signature over this
   * connection (docs/PROTOCOL.md "Seat proof"). The host files the seat under the key's hash and
   * gives it back only to a hello whose signature verifies over the host's own view of the
   * connection. Absent (older clients, the reference client): no seat, no rejoin.
   */
  seatProof?: SeatProof;
}

/** A seat key (ECDSA P-256) and its signature over one connection's seat transcript. */
export interface SeatProof {
  /** The uncompressed point, 65 bytes starting 0x04. */
  publicKey: Uint8Array;
  /** r ‖ s, 64 bytes (WebCrypto's format). */
  signature: Uint8Array;
}

/** At most this many successors are named (docs/PROTOCOL.md "Host migration"). */
export const MAX_SUCCESSORS = 3;
/** Largest migration checkpoint a 'checkpoint' message carries (its length is a u16). */
export const MAX_CHECKPOINT_MESSAGE_BYTES = 65535;

/**
 * Host → migration-capable joiner, reliable: who takes the match over if the host goes, in order
 * (0..MAX_SUCCESSORS distinct player ids, 1..255). Sent right after welcome and whenever the list changes.
 */
export interface SuccessorsMessage {
  type: 'successors';
  ids: PlayerId[];
}

/**
 * Host → successor, reliable: a migration checkpoint (src/protocol/checkpoint-codec.ts's bytes,
 * opaque to the control codec; 1..MAX_CHECKPOINT_MESSAGE_BYTES long), about once a second and at
 * once when the roster changes. `final`: the host is handing the match over to this successor now
 * (graceful handover: take over at once, no waiting for silence).
 */
export interface CheckpointMessage {
  type: 'checkpoint';
  final: boolean;
  bytes: Uint8Array;
}

/**
 * Chat: a client's 'chat' carries its line (its `from` is ignored: the host knows who sent it); the
 * host relays a line it accepts to every client with `from` set to the sender, and sends notices of
 * its own (e.g. "you are sending chat too fast") with `from` = SYSTEM_CHAT_ID (0, never a player
 * id), shown as the lobby speaking. The host accepts lines of 1..CHAT_MAX_CHARS code points (pages
 * cut to that); the wire allows 200, the text rule every message text shares (docs/PROTOCOL.md, Chat).
 */
export const SYSTEM_CHAT_ID = 0;
export const CHAT_MAX_CHARS = 120;

/** Reliable control channel. */
export type ControlMessage =
  | Hello
  | AuthChallenge
  | AuthProof
  | { type: 'welcome'; clientId: PlayerId; settings: MatchSettings }
  | { type: 'reject'; reason: RejectReason; text: string }
  | { type: 'kick'; reason: KickReason; text: string }
  | { type: 'chat'; from: PlayerId; text: string }
  | { type: 'leave' }
  /**
   * Client → host: the client's network settings, sent after welcome and whenever they change.
   * `debug` asks for 'debug' messages (true while sv_showhitboxes is 1).
   */
  | { type: 'settings'; updateRate: number; rate: number; interpMs: number; debug: boolean }
  | { type: 'lobby'; players: LobbyPlayer[]; started: boolean }
  | DebugMessage
  | SuccessorsMessage
  | CheckpointMessage;

/** How the server chose the view time it rewound a shot to (mirrors the lag compensator's answer). */
export type RewindAdjustmentWire = 'none' | 'estimate' | 'clamped';

/** What the server tested for one client's last hitscan shot (lag compensation made visible). */
export interface RewindDebugWire {
  /** Server tick the shot was fired on. */
  tick: Tick;
  /** View time the command claimed, and the one the server tested (ticks, on a 1/256 grid). */
  claimedViewTime: number;
  viewTime: number;
  adjustment: RewindAdjustmentWire;
  lagCompensated: boolean;
  /** The other players' hitboxes as the server tested them. */
  hitboxes: Hitbox[];
  hit: PlayerId | null;
}

/**
 * Host → client, reliable, about 10 times a second and only to a client whose 'settings' said
 * `debug: true`: the other players' hitboxes at server tick `tick` and the client's last rewind.
 */
export interface DebugMessage {
  type: 'debug';
  tick: Tick;
  hitboxes: Hitbox[];
  rewind: RewindDebugWire | null;
}

/** Result of every decoder: never throws, a malformed input is an `ok: false` with a reason. */
export type DecodeResult<T> = { ok: true; value: T } | { ok: false; error: string; baselineMismatch?: Tick };
