/**
 * The link between a host and one joiner: one RTCPeerConnection that the project builds itself
 * (PeerJS's server carries only the signaling: signaling-peer.ts), carrying two channels:
 *  - reliable, ordered: the channel the joiner creates, labelled as its PeerJS connection id, for
 *    control (the wire PeerJS 1.5's `serialization: 'raw'` DataConnection uses, so PeerJS clients
 *    still join);
 *  - unreliable, unordered, no retransmits: a negotiated DataChannel both ends add (id 100).
 *
 * Inputs: signaling options, peer ids. Outputs: `PeerLink` (two `Channel`s + close), or a
 * `TransportError` whose `kind` the lobby turns into a message. Invariant: every failure path
 * ends in a rejected promise or a close callback, never a silent hang (all waits have timeouts).
 * The joiner's side is outgoing-link.ts, the host's incoming-offers.ts.
 */
import type { Channel } from './channel';
import { HandedOffChannel } from './handed-off-channel';
import { RtcChannel } from './rtc-channel';
import { SignalingPeer, type SignalingOptions } from './signaling-peer';

export type { SignalingOptions } from './signaling-peer';
/** The signaling client (formerly a PeerJS Peer; same events and calls). */
export type Peer = SignalingPeer;

/** 'no-route': ICE found no working pair in time (or gave up): the networks need a TURN relay. */
export type TransportErrorKind =
  'signaling-unreachable' | 'room-not-found' | 'id-taken' | 'connection-failed' | 'no-route' | 'other';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Our connection closed before its channels opened, and we did not close it (releaseConnection
 * drops our handler first): the stack or the other end gave up on it. Nothing about the route is
 * known yet, so a fresh offer may do (outgoing-link.ts tries once more).
 */
export class ClosedBeforeOpen extends TransportError {}

/** Fixed id both ends use for the negotiated channel (the joiner's reliable channel takes a low id). */
export const UNRELIABLE_CHANNEL_ID = 100;
export const UNRELIABLE_LABEL = 'rewind-unreliable';

export interface PeerLink {
  readonly remoteId: string;
  readonly reliable: Channel;
  /** A `HandedOffChannel` when the host's hand-off took the real channel (it lives in a worker). */
  readonly unreliable: Channel;
  /** This connection's session descriptions (their `a=fingerprint` lines bind host authentication to it). */
  descriptions(): { local: string | null; remote: string | null };
  /**
   * The far end's address as ICE selected it (the remote candidate of the selected pair), or null
   * when the browser does not say (an mDNS name, a relayed candidate, no stats yet).
   */
  remoteAddress(): Promise<string | null>;
  close(): void;
  onClose(handler: (reason: string) => void): void;
  /**
   * Whether the route had failed when the link closed (ICE disconnected or failed: a network
   * change or outage on either side, or a peer that died without a word), as opposed to the far
   * end closing it. False while open.
   */
  routeLost(): boolean;
}

export function peerErrorKind(type: string): TransportErrorKind {
  switch (type) {
    case 'network':
    case 'server-error':
    case 'socket-error':
    case 'socket-closed':
    case 'invalid-key':
      return 'signaling-unreachable';
    case 'peer-unavailable':
      return 'room-not-found';
    case 'unavailable-id':
      return 'id-taken';
    case 'webrtc':
    case 'negotiation-failed':
      return 'connection-failed';
    default:
      return 'other';
  }
}

/**
 * Opens a signaling peer; resolves once the server assigned (or accepted) the id.
 * `token`: the token to register with (a random one from the CSPRNG otherwise). `takeover`: the
 * hash of the token (takeoverHash) our signaling server lets claim the id once this peer fell
 * silent or closed: a host gives that token, never its own, to its chosen successors, who present
 * it as `claim` and register under a token of their own.
 */
export function openPeer(
  opts: SignalingOptions,
  id: string | undefined,
  timeoutMs: number,
  token?: string,
  takeover?: string,
  claim?: string,
): Promise<Peer> {
  const peer = new SignalingPeer(opts, id, token, takeover, claim);
  return new Promise((resolve, reject) => {
    const fail = (kind: TransportErrorKind, message: string): void => {
      clearTimeout(timer);
      peer.destroy();
      reject(new TransportError(kind, message));
    };
    const timer = setTimeout(() => fail('signaling-unreachable', `no answer in ${timeoutMs} ms`), timeoutMs);
    const onError = (err: { type: string; message: string }): void => {
      peer.off('open', onOpen);
      fail(peerErrorKind(err.type), err.message);
    };
    const onOpen = (): void => {
      clearTimeout(timer);
      // Errors after this belong to the caller: a later signaling drop is signaling-reconnect's.
      peer.off('error', onError);
      peer.off('open', onOpen);
      resolve(peer);
    };
    peer.on('open', onOpen);
    peer.on('error', onError);
  });
}

export function createUnreliable(pc: RTCPeerConnection): RTCDataChannel {
  return pc.createDataChannel(UNRELIABLE_LABEL, {
    negotiated: true,
    id: UNRELIABLE_CHANNEL_ID,
    ordered: false,
    maxRetransmits: 0,
  });
}

