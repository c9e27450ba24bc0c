/**
 * The dedicated host's matches, one after another, as a browser host's player runs them by hand:
 * the first start (rules to the server worker, then the lobby marked started, as the browser's
 * "Start match" does), warm-up and live run in the worker, and once a match has ended (frag or
 * time limit) its end screen shows for `nextMatchDelayS`, then the next match starts by itself
 * on the next map of the rotation.
 *
 * Inputs: the worker's `startMatch`, the plan (rules, rotation, pause), what the worker's stats
 * say of the match (`observe`, about once a second), timers, a log sink, and `markStarted` (the
 * lobby's own "started" flag). Outputs: log lines, `facts()` for /health, `onEnded` listeners,
 * `beforeNext` listeners (awaited before a match after the first starts).
 * Invariants: one start in flight at a time; each ended match (by its `seq`) schedules exactly
 * one next match; nothing is scheduled after `close()`.
 */
import { describeRules } from '../sim/match-rules';
import { MAPS } from '../sim/maps';
import { MatchPhase, type MatchRules } from '../sim/match-types';
import type { MatchPlan } from './match-options';

export interface MatchStarter {
  startMatch(rules: MatchRules): Promise<{ rules: MatchRules } | null>;
}

export interface CycleTimers {
  after(ms: number, fn: () => void): () => void;
}

/** What the worker's stats say about the match (src/server/stats.ts MatchSummary). */
export interface MatchSample {
  phase: number;
  seq: number;
  mapId: number;
}

export interface CycleFacts {
  /** Matches this host started. */
  matchesStarted: number;
  /** The map of the match now, or of the first one before it starts. */
  map: string;
  /** Where the next match is played. */
  nextMap: string;
  /** Seconds until the next match starts by itself (null: none is scheduled). */
  nextMatchInS: number | null;
}

const mapName = (id: number): string => MAPS[id]?.name ?? `map ${id}`;

export class MatchCycle {
  private started = 0;
  /** Index in the rotation of the match running now (or about to). */
  private index = 0;
  private starting = false;
  private endedSeq: number | null = null;
  private nextAtMs: number | null = null;
  private cancelNext: (() => void) | null = null;
  private closed = false;
  private readonly endedListeners: Array<() => void> = [];
  private readonly beforeNextListeners: Array<() => Promise<unknown> | void> = [];

  constructor(
    private readonly worker: MatchStarter,
    private readonly plan: MatchPlan,
    private readonly timers: CycleTimers,
    private readonly now: () => number,
    private readonly log: (line: string) => void,
    private readonly markStarted: () => void,
  ) {}

  get matchesStarted(): number {
    return this.started;
  }

  onEnded(cb: () => void): void {
    this.endedListeners.push(cb);
  }

  /** Called (and awaited) before each match after the first starts: the last one is over, end screen and all. */
  beforeNext(cb: () => Promise<unknown> | void): void {
    this.beforeNextListeners.push(cb);
  }

  /** The first match (`why`: what triggered it, for the log); later calls do nothing. */
  async start(why: string): Promise<void> {
    if (this.started > 0 || this.starting) return;
    await this.startAt(0, why);
  }

  /** A fresh look at the match: an ended one schedules the next. */
  observe(m: MatchSample | null): void {
    if (!m || this.closed || this.started === 0 || m.phase !== MatchPhase.Ended || m.seq === this.endedSeq) return;
    this.endedSeq = m.seq;
    const next = (this.index + 1) % this.plan.rotation.length;
    const delayMs = this.plan.nextMatchDelayS * 1000;
    this.log(
      `match ${this.started} over on ${mapName(m.mapId)}; the next match starts in ${this.plan.nextMatchDelayS} s on ${mapName(this.plan.rotation[next] ?? 0)}`,
    );
    for (const cb of this.endedListeners) cb();
    this.nextAtMs = this.now() + delayMs;
    this.cancelNext = this.timers.after(delayMs, () => {
      this.cancelNext = null;
      this.nextAtMs = null;
      void this.startAt(next, 'after the last one ended');
    });
  }

  facts(): CycleFacts {
    const rotation = this.plan.rotation;
    const nextIndex = this.started === 0 ? 0 : (this.index + 1) % rotation.length;
    return {
      matchesStarted: this.started,
      map: mapName(rotation[this.index] ?? 0),
      nextMap: mapName(rotation[nextIndex] ?? 0),
      nextMatchInS: this.nextAtMs === null ? null : Math.max(0, Math.ceil((this.nextAtMs - this.now()) / 1000)),
    };
  }

  close(): void {
    this.closed = true;
    this.cancelNext?.();
    this.cancelNext = null;
    this.nextAtMs = null;
  }

  private async startAt(index: number, why: string): Promise<void> {
    if (this.closed || this.starting) return;
    this.starting = true;
    const rules: MatchRules = { ...this.plan.rules, mapId: this.plan.rotation[index] ?? this.plan.rules.mapId };
    try {
      if (this.started > 0) for (const cb of this.beforeNextListeners) await cb();
      const answer = await this.worker.startMatch(rules);
      this.index = index;
      this.started++;
      this.log(
        answer
          ? `match ${this.started} started (${why}): ${describeRules(answer.rules)}`
          : `match ${this.started}: the server is not running, so it could not start (${why})`,
      );
    } catch (err) {
      this.log(
        `the server could not start match ${this.started + 1} (${why}): ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      this.starting = false;
      // As the browser host: the joiners follow whatever the worker answered, never left waiting in the lobby.
      if (!this.closed) this.markStarted();
    }
  }
}
