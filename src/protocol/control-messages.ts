/**
 * The reliable control channel's messages as plain TypeScript values (control.ts encodes them;
 * docs/PROTOCOL.md has the layout): the handshake and host authentication, welcome, reject and
 * kick, chat, the lobby roster, client settings, and host migration's successors and checkpoints.
 */
import type { WatchersMessage } from './watchers-codec';
import type { PlayerId } from './ids';
import type { DebugMessage } from './debug-messages';
import type { KillCamMessage } from './kill-cam-codec';

/**
 * Why the host refused a joiner. The order is the wire's (append only). 'attempts': too many wrong
 * passwords (this peer, or the whole lobby is backing off); 'name': the name breaks the lobby's
 * name rules; 'busy': too many handshakes from the same source at once.
 */
export type RejectReason =
  'full' | 'version' | 'password' | 'kicked' | 'banned' | 'bad-hello' | 'started' | 'attempts' | 'name' | 'busy';
/** Why a host removes a player; 'shutdown': the (dedicated) host is stopping and tells everyone before it goes. */
export type KickReason = 'host' | 'malformed' | 'flood' | 'timeout' | 'shutdown';

/** A client's network settings, as its 'settings' message carries them (the server clamps them). */
export interface ClientNetSettings {
  /** Snapshots per second asked for (cl_updaterate). */
  updateRate: number;
  /** Bytes per second the client accepts (rate). */
  rate: number;
  /** The client's interpolation delay in ms (what it draws others behind by). */
  interpMs: number;
}

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
  /**
   * Protocol 4, optional (issue 24): this client understands the 'watchers' message (type 14), so
   * the host sends it the lobby's spectators with each lobby list. Flag bit 16; pages of this build set it.
   */
  watchers?: boolean;
  /**
   * Protocol 4, optional (issue 24, spectators): this client wants to watch, not play: it takes no
   * seat (the lobby's spectator places, `sv_maxspectators`), gets observer frames instead of
   * snapshots and its commands are never run. Flag bit 4; absent (every other hello) means false.
   */
  watch?: boolean;
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
 * Host → successor, reliable: a migration checkpoint (the game's bytes, e.g. the arena's
 * src/arena/protocol/checkpoint-codec.ts; opaque to the control codec; 1..MAX_CHECKPOINT_MESSAGE_BYTES long), about once a second and at
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
   * `debug` asks for 'debug' messages (true while sv_showhitboxes is 1); `killCam` for 'killcam'
   * messages (cl_killcam 1; optional: absent is false, as an older client's settings decode).
   */
  | { type: 'settings'; updateRate: number; rate: number; interpMs: number; debug: boolean; killCam?: boolean }
  | { type: 'lobby'; players: LobbyPlayer[]; started: boolean }
  | DebugMessage
  | SuccessorsMessage
  | CheckpointMessage
  | KillCamMessage
  | WatchersMessage;
