/**
 * The joiner's way in: open a Peer on the signaling server, connect to the room's host peer,
 * make it prove it holds the lobby's key (host-auth.ts), then send hello on the reliable channel
 * and wait for welcome or reject. Every failure becomes a `JoinFailure` (see failures.ts), never
 * an exception with a browser's raw wording.
 *
 * Inputs: signaling options, the link's target (room id + host key), name, password, the browser
 * token, this tab's seat key pair for the lobby, a `CryptoLike`. Outputs: the open link, the
 * welcome and the Peer (to destroy on leave), or the failure. Invariants: nothing but the challenge
 * is sent before the proof checks out (no name, no password, no token); any answer but a proof that
 * verifies, a `reject` included, is "This is not the host of this lobby."; the hello's seat proof is
 * signed over this connection's fingerprints (seat-proof.ts), so it is worth nothing on any other;
 * on failure everything opened here is closed again.
 */
import { decodeControl, encodeControl } from '../protocol/control';
import { PROTOCOL_VERSION } from '../protocol/wire';
import type { ControlMessage, MatchSettings } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import { connectLink } from '../transport/outgoing-link';
import { openPeer, TransportError, type Peer, type PeerLink, type SignalingOptions } from '../transport/peer-link';
import type { JoinFailure } from './failures';
import { awaitConnectionFingerprints, newChallenge, verifyHostProof } from './host-auth';
import type { CryptoLike } from './host-key';
import type { LobbyTarget } from './link';
import type { DtlsFingerprints } from './host-auth';
import { proveSeat, type SeatKeyPair } from './seat-proof';
import { hostPeerId } from './room-id';
import { describeSignaling } from './signaling-config';

export interface Joined {
  peer: Peer;
  link: PeerLink;
  clientId: PlayerId;
  settings: MatchSettings;
  /** Control messages that arrived right behind the welcome (e.g. the first lobby list). */
  early: ControlMessage[];
}

export interface JoinRequest {
  signaling: SignalingOptions;
  target: LobbyTarget;
  name: string;
  password: string;
  browserToken: string;
  /** This tab's seat key pair for this lobby (seat-key-pair.ts): the host gives a returning one its seat back; null: no seat. */
  seat: SeatKeyPair | null;
  crypto: CryptoLike;
  /** This page can take the match over if the host goes (hello's `migration` byte; issue 13). */
  migration?: boolean;
  /** Watch instead of play (hello's watch bit; issue 24): a spectator, no seat. */
  watch?: boolean;
  /** How long to wait for the peer-to-peer link (default LINK_TIMEOUT_MS); a migration's quick retries wait less. */
  linkTimeoutMs?: number;
  /** How long to wait for the signaling server (a reconnecting page asks quickly and often). */
  signalingTimeoutMs?: number;
}

export type JoinResult = { ok: true; joined: Joined } | { ok: false; failure: JoinFailure };

const SIGNALING_TIMEOUT_MS = 8000;
const NO_SEAT_TOKEN = '0'.repeat(32);
/** Issue 22: a joiner with no route hears so (and what to do) within 10 s of clicking Join; TURN links open in ~1 s. */
export const LINK_TIMEOUT_MS = 8000;
const AUTH_TIMEOUT_MS = 5000;
const WELCOME_TIMEOUT_MS = 8000;

function fromTransport(err: unknown, signaling: SignalingOptions, roomId: string): JoinFailure {
  if (!(err instanceof TransportError))
    return { kind: 'other', detail: err instanceof Error ? err.message : String(err) };
  switch (err.kind) {
    case 'signaling-unreachable':
      return { kind: 'signaling-unreachable', address: describeSignaling(signaling), detail: err.message };
    case 'room-not-found':
      return { kind: 'room-not-found', roomId };
    case 'connection-failed':
      return { kind: 'connection-failed', detail: err.message };
    case 'no-route':
      return { kind: 'no-route', detail: err.message };
    case 'id-taken':
      return { kind: 'id-taken' };
    case 'other':
      return { kind: 'other', detail: err.message };
  }
}

/**
 * Reads control messages until `take` returns a result (or the time runs out, or the link closes).
 * An undecodable message is passed as null: what that means depends on the stage.
 */
function readUntil<T>(
  link: PeerLink,
  timeoutMs: number,
  take: (m: ControlMessage | null) => T | undefined,
  onEnd: () => T,
  onTimeout: () => T,
): Promise<T> {
  return new Promise((resolve) => {
    const finish = (r: T): void => {
      clearTimeout(timer);
      off();
      offClose();
      resolve(r);
    };
    const timer = setTimeout(() => finish(onTimeout()), timeoutMs);
    const off = link.reliable.onMessage((bytes) => {
      const m = decodeControl(bytes);
      const r = take(m.ok ? m.value : null);
      if (r !== undefined) finish(r);
    });
    const offClose = link.reliable.onClose(() => finish(onEnd()));
  });
}

/**
 * The host's proof of the lobby key for this connection, or the failure to show. Sends the
 * challenge and nothing else; exported for the unit test that reads what an impostor receives.
 */
export async function authenticateHost(
  link: PeerLink,
  req: Pick<JoinRequest, 'target' | 'crypto'>,
): Promise<JoinFailure | null> {
  const r = await proveHostOn(link, req);
  return 'kind' in r ? r : null;
}

