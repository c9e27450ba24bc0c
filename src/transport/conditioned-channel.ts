/**
 * A `Channel` wrapper that runs both directions through a `NetworkConditioner` (net_fakelag,
 * net_fakejitter, net_fakeloss, net_fakeloss_burst), changeable live. This is the only transport code with timers:
 * it is the edge where simulated network time meets the real clock, so the clock is injected.
 *
 * Inputs: the inner channel, `Timers` (performance.now + setTimeout in the page, a fake in tests),
 * a seed. Outputs: the same bytes, delayed/dropped per the settings; stats count what the
 * caller sent and what was handed up (the inner channel's stats count the wire).
 * Invariant: with all settings at zero messages pass straight through in the same call, so an
 * unconditioned channel costs nothing and keeps its ordering.
 */
import { NetworkConditioner, type ConditionerSettings } from './conditioner';
import { ChannelCore, type Channel, type ChannelOptions, type ChannelState, type ChannelStats } from './channel';

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The cvars this wrapper reads, in their cvar units (ms, ms, percent). */
export interface FakeNetSettings {
  net_fakelag: number;
  net_fakejitter: number;
  net_fakeloss: number;
  /** Mean loss-burst length (ms); 0 or absent = independent losses. */
  net_fakeloss_burst?: number;
}

export function conditionerSettingsFor(s: FakeNetSettings): Partial<ConditionerSettings> {
  return {
    latencyMs: s.net_fakelag,
    jitterMs: s.net_fakejitter,
    loss: s.net_fakeloss / 100,
    burstMs: s.net_fakeloss_burst ?? 0,
  };
}

function isIdle(s: FakeNetSettings): boolean {
  return s.net_fakelag <= 0 && s.net_fakejitter <= 0 && s.net_fakeloss <= 0;
}

/** One direction: a conditioner plus the timer that flushes it when its next message is due. */
class ConditionedPipe {
  private readonly link: NetworkConditioner;
  private timer: unknown = null;
  private timerAt = Infinity;

  constructor(
    private readonly timers: Timers,
    seed: number,
    private readonly deliver: (bytes: Uint8Array) => void,
  ) {
    this.link = new NetworkConditioner({}, seed);
  }

  configure(s: FakeNetSettings): void {
    this.link.setSettings(conditionerSettingsFor(s));
  }

  get pending(): number {
    return this.link.pending;
  }

  push(bytes: Uint8Array): void {
    this.link.send(bytes, this.timers.now());
    this.flush();
  }

  flush(): void {
    for (const b of this.link.poll(this.timers.now())) this.deliver(b);
    const next = this.link.nextDeliveryMs();
    if (next === null || next >= this.timerAt) return;
    this.cancel();
    this.timerAt = next;
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = null;
        this.timerAt = Infinity;
        this.flush();
      },
      Math.max(0, next - this.timers.now()),
    );
  }

  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Infinity;
  }
}

export class ConditionedChannel implements Channel {
  private readonly core: ChannelCore;
  private readonly out: ConditionedPipe;
  private readonly inbound: ConditionedPipe;
  private settings: FakeNetSettings = { net_fakelag: 0, net_fakejitter: 0, net_fakeloss: 0, net_fakeloss_burst: 0 };

  constructor(
    private readonly inner: Channel,
    timers: Timers,
    seed = 1,
  ) {
    this.core = new ChannelCore(inner.state);
    this.out = new ConditionedPipe(timers, seed, (b) => this.inner.send(b));
    this.inbound = new ConditionedPipe(timers, seed ^ 0x9e3779b9, (b) => this.core.deliver(b));
    inner.onMessage((b) => this.receive(b));
    inner.onClose((why) => this.shutdown(why));
  }

  /** Applies new fake-network settings to messages sent from now on (both directions). */
  configure(s: FakeNetSettings): void {
    this.settings = {
      net_fakelag: s.net_fakelag,
      net_fakejitter: s.net_fakejitter,
      net_fakeloss: s.net_fakeloss,
      net_fakeloss_burst: s.net_fakeloss_burst ?? 0,
    };
    this.out.configure(this.settings);
    this.inbound.configure(this.settings);
  }

  get label(): string {
    return this.inner.label;
  }

  get state(): ChannelState {
    return this.core.state === 'closed' ? 'closed' : this.inner.state;
  }

  get stats(): ChannelStats {
    return this.core.stats;
  }

  get options(): ChannelOptions {
    return this.inner.options;
  }

  send(bytes: Uint8Array): void {
    if (this.core.state === 'closed') return;
    this.core.countSent(bytes);
    // Passing straight through while nothing is queued keeps order when the settings drop to zero.
    if (isIdle(this.settings) && this.out.pending === 0) this.inner.send(bytes);
    else this.out.push(bytes);
  }

  private receive(bytes: Uint8Array): void {
    if (isIdle(this.settings) && this.inbound.pending === 0) this.core.deliver(bytes);
    else this.inbound.push(bytes);
  }

  onMessage(handler: (bytes: Uint8Array) => void): () => void {
    return this.core.onMessage(handler);
  }

  onClose(handler: (reason: string) => void): () => void {
    return this.core.onClose(handler);
  }

  private shutdown(reason: string): void {
    this.out.cancel();
    this.inbound.cancel();
    this.core.finish(reason);
  }

  close(): void {
    this.shutdown('closed');
    this.inner.close();
  }
}
