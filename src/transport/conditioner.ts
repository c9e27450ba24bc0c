/**
 * NetworkConditioner: a one-way simulated link for byte messages (net_fakelag, net_fakejitter,
 * net_fakeloss, duplication, reordering, bandwidth cap). Game-agnostic: it sees only bytes.
 *
 * Inputs: `send(bytes, nowMs)` hands a message to the link; `poll(nowMs)` returns every message
 * whose delivery time has come, in delivery order. Settings can change at any time and apply to
 * messages sent afterwards.
 * Invariants: fully determined by the seed and the call sequence (seeded PRNG, no clock of its
 * own); without `reorder` the link is FIFO even with jitter (a late message holds back later
 * ones, like a queue); with a bandwidth cap messages serialize one after another and the queue
 * drops (tail) what would wait longer than `maxQueueMs`. Delivered arrays are the caller's own
 * copies only if the caller passed copies: bytes are not copied.
 */

export interface ConditionerSettings {
  /** Fixed one-way delay (ms). */
  latencyMs: number;
  /** Extra delay, uniform in [0, jitterMs] per message. */
  jitterMs: number;
  /** Probability in [0, 1] that a message is dropped (the average, when losses come in bursts). */
  loss: number;
  /**
   * Mean length (ms) of a loss burst; 0 = every message is lost independently. Otherwise a
   * Gilbert–Elliott link: a good and a bad state with exponentially distributed stays (the bad one
   * `burstMs` long on average), losing `goodLoss` / `badLoss` of the messages sent in each, the time
   * in the bad state chosen so the average loss is `loss`.
   */
  burstMs: number;
  goodLoss: number;
  badLoss: number;
  /** Probability in [0, 1] that a delivered message arrives twice. */
  duplicate: number;
  /** Probability in [0, 1] that a message is held back by `reorderDelayMs` so later ones overtake it. */
  reorder: number;
  reorderDelayMs: number;
  /** Bytes per second the link carries; 0 = unlimited. */
  bandwidthBytesPerS: number;
  /** With a bandwidth cap: a message that would wait longer than this in the queue is dropped. */
  maxQueueMs: number;
}

export interface ConditionerStats {
  sent: number;
  delivered: number;
  lost: number;
  duplicated: number;
  reordered: number;
  queueDropped: number;
}

export const DEFAULT_CONDITIONER: Readonly<ConditionerSettings> = Object.freeze({
  latencyMs: 0,
  jitterMs: 0,
  loss: 0,
  burstMs: 0,
  goodLoss: 0,
  badLoss: 1,
  duplicate: 0,
  reorder: 0,
  reorderDelayMs: 30,
  bandwidthBytesPerS: 0,
  maxQueueMs: 1000,
});

interface InFlight {
  at: number;
  order: number;
  bytes: Uint8Array;
}

const clamp01 = (v: number): number => (Number.isFinite(v) ? Math.min(Math.max(v, 0), 1) : 0);
const nonNegative = (v: number): number => (Number.isFinite(v) ? Math.max(v, 0) : 0);

export class NetworkConditioner {
  private settings: ConditionerSettings;
  private rngState: number;
  /** Second stream for the burst states, so they do not reshuffle the per-message draws. */
  private burstRngState: number;
  private bad = false;
  private stateUntilMs = -Infinity;
  private readonly inFlight: InFlight[] = [];
  private order = 0;
  /** Delivery time of the newest in-order message: FIFO floor for the next one. */
  private fifoFloorMs = -Infinity;
  /** With a bandwidth cap: when the link finishes serializing what it has accepted. */
  private linkBusyUntilMs = -Infinity;
  private readonly counters: ConditionerStats = {
    sent: 0,
    delivered: 0,
    lost: 0,
    duplicated: 0,
    reordered: 0,
    queueDropped: 0,
  };

  constructor(settings: Partial<ConditionerSettings> = {}, seed = 1) {
    this.settings = NetworkConditioner.sanitize({ ...DEFAULT_CONDITIONER, ...settings });
    this.rngState = seed >>> 0;
    this.burstRngState = (seed ^ 0x9e3779b9) >>> 0;
  }

  private static sanitize(s: ConditionerSettings): ConditionerSettings {
    return {
      latencyMs: nonNegative(s.latencyMs),
      jitterMs: nonNegative(s.jitterMs),
      loss: clamp01(s.loss),
      burstMs: nonNegative(s.burstMs),
      goodLoss: clamp01(s.goodLoss),
      badLoss: clamp01(s.badLoss),
      duplicate: clamp01(s.duplicate),
      reorder: clamp01(s.reorder),
      reorderDelayMs: nonNegative(s.reorderDelayMs),
      bandwidthBytesPerS: nonNegative(s.bandwidthBytesPerS),
      maxQueueMs: nonNegative(s.maxQueueMs),
    };
  }