/** authenticateHost, keeping what a seat proof signs over: this connection's fingerprints and our nonce. */
async function proveHostOn(
  link: PeerLink,
  req: Pick<JoinRequest, 'target' | 'crypto'>,
): Promise<JoinFailure | { dtls: DtlsFingerprints; nonce: Uint8Array }> {
  const dtls = await awaitConnectionFingerprints(() => link.descriptions(), 'joiner');
  if (!dtls) {
    const sdp = link.descriptions();
    const said = (what: string, d: string | null): string =>
      `${what} ${d === null ? 'missing' : d === '' ? 'empty' : 'without a fingerprint'}`;
    return {
      kind: 'connection-failed',
      detail: `the connection has no DTLS fingerprint to check the host against: ${said('local description', sdp.local)}, ${said('remote description', sdp.remote)}`,
    };
  }
  const challenge = newChallenge(req.crypto);
  const reply = readUntil<ControlMessage | JoinFailure>(
    link,
    AUTH_TIMEOUT_MS,
    (m) => m ?? { kind: 'not-host' },
    () => ({ kind: 'connection-failed', detail: 'the host closed the connection' }),
    () => ({ kind: 'handshake-timeout' }),
  );
  link.reliable.send(encodeControl(challenge));
  const m = await reply;
  if ('kind' in m) return m;
  // Before the proof, a reject is anyone's: an impostor could answer 'password' to make the page
  // say "Wrong password." So every pre-proof reject reads as not-host (its reason kept for retries).
  if (m.type === 'reject') return { kind: 'not-host', refused: m.reason };
  if (m.type !== 'auth-proof') return { kind: 'not-host' };
  const verdict = await verifyHostProof(m, req.target.hostKey, req.target.roomId, challenge.nonce, dtls, req.crypto);
  return verdict === 'ok' ? { dtls, nonce: challenge.nonce } : { kind: 'not-host' };
}

type Welcome = { clientId: PlayerId; settings: MatchSettings; early: ControlMessage[] };

/** Waits for the (proven) host's answer to our hello. */
function awaitWelcome(link: PeerLink): Promise<Welcome | JoinFailure> {
  const early: ControlMessage[] = [];
  return readUntil<Welcome | JoinFailure>(
    link,
    WELCOME_TIMEOUT_MS,
    (m) => {
      if (m === null) return undefined;
      if (m.type === 'reject') return { kind: 'rejected', reason: m.reason, text: m.text };
      if (m.type === 'kick') return { kind: 'kicked', reason: m.reason, text: m.text };
      // Hand over right away: later messages are read by the session's own listener.
      if (m.type === 'welcome') return { clientId: m.clientId, settings: m.settings, early };
      early.push(m);
      return undefined;
    },
    () => ({ kind: 'connection-failed', detail: 'the host closed the connection' }),
    () => ({ kind: 'handshake-timeout' }),
  );
}

/** A host that says 'busy' (too many handshakes from our address at once) is asked again, a few times. */
const BUSY_RETRIES = 3;
const BUSY_RETRY_MS = 1000;

export async function joinLobby(req: JoinRequest): Promise<JoinResult> {
  for (let attempt = 0; ; attempt++) {
    const r = await joinOnce(req);
    // The host's 'busy' comes before its proof (the door caps handshakes per address before it signs).
    const busy = r.ok
      ? false
      : r.failure.kind === 'not-host'
        ? r.failure.refused === 'busy'
        : r.failure.kind === 'rejected' && r.failure.reason === 'busy';
    if (r.ok || attempt >= BUSY_RETRIES || !busy) return r;
    await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS * (attempt + 1)));
  }
}

async function joinOnce(req: JoinRequest): Promise<JoinResult> {
  const { signaling, target } = req;
  let peer: Peer;
  try {
    peer = await openPeer(signaling, undefined, req.signalingTimeoutMs ?? SIGNALING_TIMEOUT_MS);
  } catch (err) {
    return { ok: false, failure: fromTransport(err, signaling, target.roomId) };
  }
  let link: PeerLink;
  try {
    link = await connectLink(peer, hostPeerId(target.roomId), req.linkTimeoutMs ?? LINK_TIMEOUT_MS);
  } catch (err) {
    peer.destroy();
    return { ok: false, failure: fromTransport(err, signaling, target.roomId) };
  }
  const fail = (failure: JoinFailure): JoinResult => {
    link.close();
    peer.destroy();
    return { ok: false, failure };
  };
  const proven = await proveHostOn(link, req);
  if ('kind' in proven) return fail(proven);
  const seatProof = req.seat
    ? await proveSeat(req.seat, target.roomId, proven.nonce, proven.dtls, req.crypto)
    : undefined;
  const answer = awaitWelcome(link);
  // The seat token field is obsolete (all zeros): the seat proof is what brings a seat back.
  link.reliable.send(
    encodeControl({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      name: req.name,
      password: req.password,
      browserToken: req.browserToken,
      seatToken: NO_SEAT_TOKEN,
      migration: req.migration === true,
      watch: req.watch === true,
      // Every page of this build reads the spectators' list (control type 14).
      watchers: true,
      ...(seatProof ? { seatProof } : {}),
    }),
  );
  const r = await answer;
  if ('kind' in r) return fail(r);
  return { ok: true, joined: { peer, link, clientId: r.clientId, settings: r.settings, early: r.early } };
}
