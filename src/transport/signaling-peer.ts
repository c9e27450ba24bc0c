/**
 * SignalingPeer: the project's own client of a PeerServer (the `peer` package's protocol, as PeerJS
 * 1.5 speaks it), used for signaling only. The project owns every RTCPeerConnection itself
 * (incoming-offers.ts, outgoing-link.ts): nothing a stranger relays through the server builds a
 * connection, picks a serializer or parses bytes before the lobby door has budgeted it
 * (docs/ARCHITECTURE.md "Transport: PeerJS's server, our connections").
 *
 * Inputs: signaling options, an id (or a random one), a token (or a random one: both from the
 * CSPRNG). Outputs: PeerJS-compatible state and events ('open', 'disconnected', 'error' with a
 * PeerJS error `type`), so signaling-reconnect.ts drives it like a PeerJS Peer; `onSignal` hands
 * relayed OFFER/ANSWER/CANDIDATE/LEAVE/EXPIRE messages to the connection code; `send`.
 * Invariants: malformed frames are dropped and counted, never thrown; after `destroy()` nothing is
 * sent or emitted and every connection registered with `own()` is closed.
 */
import { readServerMessage, type ServerMessage } from './signal-messages';

export interface SignalingOptions {
  host: string;
  port: number;
  path: string;
  key: string;
  secure: boolean;
  iceServers: RTCIceServer[];
}

export interface PeerErrorInfo {
  type: string;
  message: string;
}

type PeerEvent = 'open' | 'disconnected' | 'close';
/** Every 2 s (PeerJS: 5 s): a host whose network changed finds its socket dead by its next beat and re-registers. */
const HEARTBEAT_MS = 2000;
/** The PeerJS version our wire matches (the server logs it; it changes nothing). */
const WIRE_VERSION = '1.5.5';

/** Random [A-Za-z0-9] characters from the CSPRNG (ids and tokens). */
export function randomToken(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const b of bytes) out += alphabet[b % 62]; // 256 % 62 = 8: a bias of < 4 % on 8 letters, harmless for ids
  return out;
}

/**
 * `takeover`: SHA-256 (base64url) of the token this peer's successors may claim its id with (the
 * project's server lets that token replace this peer only once it fell silent; scripts/id-holds.mjs).
 * `claim`: the old owner's takeover token, when this peer is a successor taking the id over.
 */
export function signalingUrl(
  o: SignalingOptions,
  id: string,
  token: string,
  takeover?: string,
  claim?: string,
): string {
  const path = o.path.endsWith('/') ? o.path : `${o.path}/`;
  const base = `${o.secure ? 'wss' : 'ws'}://${o.host}:${o.port}${path.startsWith('/') ? path : `/${path}`}peerjs`;
  const q = new URLSearchParams({
    key: o.key,
    id,
    token,
    version: WIRE_VERSION,
    ...(takeover ? { takeover } : {}),
    ...(claim ? { claim } : {}),
  });
  return `${base}?${q.toString()}`;
}

export class SignalingPeer {
  readonly token: string;
  readonly counters = { malformed: 0, sent: 0, received: 0 };
  private socket: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setTimeout> | null = null;
  private wasOpen = false;
  private isOpen = false;
  private isDisconnected = true;
  private isDestroyed = false;
  private readonly events = new Map<string, Set<(arg: never) => void>>();
  private readonly signalHandlers = new Set<(m: ServerMessage) => void>();
  private readonly owned = new Set<() => void>();

  constructor(
    readonly options: SignalingOptions,
    readonly id: string = `p${randomToken(20)}`,
    token?: string,
    private readonly takeover?: string,
    private readonly claim?: string,
  ) {
    this.token = token ?? randomToken(24);
    this.start();
  }

  get open(): boolean {
    return this.isOpen;
  }
  get disconnected(): boolean {
    return this.isDisconnected;
  }
  get destroyed(): boolean {
    return this.isDestroyed;
  }

  on(event: PeerEvent, fn: () => void): this;
  on(event: 'error', fn: (err: PeerErrorInfo) => void): this;
  on(event: string, fn: (arg: never) => void): this {
    let set = this.events.get(event);
    if (!set) this.events.set(event, (set = new Set()));
    set.add(fn);
    return this;
  }

  off(event: PeerEvent, fn: () => void): this;
  off(event: 'error', fn: (err: PeerErrorInfo) => void): this;
  off(event: string, fn: (arg: never) => void): this {
    this.events.get(event)?.delete(fn);
    return this;
  }

