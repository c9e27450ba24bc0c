/**
 * The dedicated host's health report: what an operator, a load balancer or a fleet manager asks
 * ("is it ticking, how full, how costly"), computed from two successive samples of the server
 * worker's stats (RuntimeStats, read by shape like src/host/worker-stats.ts: a missing field
 * reads as unknown, never as a crash).
 *
 * Inputs: `sample(raw, nowMs)` each time fresh stats arrive; lobby facts and the match cycle's
 * facts passed to `report`.
 * Output: `HealthReport`, plain JSON. Rates are per second over the span between the last two
 * samples (the host samples once a second). Invariant: `ok` is false when the server has not
 * ticked since the previous sample or skipped ticks since then (it missed its budget).
 */
import type { CycleFacts } from './match-cycle';

export interface LobbyFacts {
  roomId: string;
  link: string;
  started: boolean;
  players: number;
  humans: number;
  bots: number;
  maxPlayers: number;
}

/** The phase names of /health, by the wire's phase number (0-3). */
export const PHASE_NAMES = ['waiting', 'warmup', 'live', 'ended'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

/** The match as /health reads it back from the worker's stats (src/server/stats.ts MatchSummary, checked field by field). */
export interface HealthMatch {
  phase: number;
  phaseEndTick: number;
  seq: number;
  mapId: number;
  bots: number;
}

export interface MatchReport extends CycleFacts {
  /** 'waiting' (free play before the first start), 'warmup', 'live', 'ended' (the end screen); null before the first sample. */
  phase: PhaseName | null;
  /** Seconds left in the warm-up or the live phase (null: no clock). */
  secondsLeft: number | null;
}

export interface HealthReport {
  ok: boolean;
  status: string;
  uptimeS: number;
  lobby: LobbyFacts;
  match: MatchReport;
  tick: number | null;
  tickrate: number;
  /** Ticks run per second over the last sample span (the configured tickrate when keeping up). */
  ticksPerSecond: number | null;
  tickCostUs: { p50: number; p99: number; max: number } | null;
  ticksSkipped: number;
  bytesOutPerSecond: number | null;
  snapshotsPerSecond: number | null;
  /** Share of the server thread's time spent busy (0..1), when the host can measure it. */
  serverThreadLoad: number | null;
}

/**
 * `GET /world`: every player's position as the server held it at `tick` (the latest sample), for
 * tools that check what a client decodes against the host (tools/reference-client's tests).
 */
export interface WorldDump {
  /** The server tick of the stats sample (taken about once a second) these positions are from. */
  tick: number;
  /** Positions in map units (x right, y down) on the wire's 1/16 grid: exactly what a snapshot of `tick` carries. */
  players: { id: number; x: number; y: number; alive: boolean }[];
}

interface Sample {
  atMs: number;
  tick: number | null;
  match: HealthMatch | null;
  ticksRun: number | null;
  ticksSkipped: number;
  /** Per client id: bytes and snapshots sent so far (clients come and go, so totals are kept apart). */
  clients: Map<number, { bytesOut: number; snapshots: number }>;
  cost: HealthReport['tickCostUs'];
  world: WorldDump | null;
}

function rec(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
}

function num(o: Record<string, unknown> | null, key: string): number | null {
  const v = o?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function readSample(raw: unknown, atMs: number): Sample {
  const o = rec(raw);
  const loop = rec(o?.loop);
  const cost = rec(o?.tickCost);
  const clients = new Map<number, { bytesOut: number; snapshots: number }>();
  for (const c of Array.isArray(o?.clients) ? (o.clients as unknown[]) : []) {
    const id = num(rec(c), 'clientId');
    if (id !== null)
      clients.set(id, { bytesOut: num(rec(c), 'bytesOut') ?? 0, snapshots: num(rec(c), 'snapshotsSent') ?? 0 });
  }
  const tick = num(o, 'tick');
  const hitboxes = Array.isArray(o?.liveHitboxes) ? (o.liveHitboxes as unknown[]).map(rec) : [];
  const players = hitboxes.flatMap((h) => {
    const id = num(h, 'id');
    const x = num(h, 'x');
    const y = num(h, 'y');
    return id === null || x === null || y === null ? [] : [{ id, x, y, alive: h?.alive === true }];
  });
  const p50 = num(cost, 'medianUs');
  const p99 = num(cost, 'p99Us');
  return {
    atMs,
    tick,
    match: readMatch(rec(o?.match)),
    ticksRun: num(loop, 'ticksRun'),
    ticksSkipped: num(loop, 'ticksSkipped') ?? 0,
    clients,
    cost:
      p50 !== null && p99 !== null
        ? { p50: Math.round(p50), p99: Math.round(p99), max: Math.round(num(cost, 'maxUs') ?? p99) }
        : null,
    world: tick === null ? null : { tick, players },
  };
}

function readMatch(m: Record<string, unknown> | null): HealthMatch | null {
  const phase = num(m, 'phase');
  const phaseEndTick = num(m, 'phaseEndTick');
  const seq = num(m, 'seq');
  const mapId = num(m, 'mapId');
  const bots = num(m, 'bots');
  if (phase === null || phaseEndTick === null || seq === null || mapId === null || bots === null) return null;
  if (!Number.isInteger(phase) || phase < 0 || phase >= PHASE_NAMES.length) return null;
  return { phase, phaseEndTick, seq, mapId, bots };
}

/** What each client still present was sent over the span (a client that joined meanwhile counts from 0). */
function sentSince(a: Sample, b: Sample, key: 'bytesOut' | 'snapshots'): number {
  let total = 0;
  for (const [id, now] of b.clients) total += Math.max(0, now[key] - (a.clients.get(id)?.[key] ?? 0));
  return total;
}

export class HealthMonitor {
  private previous: Sample | null = null;
  private latest: Sample | null = null;
  private load: number | null = null;

  constructor(
    private readonly tickrate: number,
    private readonly startedMs: number,
  ) {}

  /** Takes a fresh stats() result (null when the worker has not started) and the thread's load, if known. */
  sample(raw: unknown, nowMs: number, serverThreadLoad: number | null = null): void {
    this.previous = this.latest;
    this.latest = readSample(raw, nowMs);
    this.load = serverThreadLoad;
  }

  private clientRate(key: 'bytesOut' | 'snapshots', spanS: number): number | null {
    if (!this.previous || !this.latest || spanS <= 0) return null;
    return Math.round((sentSince(this.previous, this.latest, key) / spanS) * 10) / 10;
  }

  /** The match of the latest sample (null before the first, or from a worker that does not say). */
  match(): HealthMatch | null {
    return this.latest?.match ?? null;
  }

  /** The players' positions of the latest sample (null before the first). */
  world(): WorldDump | null {
    return this.latest?.world ?? null;
  }

  report(lobby: LobbyFacts, nowMs: number, cycle: CycleFacts): HealthReport {
    const a = this.previous;
    const b = this.latest;
    const spanS = a && b ? (b.atMs - a.atMs) / 1000 : 0;
    const rate = (pick: (s: Sample) => number | null): number | null => {
      if (!a || !b || spanS <= 0) return null;
      const x = pick(a);
      const y = pick(b);
      return x === null || y === null ? null : Math.round(((y - x) / spanS) * 10) / 10;
    };
    const ticksPerSecond = rate((s) => s.ticksRun);
    const skippedSince = a && b ? b.ticksSkipped - a.ticksSkipped : 0;
    const ticking = ticksPerSecond === null || ticksPerSecond > 0;
    const ok = b !== null && b.tick !== null && ticking && skippedSince === 0;
    const status =
      !b || b.tick === null
        ? 'starting'
        : !ticking
          ? 'server not ticking'
          : skippedSince > 0
            ? `skipped ${skippedSince} ticks (over budget)`
            : 'ok';
    return {
      ok,
      status,
      uptimeS: Math.round((nowMs - this.startedMs) / 1000),
      lobby,
      match: this.matchReport(cycle),
      tick: b?.tick ?? null,
      tickrate: this.tickrate,
      ticksPerSecond,
      tickCostUs: b?.cost ?? null,
      ticksSkipped: b?.ticksSkipped ?? 0,
      bytesOutPerSecond: this.clientRate('bytesOut', spanS),
      snapshotsPerSecond: this.clientRate('snapshots', spanS),
      serverThreadLoad: this.load === null ? null : Math.round(this.load * 1000) / 1000,
    };
  }

  private matchReport(cycle: CycleFacts): MatchReport {
    const m = this.latest?.match ?? null;
    const tick = this.latest?.tick ?? null;
    const clock =
      m !== null && tick !== null && m.phaseEndTick > 0 && m.phase !== 3
        ? Math.max(0, Math.ceil((m.phaseEndTick - tick) / this.tickrate))
        : null;
    return { phase: m === null ? null : (PHASE_NAMES[m.phase] ?? null), secondsLeft: clock, ...cycle };
  }
}
