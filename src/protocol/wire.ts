/**
 * What every message on the wire shares: the protocol version the handshake checks, the largest
 * datagram, and the result every decoder returns. The messages themselves: control-messages.ts
 * (lobby and match control, reliable channel) and a game's commands and snapshots (command-schema.ts,
 * snapshot-types.ts; the arena's are src/arena/protocol/arena-messages.ts).
 */
import type { Tick } from './ticks';

/**
 * Bumped on any incompatible change to any codec; checked in the handshake. Whatever the version,
 * a 'hello' or 'auth-challenge' starts with [type u8][protocolVersion u16] and a 'reject' keeps its
 * layout, so two versions can always tell each other "version mismatch" (peekHandshakeVersion).
 */
export const PROTOCOL_VERSION = 4;
/** Largest message we put on an unreliable DataChannel (no SCTP fragmentation, DESIGN §4). */
export const MAX_DATAGRAM_BYTES = 1150;
/** Result of every decoder: never throws, a malformed input is an `ok: false` with a reason. */
export type DecodeResult<T> = { ok: true; value: T } | { ok: false; error: string; baselineMismatch?: Tick };
