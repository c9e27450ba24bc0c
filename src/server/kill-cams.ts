/**
 * KillCams: the host's side of the kill-cam (issue 24). When a player who asked for kill-cams
 * (its 'settings', cl_killcam 1) is killed by another player, the host cuts the last
 * KILL_CAM_SECONDS as the killer saw them (kill-cam-cutter.ts) from history it keeps anyway: the
 * snapshot sender's frame ring, plus each player's claimed view time per tick and each tick's
 * encoded events, kept here only while somebody wants kill-cams. The cut is queued for the runtime
 * to send as a 'killcam' control message on that player's reliable channel.
 *
 * The game names what a kill is and what a command claims to have seen (KillCamHooks); a game
 * without them has no kill-cams. Inputs: per tick, its commands, events and the snapshot sender
 * (`onTick`). Output: `drain()`, the cuts made since the last call.
 * Invariants: nothing is kept or cut while nobody wants kill-cams; a cut never throws into the
 * tick; the window is bounded by the frame ring (SENT_RING ticks, less the view lag it may reach back).
 */
import type { EncodedEvent } from '../protocol/event-codec';
import type { PlayerId, Tick } from '../protocol/ids';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import type { TaggedEvent } from '../protocol/snapshot-types';
import { KillCamJob, type KillCamCutSpec, type KillCamHistory } from './kill-cam-cutter';
import type { SharedTick } from './replay-recorder';
import { SENT_RING } from './server-side-client';
import { ViewTimes } from './view-times';

/** Seconds of history a kill-cam shows (at most: the frame ring bounds it at high tick rates). */
export const KILL_CAM_SECONDS = 4;
/** Ticks a view time may lie behind its command (sv_maxunlag's bound and then some): kept out of the window. */
const VIEW_LAG_TICKS = 160;
/** Frames cut per tick (a 4 s kill-cam at 60 Hz has 121 frames: ready 4 ticks after the death). */
const FRAMES_PER_TICK = 32;

/** How a game tells the netcode about kills (ServerGame.killCam). */
export interface KillCamHooks<E, C> {
  /** The killer and victim when `event` is one player killing another, else null (suicides, falls). */
  killOf(event: E): { killer: PlayerId; victim: PlayerId } | null;
  /** The view time (fractional server tick) `cmd` claims its screen showed. */
  viewTimeOf(cmd: C): number;
  /** Ticks from a death to the respawn: how long the victim has to watch. */
  readonly respawnTicks: number;
}

/** One kill-cam to send: to `clientId`, of its death by `killer`. */
export interface KillCamCut {
  clientId: PlayerId;
  killer: PlayerId;
  playTicks: number;
  bytes: Uint8Array;
}

/** What a kill-cam replay is named by (its header's game and map). */
export interface KillCamInfo {
  game: string;
  map: string;
}

export class KillCams<E, C> {
  private readonly wanted = new Set<PlayerId>();
  private readonly views = new ViewTimes(SENT_RING);
  /** Each recent tick's encoded events, by tick & mask (`eventTicks` says which tick a slot holds). */
  private readonly events: Array<readonly EncodedEvent[]> = new Array<readonly EncodedEvent[]>(SENT_RING).fill([]);
  private readonly eventTicks = new Float64Array(SENT_RING).fill(-1);
  /** Kill-cams being cut, oldest first, and whom each is for. */
  private readonly jobs: Array<{ job: KillCamJob; victim: PlayerId }> = [];
  private cuts: KillCamCut[] = [];
  private shared: SharedTick | null = null;
  readonly counters = { cuts: 0, bytes: 0, empty: 0 };
  info: KillCamInfo = { game: 'game', map: 'map' };

  constructor(
    private readonly wire: SnapshotWire,
    private readonly tickrate: number,
    private readonly hooks: KillCamHooks<E, C> | undefined,
  ) {}

  /** Whether anything is kept now (some client wants kill-cams and the game has them). */
  get active(): boolean {
    return this.hooks !== undefined && this.wanted.size > 0;
  }

