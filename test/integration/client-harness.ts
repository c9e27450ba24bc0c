/**
 * A real NetClient (the arena's) as a harness player: the thin adapter between test/harness's HarnessClient
 * contract and src/client, plus the frame loop a browser would run (decide input from the frame on screen → NetClient.frame).
 *
 * Inputs: a `Pilot` that picks the input for each rendered frame from the view the player sees.
 * Outputs: the NetClient's packets to the harness; per-frame observations for the tests (views,
 * the render time and remotes behind every command tick issued).
 * Invariants: frames at `frameMs` of virtual time (not phase-locked to ticks); no real clock.
 */
import type { ArenaClientTypes } from '../../src/arena/client/arena-client-types';
import { ARENA_COMMANDS } from '../../src/arena/protocol/arena-commands';
import { isDeepStrictEqual } from 'node:util';
import { NetClient } from '../../src/client/net-client';
import { arenaClientGame } from '../../src/arena/client/arena-client-game';
import type { ClientView, InputSample, RemotePlayerView } from '../../src/arena/client/view-model';
import { defaultCvars, type Cvars } from '../../src/config/cvars';
import type { ClientNetSettings } from '../../src/server/snapshot-scheduler';
import { PLAYER_RADIUS } from '../../src/sim/config';
import { WEAPON_KEEP, type ArenaMap, type PlayerId, type Tick, type UserCmd } from '../../src/sim/types';
import type { HarnessClient } from '../harness/harness-client';
import { decodeCmdPacket } from '../../src/protocol/cmd-packet';
import type { Snapshot } from '../../src/arena/protocol/arena-messages';

export type Pilot = (view: ClientView, nowMs: number) => InputSample;

export const IDLE: InputSample = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };

/** What a command tick was decided from: the frame's remotes at the render time it carries. */
export interface IssuedFrame {
  renderTick: number;
  remotes: RemotePlayerView[];
}

export class PilotedClient implements HarnessClient {
  readonly net: NetClient<ArenaClientTypes>;
  private nextFrameMs = 0;
  private issuedUpTo: Tick = -1;
  private lastView: ClientView | null = null;
  /** Per command tick, the frame it was issued in (only kept when `recordFrames`). */
  readonly issued = new Map<Tick, IssuedFrame>();
  onFrame: ((view: ClientView, nowMs: number) => void) | null = null;

  constructor(
    readonly id: PlayerId,
    public pilot: Pilot,
    private readonly cvars: Cvars = defaultCvars(),
    private readonly frameMs = 1000 / 60,
    private readonly recordFrames = false,
    tickrate = 60,
  ) {
    this.net = new NetClient({ clientId: id, tickrate, cvars, game: arenaClientGame });
  }

  /** The view of the newest frame (what the player sees now), null before the first frame. */
  get shown(): ClientView | null {
    return this.lastView;
  }

  onPacket(bytes: Uint8Array, nowMs: number): void {
    this.net.receive(bytes, nowMs);
  }

  update(nowMs: number): Uint8Array[] {
    if (nowMs < this.nextFrameMs) return [];
    this.nextFrameMs += this.frameMs;
    // Input decided from the frame on screen, then one NetClient frame (commands, then the view).
    const shown = this.lastView;
    const { packets, view } = this.net.frame(nowMs, shown ? this.pilot(shown, nowMs) : IDLE);
    const newest = this.net.stats.commandTick;
    // The commands issued now carry the render time of the frame the player was looking at.
    if (this.recordFrames && shown?.local) {
      for (let t = this.issuedUpTo + 1; t <= newest; t++)
        this.issued.set(t, { renderTick: shown.stats.renderTick, remotes: shown.remotes });
    }
    this.issuedUpTo = newest;
    this.lastView = view;
    this.onFrame?.(view, nowMs);
    return packets;
  }

  netSettings(): ClientNetSettings {
    return this.net.netSettings();
  }

  /** Host migration: the stream now comes from another server. */
  rebind(): void {
    this.net.rebind();
  }

  newestSnapshot(): { snapshot: Snapshot; atMs: number } | null {
    const snapshot = this.net.newestSnapshot();
    const atMs = this.net.newestSnapshotAtMs;
    return snapshot && atMs !== null ? { snapshot, atMs } : null;
  }
}

/**
 * A client whose clock runs `rate` times the host's (its frames, its timestamps, everything). It also
 * checks every packet it sends: each ack against the snapshots it really received, and that no
 * command tick is ever issued twice (each tick the NetClient issues is newer than every one before,
 * and every command sent, in a redundant copy or a resend, is the one issued for its tick).
 */
