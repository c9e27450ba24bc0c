/**
 * ServerChange: what a NetClient remembers across a host migration (issue 13): the newest snapshot
 * decoded and when it arrived (a successor brings its checkpoint forward with it), whether the new
 * server's first snapshot is still awaited, and the newest command tick issued before the change.
 *
 * Inputs: `newestSnapshot(snap, now)` for each newest snapshot; `rebind(lastIssued)` when the stream
 * moves to another server; `firstOfNewServer()` for each complete snapshot after it.
 * Outputs: `newest`, `count`, and `unseenTicks(serverTick, tickrate)`: the issued ticks the new
 * server has not run and never received (at most a second of them: it refuses any further ahead).
 * Invariants: `newest` is kept across a rebind until the new server's first snapshot replaces it.
 */
import type { SnapshotHead } from '../protocol/snapshot-types';
import type { Tick } from '../protocol/ticks';

export class ServerChange<S extends SnapshotHead> {
  newest: { snapshot: S; atMs: number } | null = null;
  /** How many times the stream moved to a new server. */
  count = 0;
  private awaiting = false;
  private issuedBefore: Tick = -1;

  newestSnapshot(snapshot: S, atMs: number): void {
    this.newest = { snapshot, atMs };
  }

  rebind(lastIssued: Tick): void {
    this.awaiting = true;
    this.issuedBefore = lastIssued;
    this.count++;
  }

  /** True once: for the first complete snapshot after a rebind. */
  firstOfNewServer(): boolean {
    const first = this.awaiting;
    this.awaiting = false;
    return first;
  }

  /** The range of command ticks (after, upTo] issued before the change that a server at `serverTick` still needs. */
  unseenTicks(serverTick: Tick, tickrate: number): { after: Tick; upTo: Tick } {
    return { after: serverTick, upTo: Math.min(serverTick + tickrate, this.issuedBefore) };
  }
}
