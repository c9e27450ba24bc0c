/**
 * PeerJS signaling → one RTCPeerConnection per remote peer carrying our two channels:
 *  - reliable, ordered: PeerJS's own DataChannel (serialization 'raw', `reliable: true`), for control;
 *  - unreliable, unordered, no retransmits: a negotiated DataChannel we add to the same
 *    RTCPeerConnection (PeerJS's `reliable: false` only unorders; it still retransmits).
 *
 * Inputs: signaling options, peer ids. Outputs: `PeerLink` (two `Channel`s + close), or a
 * `TransportError` whose `kind` the lobby turns into a message. Invariant: every failure path
 * ends in a rejected promise or a close callback, never a silent hang (all waits have timeouts).
 */
import PeerExport, { type DataConnection, type Peer } from 'peerjs';
import type { Channel } from './channel';
import { HandedOffChannel } from './handed-off-channel';
import { RtcChannel } from './rtc-channel';

export interface SignalingOptions {
  host: string;
  port: number;
  path: string;
  key: string;
  secure: boolean;
  iceServers: RTCIceServer[];
}

export type TransportErrorKind = 'signaling-unreachable' | 'room-not-found' | 'id-taken' | 'connection-failed' | 'other';

/**
 * The Peer class. Vite's ESM build hands it over as the default export; Node (the dedicated host)
 * loads PeerJS's CommonJS build, whose default export is the module object holding it.
 */
const PeerClass: typeof Peer = (PeerExport as unknown as { Peer?: typeof Peer }).Peer ?? PeerExport;

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Fixed id both ends use for the negotiated channel (PeerJS's own channel takes a low id). */
export const UNRELIABLE_CHANNEL_ID = 100;
export const UNRELIABLE_LABEL = 'rewind-unreliable';

export interface PeerLink {
  readonly remoteId: string;
  readonly reliable: Channel;
  /** A `HandedOffChannel` when `acceptLink`'s hand-off took the real channel (it lives in a worker). */
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

function errorType(err: unknown): string {
  return typeof err === 'object' && err !== null && 'type' in err ? String((err as { type: unknown }).type) : 'other';
}

/**
 * Opens a Peer on the signaling server; resolves once the server assigned (or accepted) the id.
 * `token`: the PeerJS token to register with (PeerJS's `token` option; a random one otherwise).
 * Our signaling server holds a dropped id for its owner's token, so a successor that knows the old
 * host's token (host migration) can take the lobby's id over; `peerToken(peer)` reads it back.
 */
export function openPeer(opts: SignalingOptions, id: string | undefined, timeoutMs: number, token?: string): Promise<Peer> {
  const peerOptions = {
    ...(token === undefined ? {} : { token }),
    host: opts.host,
    port: opts.port,
    path: opts.path,
    key: opts.key,
    secure: opts.secure,
    debug: 0,
    config: { iceServers: opts.iceServers },
  };
  const peer = id === undefined ? new PeerClass(peerOptions) : new PeerClass(id, peerOptions);
  return new Promise((resolve, reject) => {
    const fail = (kind: TransportErrorKind, message: string): void => {
      clearTimeout(timer);
      peer.destroy();
      reject(new TransportError(kind, message));
    };
    const timer = setTimeout(() => fail('signaling-unreachable', `no answer in ${timeoutMs} ms`), timeoutMs);
    const onError = (err: { type?: string; message: string }): void => fail(peerErrorKind(errorType(err)), err.message);
    peer.once('open', () => {
      clearTimeout(timer);
      // Errors after this belong to the caller: left registered, a later signaling drop
      // ('network') would destroy the open Peer and every connection on it.
      peer.off('error', onError);
      resolve(peer);
    });
    peer.once('error', onError);
  });
}

/** The token this Peer registered its id with (PeerJS's `token` option, random unless given). */
export function peerToken(peer: Peer): string {
  return peer.options.token ?? '';
}

function createUnreliable(pc: RTCPeerConnection): RTCDataChannel {
  return pc.createDataChannel(UNRELIABLE_LABEL, { negotiated: true, id: UNRELIABLE_CHANNEL_ID, ordered: false, maxRetransmits: 0 });
}

/**
 * Takes a freshly created DataChannel away from this thread (e.g. transfers it to a worker) and
 * says whether it did. Called synchronously right after creation: browsers allow the transfer only
 * in the task that created the channel, before any use. False: the channel stays here.
 */
export type ChannelHandOff = (dc: RTCDataChannel) => boolean;

/** Waits until PeerJS's channel and ours are both open (ours only if it is still here), then returns the link. */
function finishLink(conn: DataConnection, unreliable: RtcChannel | HandedOffChannel, timeoutMs: number): Promise<PeerLink> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      conn.close();
      reject(new TransportError('connection-failed', message));
    };
    const timer = setTimeout(() => fail(`no peer-to-peer route within ${timeoutMs} ms`), timeoutMs);
    conn.once('error', (err) => fail(err.message));
    conn.once('close', () => fail('the connection closed while opening'));
    conn.once('open', () => {
      const reliable = new RtcChannel(conn.dataChannel);
      // A handed-off channel opens in its worker, which drops what it cannot send yet.
      const ready = unreliable instanceof RtcChannel ? unreliable.opened(timeoutMs) : Promise.resolve();
      ready
        .then(() => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(makeLink(conn, reliable, unreliable));
        })
        .catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
    });
  });
}

