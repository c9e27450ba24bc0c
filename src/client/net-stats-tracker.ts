/**
 * NetStatsTracker: the counters behind the net graph (DESIGN §5.6), over the last second.
 *
 * Inputs: every packet in/out (bytes), every complete newest snapshot (its tick, whether the server
 * had to repeat our command for it), every prediction error, every malformed packet.
 * Output: rates per second and loss fractions. Invariants: pure bookkeeping, time passed in.
 */
import type { Tick } from '../protocol/ids';
import { RollingWindow } from './rolling-window';

export class NetStatsTracker {
  private readonly bytesIn = new RollingWindow();
  private readonly bytesOut = new RollingWindow();
  private readonly snapshotTicks = new RollingWindow();
  private readonly starved = new RollingWindow();
  private readonly errors = new RollingWindow();
  private malformed = 0;
  private errorsTotal = 0;

  get malformedPackets(): number {
    return this.malformed;
  }
  get predictionErrors(): number {
    return this.errorsTotal;
  }

  packetIn(nowMs: number, bytes: number): void {
    this.bytesIn.add(nowMs, bytes);
  }
  packetOut(nowMs: number, bytes: number): void {
    this.bytesOut.add(nowMs, bytes);
  }
  snapshot(nowMs: number, tick: Tick, serverRepeatedOurCmd: boolean): void {
    this.snapshotTicks.add(nowMs, tick);
    this.starved.add(nowMs, serverRepeatedOurCmd ? 1 : 0);
  }
  malformedPacket(): void {
    this.malformed++;
  }
  predictionError(nowMs: number): void {
    this.errorsTotal++;
    this.errors.add(nowMs, 1);
  }

  bytesInPerSec(nowMs: number): number {
    return this.bytesIn.sum(nowMs);
  }
  bytesOutPerSec(nowMs: number): number {
    return this.bytesOut.sum(nowMs);
  }
  snapshotsPerSec(nowMs: number): number {
    return this.snapshotTicks.count(nowMs);
  }
  predictionErrorsPerSec(nowMs: number): number {
    return this.errors.sum(nowMs);
  }
  /** Fraction of snapshots in the last second at which the server had no command of ours. */
  lossOut(nowMs: number): number {
    const n = this.starved.count(nowMs);
    return n === 0 ? 0 : this.starved.sum(nowMs) / n;
  }
  /** Fraction of the snapshots expected (one per `intervalTicks`) over the last second that never came. */
  lossIn(nowMs: number, intervalTicks: number): number {
    const ticks = this.snapshotTicks.values(nowMs);
    if (ticks.length < 2) return 0;
    const span = Math.max(...ticks) - Math.min(...ticks);
    const expected = Math.floor(span / Math.max(1, intervalTicks)) + 1;
    return Math.min(1, Math.max(0, 1 - ticks.length / expected));
  }
}
