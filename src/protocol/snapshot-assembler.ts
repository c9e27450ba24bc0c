/**
 * Merges the decoded parts of a split snapshot into the full snapshot of that tick.
 *
 * `add(part)` returns the merged snapshot (part 0 of 1) when the last missing part of its tick
 * arrives, a whole snapshot (partCount 1) at once, and null otherwise. Parts of a tick at or
 * before the newest completed one are stale and dropped; at most `maxPendingTicks` incomplete
 * ticks are kept (the oldest go first), so a tick that lost a part never pins memory.
 */
import type { SnapshotWire } from './snapshot-schema';
import { listOf, type AnySnapshot, type SnapshotOf, type WireTypes } from './snapshot-types';
import type { Tick } from './ticks';

export class SnapshotAssembler<T extends WireTypes = WireTypes> {
  private readonly pending = new Map<Tick, Map<number, SnapshotOf<T>>>();
  private newestComplete: Tick = -1;

  constructor(
    private readonly wire: SnapshotWire<T>,
    private readonly maxPendingTicks = 4,
  ) {}

  add(part: SnapshotOf<T>): SnapshotOf<T> | null {
    if (part.partCount <= 1) {
      this.complete(part.serverTick);
      return part;
    }
    if (part.serverTick <= this.newestComplete || part.part >= part.partCount) return null;
    const parts = this.pending.get(part.serverTick) ?? new Map<number, SnapshotOf<T>>();
    const first = parts.values().next().value;
    if (first && (first.partCount !== part.partCount || first.baselineTick !== part.baselineTick)) return null;
    parts.set(part.part, part);
    this.pending.set(part.serverTick, parts);
    if (parts.size === part.partCount) {
      this.complete(part.serverTick);
      return this.merge([...parts.values()].sort((a, b) => a.part - b.part));
    }
    this.prune();
    return null;
  }

  private complete(tick: Tick): void {
    this.newestComplete = Math.max(this.newestComplete, tick);
    for (const t of [...this.pending.keys()]) if (t <= this.newestComplete) this.pending.delete(t);
  }

  private prune(): void {
    const ticks = [...this.pending.keys()].sort((a, b) => a - b);
    for (const t of ticks.slice(0, Math.max(0, ticks.length - this.maxPendingTicks))) this.pending.delete(t);
  }

  /** One snapshot from every part of a tick: each section's entities in id order, every part's events. */
  private merge(parts: SnapshotOf<T>[]): SnapshotOf<T> {
    const out: Record<string, unknown> = { ...(parts[0] as AnySnapshot), part: 0, partCount: 1 };
    for (const sec of this.wire.sections)
      out[sec.name] = parts.flatMap((p) => listOf(p, sec.name)).sort((a, b) => a.id - b.id);
    out.events = parts.flatMap((p) => p.events);
    return out as unknown as SnapshotOf<T>;
  }
}
