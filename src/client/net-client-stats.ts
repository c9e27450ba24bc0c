/**
 * The numbers NetClient reports: `NetStats` for the net graph (per-second rates over the last
 * second, the clock's estimates) and `NetClientTotals` for tests and debug overlays. Pure reads of
 * the client's parts; nothing here changes them.
 */
import type { WireTypes } from '../protocol/snapshot-types';
import type { Cvars } from '../config/cvars';
import type { Tick } from '../protocol/ids';
import type { ClientClock } from './client-clock';
import type { NetStatsTracker } from './net-stats-tracker';
import type { SnapshotInbox } from './snapshot-inbox';
import type { NetStats } from './net-stats';

/** Counters since the start and the last prediction error (cl_showerror, tests). */
export interface NetClientTotals {
  predictionErrors: number;
  /** Server tick and size (units) of the newest prediction error. */
  lastPredictionError: { tick: Tick; distance: number } | null;
  malformedPackets: number;
  /** Delta snapshots dropped because our copy of their baseline failed the host's checksum. */
  baselineMismatches: number;
  commandTickFloat: number;
  dilation: number;
  targetBufferTicks: number;
  /** Host clock rate against ours, minus one (measured). */
  clockSkew: number;
  /** Delay steps the clock detected, and forward re-placements of the command timeline. */
  clockSteps: number;
  clockJumps: number;
}

export interface NetStatsSource {
  nowMs: number;
  tickrate: number;
  cvars: Readonly<Cvars>;
  clock: ClientClock;
  tracker: NetStatsTracker;
  interpDelayMs: number;
  extrapolating: number;
  serverTick: Tick;
  commandTick: Tick;
  renderTick: number;
}

export function netStatsOf(s: NetStatsSource): NetStats {
  const snapInterval = Math.max(1, Math.round(s.tickrate / Math.min(s.cvars.cl_updaterate, s.tickrate)));
  return {
    pingMs: s.clock.rttMs,
    jitterMs: s.clock.jitterMs,
    lossIn: s.tracker.lossIn(s.nowMs, snapInterval),
    lossOut: s.tracker.lossOut(s.nowMs),
    snapshotsPerSec: s.tracker.snapshotsPerSec(s.nowMs),
    interpDelayMs: s.interpDelayMs,
    extrapolatingEntities: s.extrapolating,
    bytesInPerSec: s.tracker.bytesInPerSec(s.nowMs),
    bytesOutPerSec: s.tracker.bytesOutPerSec(s.nowMs),
    predictionErrorsPerSec: s.tracker.predictionErrorsPerSec(s.nowMs),
    cmdBufferDepth: s.clock.lastReportedDepth,
    serverTick: Math.max(0, s.serverTick),
    commandTick: Math.max(0, s.commandTick),
    renderTick: s.renderTick,
  };
}

export function netTotalsOf<T extends WireTypes>(
  clock: ClientClock,
  tracker: NetStatsTracker,
  inbox: SnapshotInbox<T>,
  lastError: NetClientTotals['lastPredictionError'],
): NetClientTotals {
  return {
    predictionErrors: tracker.predictionErrors,
    lastPredictionError: lastError,
    malformedPackets: tracker.malformedPackets,
    baselineMismatches: inbox.baselineMismatches,
    commandTickFloat: clock.commandTick,
    dilation: clock.dilation,
    targetBufferTicks: clock.targetBufferTicks,
    clockSkew: clock.skew,
    clockSteps: clock.counters.steps,
    clockJumps: clock.counters.jumps,
  };
}
