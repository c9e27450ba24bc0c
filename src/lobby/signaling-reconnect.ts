/**
 * Keeps the host's Peer registered on the signaling server. Players already linked keep playing
 * when the host's signaling socket drops (WebRTC does not need it), but nobody new can join until
 * the host's id is registered again, so: reconnect by itself with exponential backoff (with
 * jitter, so hosts dropped by one server restart do not come back in lockstep), and say what is
 * happening so the page can show it.
 *
 * Our own PeerServer holds a dropped id for its owner's token for a grace period
 * (scripts/id-holds.mjs), and PeerJS's `reconnect()` sends that same token, so a quick reconnect
 * gets the id back even if someone tried to take it meanwhile.
 *
 * Inputs: the Peer (only the events and calls below), timers, a state callback.
 * Outputs: `SignalingState` on every change; `signalingNotice(state)` → the sentence to show, or
 *   null when nothing is wrong. Invariants: at most one reconnect pending at a time; an attempt
 *   the server never answers is abandoned after `attemptTimeoutMs`; nothing is scheduled after
 *   `stop()` or once the Peer is destroyed; retries never stop while the lobby lives (the wait is
 *   capped at `maxDelayMs`).
 */

/** The part of a PeerJS `Peer` this needs (a real Peer satisfies it). */
export interface ReconnectablePeer {
  readonly open: boolean;
  readonly disconnected: boolean;
  readonly destroyed: boolean;
  reconnect(): void;
  disconnect(): void;
  on(event: 'open' | 'disconnected', fn: () => void): unknown;
  on(event: 'error', fn: (err: { type?: string; message?: string }) => void): unknown;
  off(event: 'open' | 'disconnected', fn: () => void): unknown;
  off(event: 'error', fn: (err: { type?: string; message?: string }) => void): unknown;
}

/** The longest wait between attempts while the id is refused as taken. */
export const ID_TAKEN_RETRY_MS = 1000;

export interface ReconnectTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type SignalingState =
  | { kind: 'connected' }
  /** `why`: 'lost' (socket dropped or unreachable), 'id-taken' (the server gave the id to someone else), 'refused' (the server said no: `detail`). */
  | { kind: 'reconnecting'; attempt: number; retryInMs: number; why: 'lost' | 'id-taken' | 'refused'; detail: string };

export interface ReconnectOptions {
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long one attempt may wait for the server's answer before it counts as failed. */
  attemptTimeoutMs?: number;
  /** [0, 1), for the jitter; Math.random in the page. */
  random?: () => number;
}

export interface SignalingKeeper {
  state(): SignalingState;
  stop(): void;
}

/** Delay before attempt `attempt` (0-based): base × 2^attempt, capped, ±20 % jitter. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

export function keepSignaling(
  peer: ReconnectablePeer,
  timers: ReconnectTimers,
  onState: (s: SignalingState) => void,
  o: ReconnectOptions = {},
): SignalingKeeper {
  const r = new Reconnector(peer, timers, onState, o);
  return { state: () => r.state, stop: () => r.stop() };
}

/** keepSignaling's state machine: one reconnect pending at most, each attempt watched for an answer. */
class Reconnector {
  state: SignalingState = { kind: 'connected' };
  private readonly baseMs: number;
  private readonly maxMs: number;
  private readonly attemptTimeoutMs: number;
  private readonly random: () => number;
  private attempt = 0;
  private timer: unknown = null;
  private watchdog: unknown = null;
  private stopped = false;
  private why: 'lost' | 'id-taken' | 'refused' = 'lost';
  private detail = '';

  constructor(
    private readonly peer: ReconnectablePeer,
    private readonly timers: ReconnectTimers,
    private readonly onState: (s: SignalingState) => void,
    o: ReconnectOptions,
  ) {
    this.baseMs = o.baseDelayMs ?? 500;
    this.maxMs = o.maxDelayMs ?? 15_000;
    this.attemptTimeoutMs = o.attemptTimeoutMs ?? 10_000;
    this.random = o.random ?? Math.random;
    peer.on('disconnected', this.onDisconnected);
    peer.on('open', this.onOpen);
    peer.on('error', this.onError);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.clearWatchdog();
    this.peer.off('disconnected', this.onDisconnected);
    this.peer.off('open', this.onOpen);
    this.peer.off('error', this.onError);
  }