  private emit(event: string, arg?: unknown): void {
    for (const fn of [...(this.events.get(event) ?? [])]) (fn as (a: unknown) => void)(arg);
  }

  /** Relayed messages (OFFER, ANSWER, CANDIDATE, LEAVE, EXPIRE) for the connection code. */
  onSignal(handler: (m: ServerMessage) => void): () => void {
    this.signalHandlers.add(handler);
    return () => void this.signalHandlers.delete(handler);
  }

  /** Registers a connection to close when this peer is destroyed; returns the unregister call. */
  own(close: () => void): () => void {
    this.owned.add(close);
    return () => void this.owned.delete(close);
  }

  send(type: 'OFFER' | 'ANSWER' | 'CANDIDATE' | 'LEAVE', dst: string, payload: unknown): boolean {
    const ws = this.socket;
    if (this.isDestroyed || !ws || ws.readyState !== 1) return false;
    ws.send(JSON.stringify({ type, payload, dst }));
    this.counters.sent += 1;
    return true;
  }

  private start(): void {
    if (this.isDestroyed || this.socket) return;
    this.isDisconnected = false;
    let ws: WebSocket;
    try {
      ws = new WebSocket(signalingUrl(this.options, this.id, this.token, this.takeover, this.claim));
    } catch (err) {
      queueMicrotask(() => this.abort('socket-error', err instanceof Error ? err.message : String(err)));
      return;
    }
    this.socket = ws;
    ws.onmessage = (ev: MessageEvent) => this.onFrame(ev.data);
    ws.onopen = () => this.beat();
    ws.onerror = () => undefined; // a close follows; it carries the outcome
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.isDisconnected) return;
      // As PeerJS: a dropped or refused socket is a 'network' error and a disconnect, never a destroy.
      this.emit('error', { type: 'network', message: 'Lost connection to server.' });
      this.disconnect();
    };
  }

  private beat(): void {
    if (this.heartbeat !== null) clearTimeout(this.heartbeat);
    this.heartbeat = setTimeout(() => {
      this.heartbeat = null;
      const ws = this.socket;
      if (!ws || ws.readyState !== 1) return;
      ws.send('{"type":"HEARTBEAT"}');
      this.beat();
    }, HEARTBEAT_MS);
  }

  private onFrame(data: unknown): void {
    const m = readServerMessage(data);
    if (!m) {
      this.counters.malformed += 1;
      return;
    }
    this.counters.received += 1;
    switch (m.type) {
      case 'OPEN':
        this.wasOpen = true;
        this.isOpen = true;
        this.emit('open', this.id);
        return;
      case 'ERROR': {
        const msg = (m.payload as { msg?: unknown } | null)?.msg;
        return this.abort('server-error', typeof msg === 'string' ? msg.slice(0, 200) : 'the signaling server refused');
      }
      case 'ID-TAKEN':
        return this.abort('unavailable-id', `ID "${this.id}" is taken`);
      case 'INVALID-KEY':
        return this.abort('invalid-key', `API KEY "${this.options.key}" is invalid`);
      case 'HEARTBEAT':
        return;
      default:
        for (const h of [...this.signalHandlers]) h(m);
    }
  }

  /**
   * As PeerJS: the error first (listeners learn why before 'disconnected'), then a peer that never
   * opened is destroyed and an open one only disconnected.
   */
  private abort(type: string, message: string): void {
    this.emit('error', { type, message });
    if (!this.wasOpen) this.destroy();
    else this.disconnect();
  }

  disconnect(): void {
    if (this.isDisconnected) return;
    this.isDisconnected = true;
    this.isOpen = false;
    if (this.heartbeat !== null) clearTimeout(this.heartbeat);
    this.heartbeat = null;
    const ws = this.socket;
    this.socket = null;
    if (ws) {
      ws.onmessage = ws.onopen = null;
      try {
        ws.close();
      } catch {
        // a socket still connecting may refuse; it is dropped either way
      }
    }
    this.emit('disconnected', this.id);
  }

  /** Opens a new socket with the same id and token (signaling-reconnect.ts calls it with backoff). */
  reconnect(): void {
    if (this.isDestroyed) throw new Error('this peer was destroyed');
    if (!this.isDisconnected) return;
    this.start();
  }

  destroy(): void {
    if (this.isDestroyed) return;
    for (const close of [...this.owned]) close();
    this.owned.clear();
    this.disconnect();
    this.isDestroyed = true;
    this.signalHandlers.clear();
    this.emit('close');
    this.events.clear();
  }
}