  setSettings(patch: Partial<ConditionerSettings>): void {
    this.settings = NetworkConditioner.sanitize({ ...this.settings, ...patch });
  }

  getSettings(): Readonly<ConditionerSettings> {
    return { ...this.settings };
  }

  stats(): Readonly<ConditionerStats> {
    return { ...this.counters };
  }

  /** Messages accepted but not yet delivered. */
  get pending(): number {
    return this.inFlight.length;
  }

  /** Earliest delivery time among messages in flight, or null. */
  nextDeliveryMs(): number | null {
    return this.inFlight.length ? (this.inFlight[0] as InFlight).at : null;
  }

  /** mulberry32: small, fast, good enough for test traffic; the state is a uint32. */
  private static next(state: number): { state: number; value: number } {
    const next = (state + 0x6d2b79f5) >>> 0;
    let t = next;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return { state: next, value: ((t ^ (t >>> 14)) >>> 0) / 4294967296 };
  }

  private random(): number {
    const r = NetworkConditioner.next(this.rngState);
    this.rngState = r.state;
    return r.value;
  }

  private burstRandom(): number {
    const r = NetworkConditioner.next(this.burstRngState);
    this.burstRngState = r.state;
    return r.value;
  }

  /** The chance that a message sent at `nowMs` is lost: fixed, or by the Gilbert–Elliott state then. */
  private lossAt(nowMs: number): number {
    const s = this.settings;
    if (s.burstMs <= 0 || s.badLoss <= s.goodLoss) return s.loss;
    // Share of time in the bad state that makes the average loss come out at `loss`.
    const badShare = Math.min(1, Math.max(0, (s.loss - s.goodLoss) / (s.badLoss - s.goodLoss)));
    if (badShare <= 0) return s.goodLoss;
    if (badShare >= 1) return s.badLoss;
    const goodMs = (s.burstMs * (1 - badShare)) / badShare;
    while (nowMs >= this.stateUntilMs) {
      // Exponential stays: memoryless, as the model assumes. The first state starts good.
      const first = this.stateUntilMs === -Infinity;
      this.bad = first ? false : !this.bad;
      const mean = this.bad ? s.burstMs : goodMs;
      this.stateUntilMs = (first ? nowMs : this.stateUntilMs) - mean * Math.log(1 - this.burstRandom());
    }
    return this.bad ? s.badLoss : s.goodLoss;
  }

  send(bytes: Uint8Array, nowMs: number): void {
    const s = this.settings;
    this.counters.sent++;
    // Draw every random number for every message, so toggling one setting does not reshuffle the others.
    const lossDraw = this.random();
    const jitterDraw = this.random();
    const reorderDraw = this.random();
    const dupDraw = this.random();
    const dupJitterDraw = this.random();
    if (lossDraw < this.lossAt(nowMs)) {
      this.counters.lost++;
      return;
    }
    let departMs = nowMs;
    if (s.bandwidthBytesPerS > 0) {
      const startMs = Math.max(nowMs, this.linkBusyUntilMs);
      if (startMs - nowMs > s.maxQueueMs) {
        this.counters.queueDropped++;
        return;
      }
      departMs = startMs + (bytes.byteLength * 1000) / s.bandwidthBytesPerS;
      this.linkBusyUntilMs = departMs;
    }
    const base = departMs + s.latencyMs;
    let at = base + jitterDraw * s.jitterMs;
    if (reorderDraw < s.reorder) {
      this.counters.reordered++;
      at += s.reorderDelayMs;
    } else {
      // In-order traffic never overtakes: a message waits for the one before it.
      at = Math.max(at, this.fifoFloorMs);
      this.fifoFloorMs = at;
    }
    this.enqueue(at, bytes);
    if (dupDraw < s.duplicate) {
      this.counters.duplicated++;
      this.enqueue(Math.max(at, base + dupJitterDraw * s.jitterMs), bytes);
    }
  }

  private enqueue(at: number, bytes: Uint8Array): void {
    const item: InFlight = { at, order: this.order++, bytes };
    // Binary search for the first element due strictly later: equal times keep send order.
    let lo = 0;
    let hi = this.inFlight.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.inFlight[mid] as InFlight).at <= at) lo = mid + 1;
      else hi = mid;
    }
    this.inFlight.splice(lo, 0, item);
  }

  poll(nowMs: number): Uint8Array[] {
    let due = 0;
    while (due < this.inFlight.length && (this.inFlight[due] as InFlight).at <= nowMs) due++;
    if (due === 0) return [];
    const out = this.inFlight.splice(0, due).map((m) => m.bytes);
    this.counters.delivered += out.length;
    return out;
  }
}
