/**
 * SpectatorDelay (issue 24, `sv_spectator_delay`): spectators of a tournament see the match some
 * seconds late, so a caster's stream or a friend watching cannot call out positions. A spectator's
 * frame at tick T is the world of tick T − delay; its events are released to it once their tick is
 * that old; its baselines are the delayed frames it acked.
 *
 * The snapshot ring (512 ticks, SENT_RING) holds far less than a tournament's delay, so this keeps
 * its own history: the world packed every `step` ticks (about 30 a second, the spectators' frame
 * rate; SnapshotFrames, allocated slot by slot as it fills) for `delay` plus one snapshot ring of
 * baselines. Memory (docs/ARCHITECTURE.md "Watching: spectators by link"): the ring is a power of
 * two of ticks and one frame in `step` is used, so a 60 s delay at 60 Hz holds up to 4,096 frames,
 * ~12 MB of packed rows at 16 players (~2.9 KB a frame), half that at 8. Inputs, per tick: the world (`capture`, only while anyone watches) and the tick's
 * encoded events (`hold`). Outputs: the frame a spectator due now gets (`targetTick`, `get`) and the
 * events old enough to release. Invariants: a released event is never held again; nothing is
 * captured or held when the delay is 0 (the class is then not built at all).
 */
import type { EncodedEvent } from '../protocol/event-codec';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import type { SnapshotFrame } from '../protocol/snapshot-view';
import type { Tick } from '../protocol/ticks';
import { nextPowerOfTwo } from './pow2';
import { SENT_RING } from './server-side-client';
import { SnapshotFrames, type EntityListsOf } from './snapshot-frames';

/** sv_spectator_delay's bound (seconds): two minutes, a tournament's usual "delay the broadcast". */
export const MAX_SPECTATOR_DELAY_S = 120;

/** sv_spectator_delay in ticks at `tickrate` (0 when off or nonsense), clamped to MAX_SPECTATOR_DELAY_S. */
export function spectatorDelayTicks(settings: { spectatorDelayS?: number }, tickrate: number): number {
  const seconds = settings.spectatorDelayS;
  const s = typeof seconds === 'number' && Number.isFinite(seconds) ? seconds : 0;
  return Math.round(Math.min(Math.max(s, 0), MAX_SPECTATOR_DELAY_S) * tickrate);
}

export class SpectatorDelay {
  private readonly frames: SnapshotFrames;
  /** Ticks between two captured frames (about 30 frames a second). */
  readonly step: number;
  private readonly held: EncodedEvent[] = [];

  constructor(
    wire: SnapshotWire,
    readonly delayTicks: number,
    tickrate: number,
  ) {
    this.step = Math.max(1, Math.floor(tickrate / 30));
    this.frames = new SnapshotFrames(nextPowerOfTwo(delayTicks + SENT_RING + this.step), wire);
  }

  /** Packs the world of `tick` when it is a capture tick (every `step`). */
  capture(tick: Tick, lists: EntityListsOf, match: unknown): void {
    if (tick % this.step === 0) this.frames.capture(tick, lists, match);
  }

  /** The frame tick a spectator due at `tick` gets (the newest captured one a delay old), or null before there is one. */
  targetTick(tick: Tick): Tick | null {
    const t = tick - this.delayTicks;
    if (t < 0) return null;
    const at = t - (t % this.step);
    return this.frames.get(at) ? at : null;
  }

  /** A captured frame (a target, or a baseline a spectator acked), or null when never captured or overwritten. */
  get(tick: Tick): SnapshotFrame | null {
    return this.frames.get(tick);
  }

  /** This tick's events, kept until they are a delay old. */
  hold(events: readonly EncodedEvent[]): void {
    for (const e of events) this.held.push(e);
  }

  /** The held events whose tick is at or before `frameTick` (oldest first), let go. */
  release(frameTick: Tick): EncodedEvent[] {
    let n = 0;
    while (n < this.held.length && this.held[n]!.tick <= frameTick) n++;
    return n === 0 ? [] : this.held.splice(0, n);
  }
}