function makeLink(conn: DataConnection, reliable: RtcChannel, unreliable: Channel): PeerLink {
  const pc = conn.peerConnection;
  const closeHandlers: Array<(reason: string) => void> = [];
  let closed = false;
  const shut = (reason: string): void => {
    if (closed) return;
    closed = true;
    reliable.close();
    unreliable.close();
    conn.close();
    for (const h of closeHandlers) h(reason);
  };
  reliable.onClose((why) => shut(why));
  unreliable.onClose((why) => shut(why));
  conn.on('close', () => shut('connection closed'));
  pc.addEventListener('connectionstatechange', () => {
    if (pc.connectionState === 'failed' || pc.connectionState === 'closed') shut(`connection ${pc.connectionState}`);
  });
  return {
    remoteId: conn.peer,
    reliable,
    unreliable,
    descriptions: () => ({ local: pc.localDescription?.sdp ?? null, remote: pc.remoteDescription?.sdp ?? null }),
    remoteAddress: () => selectedRemoteAddress(pc),
    close: () => shut('closed locally'),
    onClose: (h) => void closeHandlers.push(h),
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
    const selectedId = entries.find((e) => e.type === 'transport' && e.selectedCandidatePairId)?.selectedCandidatePairId;
    const pair = (selectedId ? byId.get(selectedId) : undefined) ?? entries.find((e) => e.type === 'candidate-pair' && e.nominated && e.state === 'succeeded');
    const remote = pair?.remoteCandidateId ? byId.get(pair.remoteCandidateId) : undefined;
    const address = remote?.address ?? remote?.ip ?? null;
    if (!address || remote?.candidateType === 'relay' || address.endsWith('.local')) return null;
    return address;
  } catch {
    return null;
  }
}

/** Joiner side: connects to `remoteId` (errors such as an unknown id arrive on the Peer). */
export function connectLink(peer: Peer, remoteId: string, timeoutMs: number): Promise<PeerLink> {
  const conn = peer.connect(remoteId, { reliable: true, serialization: 'raw' });
  const unreliable = new RtcChannel(createUnreliable(conn.peerConnection));
  const linked = finishLink(conn, unreliable, timeoutMs);
  const unavailable = new Promise<never>((_, reject) => {
    const onError = (err: unknown): void => {
      if (errorType(err) !== 'peer-unavailable') return;
      conn.close();
      reject(new TransportError('room-not-found', `no lobby "${remoteId}" on the signaling server`));
    };
    peer.on('error', onError);
    void linked.finally(() => peer.off('error', onError)).catch(() => undefined);
  });
  return Promise.race([linked, unavailable]);
}

/**
 * Host side: turns an incoming PeerJS connection into a link. Must be called in the task that got
 * the connection when `handOff` is given, so the unreliable channel can still be transferred.
 */
export function acceptLink(conn: DataConnection, timeoutMs: number, handOff?: ChannelHandOff): Promise<PeerLink> {
  const dc = createUnreliable(conn.peerConnection);
  const kept = new HandedOffChannel(dc);
  const unreliable = handOff?.(dc) ? kept : new RtcChannel(dc);
  return finishLink(conn, unreliable, timeoutMs);
}

/** One incoming connection, before its channels are open (what a host's lobby code sees of PeerJS). */
export interface IncomingLink {
  /** The joiner's signaling (PeerJS) id: chosen by the joiner, so only a weak hint of who it is. */
  readonly remoteId: string;
  /** Resolves once both channels are open; rejects (and closes everything) on failure or timeout. */
  open(timeoutMs: number): Promise<PeerLink>;
  /** Drops the connection without a word (nothing can be said before the channels open). */
  refuse(): void;
}

export type { Peer, DataConnection };
