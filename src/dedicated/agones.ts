/**
 * The dedicated host's life as an Agones GameServer (https://agones.dev), through the official
 * SDK (`@google-cloud/agones-sdk`, gRPC to the sidecar on localhost:AGONES_SDK_GRPC_PORT):
 *
 *   lobby up                         → annotation rewind-link = the lobby link, then Ready
 *   the server ticked since the last → Health     (a ping per stats refresh, only while ticking)
 *   first player joins               → Allocated  (a server in use is never scaled down)
 *   match over (or the lobby stayed empty for `emptyTimeoutMs` after players had come),
 *   and nobody left                  → Shutdown   (Agones then stops the pod: SIGTERM)
 *
 * Inputs: an SDK (the real one, or a fake in tests), events from the host, timers, a log sink.
 * Outputs: SDK calls, and `onShutdown` once Shutdown was sent. Invariants: each transition is
 * sent at most once and in that order; an SDK error is logged, never thrown at the lobby.
 */

/** The part of AgonesSDK this host uses (the class from `@google-cloud/agones-sdk`). */
export interface AgonesSdk {
  connect(): Promise<unknown>;
  ready(): Promise<unknown>;
  setAnnotation(key: string, value: string): Promise<unknown>;
  allocate(): Promise<unknown>;
  shutdown(): Promise<unknown>;
  health(errorCallback?: (error: Error) => void): void;
  close(): void;
}

export interface AgonesTimers {
  after(ms: number, fn: () => void): () => void;
}

export type AgonesState = 'starting' | 'ready' | 'allocated' | 'shutdown';

export class AgonesLifecycle {
  state: AgonesState = 'starting';
  readonly counters = { healthPings: 0, errors: 0 };
  private humans = 0;
  private hadPlayers = false;
  private matchOver = false;
  private cancelEmpty: (() => void) | null = null;
  private shutdownListeners: Array<() => void> = [];

  constructor(
    private readonly sdk: AgonesSdk,
    private readonly emptyTimeoutMs: number,
    private readonly timers: AgonesTimers,
    private readonly log: (line: string) => void,
  ) {}

  onShutdown(cb: () => void): void {
    this.shutdownListeners.push(cb);
  }

  /**
   * The lobby is open on the signaling server: connect to the sidecar, publish the lobby link as
   * the GameServer's `agones.dev/sdk-rewind-link` annotation (what a matchmaker hands players
   * after allocating it), and say Ready.
   */
  async lobbyUp(link: string): Promise<void> {
    await this.call('connect', () => this.sdk.connect());
    await this.call('SetAnnotation', () => this.sdk.setAnnotation('rewind-link', link));
    if (await this.call('Ready', () => this.sdk.ready())) this.advance('ready');
  }

  /** The server ticked since the previous stats: tell Agones it is healthy (a stuck server pings nothing). */
  ticked(): void {
    if (this.state !== 'ready' && this.state !== 'allocated') return;
    this.counters.healthPings++;
    this.sdk.health((err) => this.failed('Health', err));
  }

  /** The number of human players changed. */
  players(humans: number): void {
    this.humans = humans;
    if (humans > 0) {
      this.hadPlayers = true;
      this.cancelEmpty?.();
      this.cancelEmpty = null;
      if (this.state === 'ready') void this.allocate();
      return;
    }
    if (this.state === 'allocated' && this.hadPlayers) this.whenEmpty();
  }

  /** The match ended (a frag or time limit): shut down as soon as the lobby is empty. */
  matchEnded(): void {
    this.matchOver = true;
    if (this.humans === 0 && this.state === 'allocated') void this.shutdown('the match is over and the lobby is empty');
  }

  close(): void {
    this.cancelEmpty?.();
    this.sdk.close();
  }

  private whenEmpty(): void {
    if (this.matchOver) return void this.shutdown('the match is over and the lobby is empty');
    this.cancelEmpty?.();
    this.cancelEmpty = this.timers.after(this.emptyTimeoutMs, () => {
      this.cancelEmpty = null;
      if (this.humans === 0)
        void this.shutdown(`the lobby stayed empty for ${Math.round(this.emptyTimeoutMs / 1000)} s`);
    });
  }

  private async allocate(): Promise<void> {
    this.advance('allocated');
    await this.call('Allocate', () => this.sdk.allocate());
  }

  private async shutdown(why: string): Promise<void> {
    if (this.state === 'shutdown') return;
    this.advance('shutdown');
    this.log(`agones: Shutdown (${why})`);
    await this.call('Shutdown', () => this.sdk.shutdown());
    for (const cb of this.shutdownListeners) cb();
  }

  private advance(to: AgonesState): void {
    this.state = to;
    if (to !== 'shutdown') this.log(`agones: ${to === 'ready' ? 'Ready' : 'Allocated'}`);
  }

  private async call(what: string, fn: () => Promise<unknown>): Promise<boolean> {
    try {
      await fn();
      return true;
    } catch (err) {
      this.failed(what, err);
      return false;
    }
  }

  private failed(what: string, err: unknown): void {
    this.counters.errors++;
    this.log(`agones: ${what} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The real SDK (loaded only with --agones: it brings gRPC). */
export async function connectAgonesSdk(): Promise<AgonesSdk> {
  const { default: AgonesSDK } = await import('@google-cloud/agones-sdk');
  return new AgonesSDK();
}