/**
 * Takes a freshly created DataChannel away from this thread (e.g. transfers it to a worker) and
 * says whether it did. Called synchronously right after creation: browsers allow the transfer only
 * in the task that created the channel, before any use. False: the channel stays here.
 */
export type ChannelHandOff = (dc: RTCDataChannel) => boolean;

/** Closes a connection and drops every handler we set, so nothing of it stays reachable from us. */
export function releaseConnection(pc: RTCPeerConnection): void {
  pc.onicecandidate = pc.ondatachannel = pc.onconnectionstatechange = null;
  try {
    pc.close();
  } catch {
    // already closed
  }
}

/** Waits until both channels are open (ours only if it is still here), then returns the link. */
export function finishLink(
  pc: RTCPeerConnection,
  remoteId: string,
  reliableDc: Promise<RTCDataChannel>,
  unreliable: RtcChannel | HandedOffChannel,
  timeoutMs: number,
): Promise<PeerLink> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string, kind: TransportErrorKind = 'connection-failed', closed = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unreliable.close();
      releaseConnection(pc);
      reject(closed ? new ClosedBeforeOpen(kind, message) : new TransportError(kind, message));
    };
    const timer = setTimeout(() => fail(`no peer-to-peer route within ${timeoutMs} ms`, 'no-route'), timeoutMs);
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed') fail('ICE found no working route', 'no-route');
      else if (pc.connectionState === 'closed') fail('connection closed', 'connection-failed', true);
    };
    reliableDc
      .then(async (dc) => {
        const reliable = new RtcChannel(dc);
        await reliable.opened(timeoutMs);
        // A handed-off channel opens in its worker, which drops what it cannot send yet.
        if (unreliable instanceof RtcChannel) await unreliable.opened(timeoutMs);
        if (settled) return reliable.close();
        settled = true;
        clearTimeout(timer);
        resolve(makeLink(pc, remoteId, reliable, unreliable));
      })
      .catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
  });
}

function makeLink(pc: RTCPeerConnection, remoteId: string, reliable: RtcChannel, unreliable: Channel): PeerLink {
  const closeHandlers: Array<(reason: string) => void> = [];
  let closed = false;
  let lostRoute = false;
  const shut = (reason: string): void => {
    if (closed) return;
    closed = true;
    const ice = pc.iceConnectionState;
    lostRoute =
      ice === 'disconnected' ||
      ice === 'failed' ||
      pc.connectionState === 'failed' ||
      pc.connectionState === 'disconnected';
    reliable.close();
    unreliable.close();
    releaseConnection(pc);
    for (const h of closeHandlers) h(reason);
  };
  reliable.onClose((why) => shut(why));
  unreliable.onClose((why) => shut(why));
  pc.onconnectionstatechange = () => {
    if (pc.connectionState === 'failed' || pc.connectionState === 'closed') shut(`connection ${pc.connectionState}`);
  };
  return {
    remoteId,
    reliable,
    unreliable,
    descriptions: () => ({ local: pc.localDescription?.sdp ?? null, remote: pc.remoteDescription?.sdp ?? null }),
    remoteAddress: () => selectedRemoteAddress(pc),
    close: () => shut('closed locally'),
    onClose: (h) => void closeHandlers.push(h),
    routeLost: () => lostRoute,
  };
}

interface StatsEntry {
  type?: string;
  id?: string;
  selectedCandidatePairId?: string;
  remoteCandidateId?: string;
  nominated?: boolean;
  state?: string;
  address?: string;
  ip?: string;
  candidateType?: string;
}

/**
 * The remote candidate address of the selected ICE pair, from getStats(). Relayed candidates are
 * the TURN server's address (shared by everyone using it) and mDNS names hide the address: both
 * give null, as does any error.
 */
export async function selectedRemoteAddress(pc: RTCPeerConnection): Promise<string | null> {
  try {
    const entries = [...(await pc.getStats()).values()] as StatsEntry[];
    const byId = new Map(entries.map((e) => [e.id, e]));
    const selectedId = entries.find(
      (e) => e.type === 'transport' && e.selectedCandidatePairId,
    )?.selectedCandidatePairId;
    const pair =
      (selectedId ? byId.get(selectedId) : undefined) ??
      entries.find((e) => e.type === 'candidate-pair' && e.nominated && e.state === 'succeeded');
    const remote = pair?.remoteCandidateId ? byId.get(pair.remoteCandidateId) : undefined;
    const address = remote?.address ?? remote?.ip ?? null;
    if (!address || remote?.candidateType === 'relay' || address.endsWith('.local')) return null;
    return address;
  } catch {
    return null;
  }
}

/** One incoming connection, before its channels are open (what a host's lobby code sees of an offer). */
export interface IncomingLink {
  /** The joiner's signaling id: chosen by the joiner, so only a weak hint of who it is. */
  readonly remoteId: string;
  /** Who sent the offer, as far as the host can tell (incoming-offers.ts `source`). */
  readonly source: string;
  /** Resolves once both channels are open; rejects (and closes everything) on failure or timeout. */
  open(timeoutMs: number): Promise<PeerLink>;
  /** Drops the offer without a word: nothing was built for it. */
  refuse(): void;
}
