/**
 * The PeerServer's wire, read as input from strangers. Anyone who knows a lobby's room id can make
 * the signaling server relay an OFFER, ANSWER or CANDIDATE to the host; before this file existed,
 * PeerJS built an RTCPeerConnection and a DataConnection class named by the OFFER itself. Here a
 * relayed message becomes a typed value only when it has exactly the shape the project sends
 * (PeerJS 1.5's DataConnection negotiation with `serialization: 'raw'`, `reliable: true`, no
 * metadata); anything else is null, to be dropped and counted by the caller. Nothing here throws.
 *
 * Inputs: one parsed JSON value from the signaling socket. Outputs: `ServerMessage` or null;
 * `readOffer` / `readAnswer` / `readCandidate` for the payloads. Invariant: no lookup is ever keyed
 * by a peer-chosen string on a plain object (no prototype names can be reached).
 */

/** PeerJS's connection ids: 'dc_' and a random token; ours and any PeerJS 1.5 client's fit. */
const CONNECTION_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Signaling ids, as the project's guard accepts them (scripts/signaling-guard.mjs). */
const PEER_ID = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;
/** A real offer or answer for two data channels is 1–4 KB; TURN-heavy ones stay far below this. */
export const MAX_SDP_CHARS = 16_384;
/** One `a=candidate` line; real ones are ~100–200 characters. */
export const MAX_CANDIDATE_CHARS = 1024;

export type ServerMessageType =
  'OPEN' | 'ERROR' | 'ID-TAKEN' | 'INVALID-KEY' | 'LEAVE' | 'EXPIRE' | 'OFFER' | 'ANSWER' | 'CANDIDATE' | 'HEARTBEAT';
const TYPES: ReadonlySet<string> = new Set<ServerMessageType>([
  'OPEN',
  'ERROR',
  'ID-TAKEN',
  'INVALID-KEY',
  'LEAVE',
  'EXPIRE',
  'OFFER',
  'ANSWER',
  'CANDIDATE',
  'HEARTBEAT',
]);

export interface ServerMessage {
  type: ServerMessageType;
  /** The sending peer's id (relayed messages), '' when the server speaks for itself. */
  src: string;
  payload: unknown;
}

export interface Offer {
  connectionId: string;
  /**
   * The signaling server's tag of the sender's address (`sourceTag`, stamped by the project's own
   * server over whatever the sender put there), or null from a server that does not stamp one.
   */
  source: string | null;
  /** The label of the reliable channel the joiner creates (PeerJS: the connection id). */
  label: string;
  sdp: string;
}

export interface Answer {
  connectionId: string;
  sdp: string;
}

export interface Candidate {
  connectionId: string;
  candidate: RTCIceCandidateInit;
}

type Fields = Record<string, unknown>;

function asFields(v: unknown): Fields | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Fields) : null;
}

function own(o: Fields, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** Parses one socket frame; null for anything that is not a known message of the right shape. */
export function readServerMessage(text: unknown): ServerMessage | null {
  if (typeof text !== 'string') return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  const o = asFields(v);
  const type = o ? own(o, 'type') : undefined;
  if (!o || typeof type !== 'string' || !TYPES.has(type)) return null;
  const src = own(o, 'src');
  if (src !== undefined && (typeof src !== 'string' || (src !== '' && !PEER_ID.test(src)) || src.length > 64))
    return null;
  return { type: type as ServerMessageType, src: src ?? '', payload: own(o, 'payload') };
}

function description(v: unknown, want: 'offer' | 'answer'): string | null {
  const d = asFields(v);
  if (!d || own(d, 'type') !== want) return null;
  const sdp = own(d, 'sdp');
  return typeof sdp === 'string' && sdp.length > 0 && sdp.length <= MAX_SDP_CHARS ? sdp : null;
}

function connectionIdOf(p: Fields): string | null {
  const id = own(p, 'connectionId');
  return typeof id === 'string' && CONNECTION_ID.test(id) ? id : null;
}

/**
 * An OFFER the host may answer: a data connection asking for exactly the project's channel
 * (`serialization: 'raw'`, `reliable: true`, no metadata). A joiner asking for PeerJS's 'binary',
 * 'json' or any other serializer, or carrying metadata, is refused here, before any allocation.
 */
export function readOffer(payload: unknown): Offer | null {
  const p = asFields(payload);
  if (!p) return null;
  const connectionId = connectionIdOf(p);
  const label = own(p, 'label');
  const metadata = own(p, 'metadata');
  if (
    connectionId === null ||
    own(p, 'type') !== 'data' ||
    own(p, 'serialization') !== 'raw' ||
    own(p, 'reliable') !== true
  )
    return null;
  if (metadata !== undefined && metadata !== null) return null;
  if (typeof label !== 'string' || !CONNECTION_ID.test(label)) return null;
  const sdp = description(own(p, 'sdp'), 'offer');
  const tag = own(p, 'sourceTag');
  const source = typeof tag === 'string' && CONNECTION_ID.test(tag) ? tag : null;
  return sdp === null ? null : { connectionId, source, label, sdp };
}

export function readAnswer(payload: unknown): Answer | null {
  const p = asFields(payload);
  const connectionId = p ? connectionIdOf(p) : null;
  const sdp = p ? description(own(p, 'sdp'), 'answer') : null;
  return connectionId === null || sdp === null ? null : { connectionId, sdp };
}

export function readCandidate(payload: unknown): Candidate | null {
  const p = asFields(payload);
  const connectionId = p ? connectionIdOf(p) : null;
  const c = p ? asFields(own(p, 'candidate')) : null;
  if (connectionId === null || !c) return null;
  const line = own(c, 'candidate');
  const mid = own(c, 'sdpMid');
  const index = own(c, 'sdpMLineIndex');
  if (typeof line !== 'string' || line.length > MAX_CANDIDATE_CHARS) return null;
  if (mid !== undefined && mid !== null && (typeof mid !== 'string' || mid.length > 32)) return null;
  if (
    index !== undefined &&
    index !== null &&
    (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > 64)
  )
    return null;
  const candidate: RTCIceCandidateInit = { candidate: line };
  if (typeof mid === 'string') candidate.sdpMid = mid;
  if (typeof index === 'number') candidate.sdpMLineIndex = index;
  return { connectionId, candidate };
}

/** What the joiner sends: the payload PeerJS 1.5 sends for `connect(id, { reliable: true, serialization: 'raw' })`. */
export function offerPayload(connectionId: string, sdp: string): Fields {
  return {
    sdp: { type: 'offer', sdp },
    type: 'data',
    connectionId,
    label: connectionId,
    reliable: true,
    serialization: 'raw',
  };
}

export function answerPayload(connectionId: string, sdp: string): Fields {
  return { sdp: { type: 'answer', sdp }, type: 'data', connectionId };
}

export function candidatePayload(connectionId: string, c: RTCIceCandidateInit): Fields {
  return {
    candidate: { candidate: c.candidate ?? '', sdpMid: c.sdpMid ?? null, sdpMLineIndex: c.sdpMLineIndex ?? null },
    type: 'data',
    connectionId,
  };
}