  private set(s: SignalingState): void {
    this.state = s;
    this.onState(s);
  }

  private clearWatchdog(): void {
    if (this.watchdog !== null) this.timers.clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  private readonly tryNow = (): void => {
    this.timer = null;
    const peer = this.peer;
    if (this.stopped || peer.destroyed || !peer.disconnected) return;
    // A socket that opens but never gets the server's OPEN would leave us waiting forever. Armed
    // before reconnect(), which may report a failure ('disconnected') before it returns.
    this.watchdog = this.timers.setTimeout(() => {
      this.watchdog = null;
      if (!this.stopped && !peer.destroyed && !peer.open && !peer.disconnected) {
        this.why = 'lost';
        this.detail = `no answer in ${this.attemptTimeoutMs / 1000} s`;
        peer.disconnect();
      }
    }, this.attemptTimeoutMs);
    try {
      peer.reconnect();
    } catch (err) {
      this.clearWatchdog();
      // reconnect() throws only for a destroyed or still-connected peer; wait and look again.
      this.detail = err instanceof Error ? err.message : String(err);
      this.schedule();
    }
  };

  private schedule(): void {
    if (this.stopped || this.peer.destroyed || this.timer !== null) return;
    // An id refused as taken is most often our own old socket after a network change: the server
    // gives it back once that socket has been silent for 8 s (scripts/id-holds.mjs), and joiners
    // are waiting for us meanwhile (src/app/link-recovery.ts), so ask again every second or so.
    const delay = backoffDelay(this.attempt, this.baseMs, this.maxMs, this.random);
    const retryInMs = this.why === 'id-taken' ? Math.min(delay, ID_TAKEN_RETRY_MS) : delay;
    this.attempt += 1;
    this.timer = this.timers.setTimeout(this.tryNow, retryInMs);
    this.set({ kind: 'reconnecting', attempt: this.attempt, retryInMs, why: this.why, detail: this.detail });
  }

  private readonly onDisconnected = (): void => {
    this.clearWatchdog();
    this.schedule();
  };

  private readonly onOpen = (): void => {
    this.clearWatchdog();
    this.attempt = 0;
    this.why = 'lost';
    this.detail = '';
    if (this.state.kind !== 'connected') this.set({ kind: 'connected' });
  };

  // PeerJS reports why before it reports 'disconnected', so the next state carries the reason.
  private readonly onError = (err: { type?: string; message?: string }): void => {
    if (err.type === 'unavailable-id') this.why = 'id-taken';
    else if (err.type === 'server-error') this.why = 'refused';
    else if (err.type === 'network' || err.type === 'socket-error' || err.type === 'socket-closed') this.why = 'lost';
    else return;
    this.detail = err.message ?? '';
  };
}

/**
 * Host migration (issue 13): a host whose signaling reconnect is refused with id-taken while no
 * joiner is linked to it any more was replaced: its joiners migrated to a successor, which now
 * holds the lobby's id (the signaling server never gives a live host's id away). It should stop
 * hosting and join its lobby as a player. With joiners still linked it is still their host (someone
 * else took the id meanwhile): it keeps them and keeps retrying. `takeoverPossible`: the lobby ran a
 * match with successors named (a host alone, or one that never had a successor, keeps retrying).
 */
export function replacedAsHost(s: SignalingState, linkedJoiners: number, takeoverPossible: boolean): boolean {
  // Without a running match that named successors nobody could have taken over: an id-taken then is
  // our own old socket, which the server keeps until it has been silent for 8 s (scripts/id-holds.mjs).
  return takeoverPossible && s.kind === 'reconnecting' && s.why === 'id-taken' && linkedJoiners === 0;
}

/** One sentence for the host's screen, or null when signaling is fine. */
export function signalingNotice(s: SignalingState): string | null {
  if (s.kind === 'connected') return null;
  const retry = `Retrying in ${Math.max(1, Math.round(s.retryInMs / 1000))} s; players already here keep playing.`;
  switch (s.why) {
    case 'lost':
      return `Lost the connection to the signaling server: new players cannot join until it is back. ${retry}`;
    case 'id-taken':
      return `The signaling server gave this lobby's address to someone else: new players cannot join. ${retry}`;
    case 'refused':
      return `The signaling server refused this lobby${s.detail ? ` (${s.detail})` : ''}: new players cannot join. ${retry}`;
  }
}