  /** Kill-cams being cut now (a few frames a tick). */
  get cutting(): number {
    return this.jobs.length;
  }

  /** Whether `id` wants kill-cams of its deaths (its settings said so). */
  setWanted(id: PlayerId, on: boolean): void {
    if (on) this.wanted.add(id);
    else this.wanted.delete(id);
  }

  forget(id: PlayerId): void {
    this.wanted.delete(id);
    this.views.forget(id);
    for (let i = this.jobs.length - 1; i >= 0; i--) if (this.jobs[i]!.victim === id) this.jobs.splice(i, 1);
  }

  /** The commands the tick stepped (people's and bots'): the view time each claims. */
  private noteCommands(tick: Tick, cmds: ReadonlyMap<PlayerId, C>): void {
    for (const [id, cmd] of cmds) {
      const v = this.hooks!.viewTimeOf(cmd);
      // Only a view of the recent past: a claim ahead of its tick, or further back than any view
      // lags, is what a broken or lying client sends; that tick then shows the tick itself.
      if (Number.isFinite(v) && v >= tick - VIEW_LAG_TICKS) this.views.note(id, tick, Math.min(v, tick));
    }
  }

  /**
   * After the tick's snapshots left: the view time each of its commands claimed and its events
   * kept, a cut begun for each wanted death among them, and cutting goes on.
   */
  onTick(tick: Tick, cmds: ReadonlyMap<PlayerId, C>, events: readonly TaggedEvent<E>[], shared: SharedTick): void {
    if (!this.active && this.jobs.length === 0) return;
    if (this.active) this.noteCommands(tick, cmds);
    this.shared = shared;
    const slot = tick & (SENT_RING - 1);
    this.events[slot] = shared.encodedFor(events) ?? events.map((e) => this.wire.events.encode(e));
    this.eventTicks[slot] = tick;
    for (const e of events) {
      const kill = this.hooks?.killOf(e.event);
      if (!kill || kill.killer === kill.victim || !this.wanted.has(kill.victim)) continue;
      this.jobs.push({ job: new KillCamJob(this.wire, this.specOf(kill.killer, tick)), victim: kill.victim });
    }
    this.cutSome();
  }

  /** The cuts made since the last call. */
  drain(): KillCamCut[] {
    const out = this.cuts;
    this.cuts = [];
    return out;
  }

  private specOf(killer: PlayerId, tick: Tick): KillCamCutSpec {
    const windowTicks = Math.min(Math.round(KILL_CAM_SECONDS * this.tickrate), SENT_RING - VIEW_LAG_TICKS);
    const frameTicks = Math.max(1, Math.round(this.tickrate / 30));
    return { killer, tick, windowTicks, frameTicks, tickrate: this.tickrate, ...this.info };
  }

  /** FRAMES_PER_TICK frames of the oldest cut (one cut a tick); a finished one is queued to send. */
  private cutSome(): void {
    const first = this.jobs[0];
    if (!first) return;
    let bytes: Uint8Array | null | undefined;
    try {
      bytes = first.job.step(this.history, FRAMES_PER_TICK);
    } catch {
      bytes = null; // A cut must never stop the tick: that victim gets no kill-cam.
    }
    if (bytes === undefined) return;
    this.jobs.shift();
    if (!bytes) {
      this.counters.empty++;
      return;
    }
    this.counters.cuts++;
    this.counters.bytes += bytes.length;
    const playTicks = Math.max(1, this.hooks?.respawnTicks ?? 1);
    this.cuts.push({ clientId: first.victim, killer: first.job.spec.killer, playTicks, bytes });
  }

  private readonly history: KillCamHistory = {
    frameAt: (t) => this.shared?.frameAt(t) ?? null,
    viewTime: (id, t) => this.views.at(id, t),
    eventsBetween: (from, to) => {
      const out: EncodedEvent[] = [];
      for (let t = Math.max(from + 1, to - SENT_RING + 1); t <= to; t++) {
        const slot = t & (SENT_RING - 1);
        if (this.eventTicks[slot] === t) for (const e of this.events[slot]!) out.push(e);
      }
      return out;
    },
  };
}
