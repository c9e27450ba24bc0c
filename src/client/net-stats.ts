/**
 * The net graph's numbers (DESIGN §5.6), the netcode's part of every game's frame: NetClient
 * measures them (net-stats-tracker.ts) whatever the game, and a game's view carries them to its
 * renderer (the arena's ClientView in src/arena/client/view-model.ts, Pushball's frame).
 */
import type { Tick } from '../protocol/ids';

/** The net graph's numbers (DESIGN §5.6). Rates are per second over the last second. */
export interface NetStats {
  pingMs: number;
  jitterMs: number;
  /** Fraction 0..1 of snapshots that never arrived. */
  lossIn: number;
  /** Fraction 0..1 of commands the server had to repeat because none arrived in time. */
  lossOut: number;
  snapshotsPerSec: number;
  interpDelayMs: number;
  extrapolatingEntities: number;
  bytesInPerSec: number;
  bytesOutPerSec: number;
  predictionErrorsPerSec: number;
  /** Last command-buffer depth the server reported (ticks). */
  cmdBufferDepth: number;
  serverTick: Tick;
  commandTick: Tick;
  /** Server time (ticks, fractional) at which remote entities are drawn. */
  renderTick: number;
}

/** A net graph with nothing on the wire (practice, a replay): zeros, but for what `p` sets. */
export function quietNetStats(p: Partial<NetStats>): NetStats {
  return {
    pingMs: 0,
    jitterMs: 0,
    lossIn: 0,
    lossOut: 0,
    snapshotsPerSec: 0,
    interpDelayMs: 0,
    extrapolatingEntities: 0,
    bytesInPerSec: 0,
    bytesOutPerSec: 0,
    predictionErrorsPerSec: 0,
    cmdBufferDepth: 0,
    serverTick: 0,
    commandTick: 0,
    renderTick: 0,
    ...p,
  };
}