export class SkewedClient implements HarnessClient {
  private readonly received = new Set<number>();
  /** Every command the NetClient issued (handed to its CommandOutbox), by tick. */
  private readonly issuedCmds = new Map<Tick, UserCmd>();
  private newestIssued: Tick = -1;
  falseAcks = 0;
  /** Ticks issued again (not newer than the newest issued), or sent with other contents than issued. */
  reissued = 0;
  constructor(
    readonly inner: PilotedClient,
    private readonly rate: number,
  ) {
    // Issuing is watched where it happens: a tick issued but sent only later (a resend to a new
    // server, after a forward jump of the clock) is not issued twice, a tick issued again is.
    const outbox = (inner.net as unknown as { parts: { outbox: { issue(cmd: UserCmd): void } } }).parts.outbox;
    const issue = outbox.issue.bind(outbox);
    outbox.issue = (cmd: UserCmd): void => {
      if (cmd.tick <= this.newestIssued) this.reissued++;
      this.newestIssued = Math.max(this.newestIssued, cmd.tick);
      this.issuedCmds.set(cmd.tick, cmd);
      issue(cmd);
    };
  }
  get id(): number {
    return this.inner.id;
  }
  onPacket(bytes: Uint8Array, nowMs: number): void {
    this.inner.onPacket(bytes, nowMs * this.rate);
    this.received.add(this.inner.net.stats.serverTick);
  }
  update(nowMs: number): Uint8Array[] {
    const packets = this.inner.update(nowMs * this.rate);
    for (const p of packets) {
      const d = decodeCmdPacket(ARENA_COMMANDS, p);
      if (!d.ok) continue;
      if (d.value.ackTick !== null && !this.received.has(d.value.ackTick)) this.falseAcks++;
      // Every command sent is the one issued for its tick, however often and late it is sent.
      for (const c of d.value.cmds) if (!isDeepStrictEqual(this.issuedCmds.get(c.tick), c)) this.reissued++;
    }
    return packets;
  }
  netSettings(): ReturnType<PilotedClient['netSettings']> {
    return this.inner.netSettings();
  }
  /** A new server's ticks: acks are checked against its snapshots only. */
  rebind(): void {
    this.received.clear();
    this.inner.rebind();
  }
  newestSnapshot(): ReturnType<PilotedClient['newestSnapshot']> {
    return this.inner.newestSnapshot();
  }
}

export { seeded } from '../helpers/seeded';

/** Move input (int8 axes) steering from (x, y) toward (tx, ty); stops inside `slack`. */
export function steer(x: number, y: number, tx: number, ty: number, slack = 8): { moveX: number; moveY: number } {
  const dx = tx - x;
  const dy = ty - y;
  const d = Math.hypot(dx, dy);
  if (d < slack) return { moveX: 0, moveY: 0 };
  return { moveX: Math.round((dx / d) * 127), moveY: Math.round((dy / d) * 127) };
}

/**
 * Walks bots around walls: a breadth-first distance field on a 16-unit grid toward each
 * destination (cached), with cells blocked where a player box would touch a wall or the bounds.
 */
export class Navigator {
  private readonly cell = 16;
  private readonly cols: number;
  private readonly rows: number;
  private readonly blocked: Uint8Array;
  private readonly fields = new Map<string, Int32Array>();

  constructor(private readonly map: ArenaMap) {
    this.cols = Math.floor(map.width / this.cell);
    this.rows = Math.floor(map.height / this.cell);
    this.blocked = new Uint8Array(this.cols * this.rows);
    const margin = PLAYER_RADIUS + 3;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const x = (c + 0.5) * this.cell;
        const y = (r + 0.5) * this.cell;
        const out = x < margin || y < margin || x > map.width - margin || y > map.height - margin;
        const hit = map.walls.some(
          (w) => x > w.x - margin && x < w.x + w.w + margin && y > w.y - margin && y < w.y + w.h + margin,
        );
        this.blocked[r * this.cols + c] = out || hit ? 1 : 0;
      }
    }
  }

  /** Move input from (x, y) one step along the shortest free path to (tx, ty). */
  toward(x: number, y: number, tx: number, ty: number, slack = 8): { moveX: number; moveY: number } {
    if (Math.hypot(tx - x, ty - y) < 3 * this.cell) return steer(x, y, tx, ty, slack);
    const field = this.fieldTo(tx, ty);
    const here = this.index(x, y);
    let best = here;
    for (const n of this.neighbours(here))
      if (field[n]! >= 0 && (field[best]! < 0 || field[n]! < field[best]!)) best = n;
    const bx = ((best % this.cols) + 0.5) * this.cell;
    const by = (Math.floor(best / this.cols) + 0.5) * this.cell;
    return steer(x, y, bx, by, 0);
  }

  private index(x: number, y: number): number {
    const c = Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.cell)));
    const r = Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.cell)));
    return r * this.cols + c;
  }

  private neighbours(i: number): number[] {
    const c = i % this.cols;
    const out: number[] = [];
    if (c > 0) out.push(i - 1);
    if (c < this.cols - 1) out.push(i + 1);
    if (i >= this.cols) out.push(i - this.cols);
    if (i + this.cols < this.cols * this.rows) out.push(i + this.cols);
    return out;
  }

  private fieldTo(tx: number, ty: number): Int32Array {
    const goal = this.index(tx, ty);
    const key = String(goal);
    const cached = this.fields.get(key);
    if (cached) return cached;
    const field = new Int32Array(this.cols * this.rows).fill(-1);
    field[goal] = 0;
    const queue = [goal];
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q]!;
      for (const n of this.neighbours(i)) {
        if (field[n] !== -1 || this.blocked[n]) continue;
        field[n] = field[i]! + 1;
        queue.push(n);
      }
    }
    this.fields.set(key, field);
    return field;
  }
}
