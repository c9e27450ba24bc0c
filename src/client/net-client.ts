/**
 * NetClient: the joining peer's netcode in one object (DESIGN §1, §3, §5): snapshot bytes in,
 * command packets out, a view model per frame. Its parts are in client-parts.ts; the work is done by
 * SnapshotIntake (bytes in), CommandIssue (commands out) and frame-view.ts (the view).
 *
 * Inputs: `receive(bytes, now)` for every unreliable message from the host, and once per frame
 * `frame(now, input)`, the one per-frame entry point: the frame's input, then every command owed up
 * to `now` issued with it (and predicted), then the view built at the same instant. So a key
 * sampled for a frame is in that frame's commands and, whenever a command is owed, moves the own
 * player in the view that frame draws. Times are milliseconds from any fixed origin, non-decreasing;
 * nothing here reads a clock.
 * Invariants: never throws on bytes (malformed or unknown-baseline packets are dropped and counted);
 * one command per command tick, ticks strictly increasing; each command's view time is the render
 * time of the last frame drawn (quantized to 1/256 tick, the same value used to draw), so the server
 * rewinds to exactly what the player saw; every server event is shown once.
 *
 * Host migration: `rebind()` when the stream starts coming from another server running the same
 * match (restored from a checkpoint). What belonged to the old server is forgotten (baselines, split
 * parts, the ack, the newest snapshot, the plausibility anchor, the clock's tick line, the remotes'
 * history from the new server's first tick on); prediction, interpolation, smoothing, event
 * de-duplication and cvars carry on. The first snapshot of the new server re-places both timelines;
 * the correction it brings (the new server has us where the old one last saw us) is melted, never
 * snapped; the command ticks stay strictly increasing.
 */
import { checkCvar, isCvarName, type Cvars } from '../config/cvars';
import type { SnapshotOf } from '../protocol/snapshot-types';
import type { ClientGameTypes } from './client-game';
import { ClientParts, type NetClientOptions } from './client-parts';
import { CommandIssue } from './command-issue';
import { buildFrameView, statsOf } from './frame-view';
import { netTotalsOf, type NetClientTotals } from './net-client-stats';
import { SnapshotIntake } from './snapshot-intake';
import type { NetStats } from './net-stats';

export type { NetClientTotals } from './net-client-stats';
export type { NetClientOptions } from './client-parts';

/** What one frame hands back: the packets to send now and the view to draw (the game's). */
export interface ClientFrame<V> {
  packets: Uint8Array[];
  view: V;
}

/** `T`: the types of the game it plays (the page's game table says; NetClientOptions.game). */
export class NetClient<T extends ClientGameTypes> {
  readonly clientId: number;
  readonly tickrate: number;
  private readonly parts: ClientParts<T>;
  private readonly intake: SnapshotIntake<T>;
  private readonly commands: CommandIssue<T>;

  constructor(opts: NetClientOptions<T>) {
    this.parts = new ClientParts(opts);
    this.clientId = this.parts.clientId;
    this.tickrate = this.parts.tickrate;
    this.intake = new SnapshotIntake(this.parts);
    this.commands = new CommandIssue(this.parts);
  }

  receive(bytes: Uint8Array, nowMs: number): void {
    this.intake.receive(bytes, nowMs);
  }

  /**
   * One frame, in the only order that neither delays input nor judders: the commands owed up to
   * `nowMs` are issued with `input` (the input sampled for this frame) and predicted, then the view
   * is built at the same instant. Returns the packets to send now and the view to draw.
   */
  frame(nowMs: number, input: T['input']): ClientFrame<T['view']> {
    this.commands.issueOwed(nowMs, input);
    const view = buildFrameView(this.parts, nowMs);
    return { packets: this.parts.outbox.take(), view };
  }

  /**
   * The unreliable stream now comes from, and commands go to, another server running the same
   * match (host migration). Call it before the first bytes from the new server are received.
   */
  rebind(): void {
    this.parts.inbox.rebind();
    this.parts.clock.rebind();
    this.parts.change.rebind(this.parts.outbox.lastIssuedTick);
  }

  /** How many times the client was rebound to a new server. */
  get rebindCount(): number {
    return this.parts.change.count;
  }

  /**
   * The newest snapshot decoded, whole (self in full, every player, rocket, the match block and its
   * events): what a successor brings its migration checkpoint forward with. Do not modify it.
   */
  newestSnapshot(): SnapshotOf<T['wire']> | null {
    return this.parts.change.newest?.snapshot ?? null;
  }

  /** When the newest snapshot arrived (the times passed to `receive`), null before any. */
  get newestSnapshotAtMs(): number | null {
    return this.parts.change.newest?.atMs ?? null;
  }

  /** Interpolation delay in use, seconds (the floor from the cvars, raised by cl_interp_adaptive). */
  get interpDelaySeconds(): number {
    return this.parts.interpDelaySeconds;
  }

  setCvars(c: Partial<Cvars>): void {
    const next = { ...this.parts.cvars };
    for (const [name, value] of Object.entries(c)) {
      if (!isCvarName(name) || value === undefined) continue;
      const checked = checkCvar(name, value);
      if (checked.value !== null) next[name] = checked.value;
    }
    if (next.cl_smooth === 0) this.parts.local.clear();
    this.parts.cvars = next;
  }

  /** What to tell the host in a 'settings' control message, after welcome and after every setCvars. */
  netSettings(): { updateRate: number; rate: number; interpMs: number } {
    // The delay in use, to 25 ms: the host checks each command's claimed view time against it.
    const c = this.parts.cvars;
    return {
      updateRate: c.cl_updaterate,
      rate: c.rate,
      interpMs: Math.round((this.interpDelaySeconds * 1000) / 25) * 25,
    };
  }

  /** Snapshots dropped for an impossible tick, and whether the host should be left (host-plausibility.ts). */
  get hostTrust(): { implausibleSnapshots: number; abandoned: boolean } {
    const trust = this.parts.inbox.plausibility;
    return { implausibleSnapshots: trust?.dropped ?? 0, abandoned: trust?.abandoned ?? false };
  }

  get stats(): NetStats {
    return statsOf(this.parts);
  }

  /** Totals since the start, for tests and debug overlays. */
  get totals(): NetClientTotals {
    return netTotalsOf(this.parts.clock, this.parts.tracker, this.parts.inbox, this.intake.lastError);
  }
}
