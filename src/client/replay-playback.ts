/**
 * ReplayPlayback: a replay (protocol/replay-reader.ts) played as a client with no network
 * (DESIGN §10, "a player fed from a file"). Each frame it hands the game the same FrameParts a
 * live client hands it, so the game's own `view` and renderer draw the replay: every entity at the
 * playback time, blended between the two recorded frames around it with the game's remote traits
 * (a teleport jumps, never slides), the events whose tick was passed since the last frame, the
 * rules block of the frame shown. Nobody is predicted: `local` is null, and `localId` is the
 * player followed (or -1 for a free camera), so a renderer can mark who it follows.
 *
 * Time is in ticks (fractional), moved by the page clock × speed while playing; `seek` jumps
 * anywhere (no events are shown for what was jumped over). Inputs: `frame(nowMs)`, and the
 * controls (play, pause, speed 0.25-4×, seek, follow). Invariants: time stays within the
 * replay; at its end the playback pauses; the recorded frames it blends are decoded at most once
 * per step forward (the two around the time are kept).
 */
import type { ObservedFrame } from '../protocol/observer-frame';
import type { Replay } from '../protocol/replay-reader';
import type { AnyEntity } from '../protocol/snapshot-schema';
import type { TaggedEvent } from '../protocol/snapshot-types';
import type { ClientGame, ClientGameTypes, FrameParts, GameEvent, SampledSections, ShownEvent } from './client-game';
import type { EntityTraits, SampledEntity } from './interpolation-buffer';
import { quietNetStats } from './net-stats';

export const MIN_PLAYBACK_SPEED = 0.25;
export const MAX_PLAYBACK_SPEED = 4;
/** The longest page-clock step one frame moves the playback (a hidden tab must not leap). */
const MAX_STEP_MS = 250;
/** Live mode: how far behind the newest frame the time may drift before it jumps back up (seconds). */
const LIVE_SLACK_S = 0.5;

export class ReplayPlayback<T extends ClientGameTypes> {
  /** The playback time, in ticks. */
  private time: number;
  private speedFactor = 1;
  private playing = true;
  private lastNowMs: number | null = null;
  /** The decoded frames kept (by index): the two around the time. */
  private readonly kept = new Map<number, ObservedFrame>();
  /** Index in `replay.events` of the first event not shown yet. */
  private nextEvent = 0;
  private following: number | null = null;
  /** Live mode's delay behind the newest frame, in ticks (followLive), or null: a file. */
  private liveDelay: number | null = null;
  private readonly traits: readonly EntityTraits<AnyEntity>[];

  constructor(
    readonly replay: Replay,
    private readonly game: ClientGame<T>,
  ) {
    this.time = replay.firstTick;
    const byName = game.remoteTraits(replay.header.tickrate) as Record<string, EntityTraits<AnyEntity>>;
    this.traits = replay.wire.sections.map((s) => byName[s.name]!);
    this.nextEvent = this.eventIndexAfter(this.time - 1);
  }

  get tick(): number {
    return this.time;
  }
  get paused(): boolean {
    return !this.playing;
  }
  get speed(): number {
    return this.speedFactor;
  }
  /** The player the camera follows, or null: a free camera. */
  get followed(): number | null {
    return this.following;
  }

  play(): void {
    // At the end, play starts over.
    if (this.time >= this.replay.lastTick) this.seek(this.replay.firstTick);
    this.playing = true;
  }
  pause(): void {
    this.playing = false;
  }
  /** 0.25-4× (clamped); returns what is used. */
  setSpeed(speed: number): number {
    this.speedFactor = Number.isFinite(speed) ? Math.min(Math.max(speed, MIN_PLAYBACK_SPEED), MAX_PLAYBACK_SPEED) : 1;
    return this.speedFactor;
  }
  follow(id: number | null): void {
    this.following = id;
  }

  /**
   * Live (a spectator's stream, issue 24): frames keep arriving, so the time is held `delayTicks`
   * behind the newest frame (an interpolation delay: two frames to blend between), never past it,
   * and jumps up when it falls more than LIVE_SLACK_S behind (a stall); it never pauses at the end.
   */
  followLive(delayTicks: number): void {
    this.liveDelay = Math.max(0, delayTicks);
  }

  private liveTime(): number {
    const target = this.replay.lastTick - (this.liveDelay ?? 0);
    if (this.time > target) return Math.max(target, this.replay.firstTick);
    return this.time < target - LIVE_SLACK_S * this.replay.header.tickrate ? target : this.time;
  }

  /** Jumps to `tick` (clamped to the replay); what lies between is not shown as events. */
  seek(tick: number): void {
    const t = Number.isFinite(tick) ? tick : this.replay.firstTick;
    this.time = Math.min(Math.max(t, this.replay.firstTick), this.replay.lastTick);
    this.nextEvent = this.eventIndexAfter(this.time);
  }

  /** The world at the playback time, as one recorded frame (the last at or before it): tests, the debug API. */
  frameNow(): ObservedFrame {
    return this.frameAtIndex(this.replay.frameIndexAt(this.time));
  }

  /** One drawn frame at page time `nowMs`: the time moves on (when playing), then the game's view of it. */
  frame(nowMs: number): T['view'] {
    const step = this.lastNowMs === null ? 0 : Math.min(Math.max(nowMs - this.lastNowMs, 0), MAX_STEP_MS);
    this.lastNowMs = nowMs;
    if (this.playing) {
      this.time += (step / 1000) * this.replay.header.tickrate * this.speedFactor;
      if (this.liveDelay !== null) this.time = this.liveTime();
      else if (this.time >= this.replay.lastTick) {
        this.time = this.replay.lastTick;
        this.playing = false;
      }
    }
    return this.game.view(this.parts());
  }

  private parts(): FrameParts<T> {
    const i = this.replay.frameIndexAt(this.time);
    const a = this.frameAtIndex(i);
    const b = i + 1 < this.replay.frameCount ? this.frameAtIndex(i + 1) : null;
    // Only the two frames around the time are kept (deleting while iterating a Map is safe).
    for (const k of this.kept.keys()) if (k !== i && k !== i + 1) this.kept.delete(k);
    const span = b ? b.tick - a.tick : 1;
    const alpha = b ? Math.min(Math.max((this.time - a.tick) / span, 0), 1) : 0;
    const remotes: Record<string, SampledEntity<AnyEntity>[]> = {};
    this.replay.wire.sections.forEach((sec, s) => {
      remotes[sec.name] = blend(a.lists[s]!, b ? b.lists[s]! : null, alpha, span, this.traits[s]!);
    });
    return {
      localId: this.following ?? -1,
      local: null,
      remotes: remotes as SampledSections<T['wire']>,
      events: this.takeEvents(),
      // A replay has no network: a quiet net graph at the playback time.
      stats: quietNetStats({ serverTick: Math.floor(this.time), renderTick: this.time }),
      tickrate: this.replay.header.tickrate,
      rules: (alpha >= 1 && b ? b.rules : a.rules) as FrameParts<T>['rules'],
      streamTick: this.time,
      commandTick: 0,
      predicted: null,
    };
  }

  private frameAtIndex(i: number): ObservedFrame {
    let f = this.kept.get(i);
    if (!f) {
      f = this.replay.frame(i);
      this.kept.set(i, f);
    }
    return f;
  }

  /** The events whose tick the playback passed since the last call (in order). */
  private takeEvents(): ShownEvent<GameEvent<T>>[] {
    const all = this.replay.events;
    const out: ShownEvent<GameEvent<T>>[] = [];
    while (this.nextEvent < all.length && all[this.nextEvent]!.tick <= this.time) {
      const e = all[this.nextEvent++]! as TaggedEvent<GameEvent<T>>;
      out.push({ predicted: false, tick: e.tick, event: e.event });
    }
    return out;
  }

  /** The index of the first event with a tick after `tick`. */
  private eventIndexAfter(tick: number): number {
    const all = this.replay.events;
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid]!.tick <= tick) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Each entity of `a` at `alpha` of the way to its state in `b` (held when it is gone or jumped). */
function blend(
  a: readonly AnyEntity[],
  b: readonly AnyEntity[] | null,
  alpha: number,
  span: number,
  traits: EntityTraits<AnyEntity>,
): SampledEntity<AnyEntity>[] {
  const out: SampledEntity<AnyEntity>[] = [];
  let j = 0;
  for (const ea of a) {
    while (b && j < b.length && b[j]!.id < ea.id) j++;
    const eb = b && j < b.length && b[j]!.id === ea.id ? b[j]! : null;
    // A respawn (teleport) is shown where it lands from the next frame's time on, never slid to.
    const state = eb && !traits.teleported(ea, eb) ? traits.lerp(ea, eb, alpha, span) : alpha >= 1 && eb ? eb : ea;
    out.push({ state, extrapolating: false });
  }
  return out;
}
