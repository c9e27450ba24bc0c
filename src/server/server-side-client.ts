/**
 * ServerSideClient: everything the server keeps about one connected client, and the two things it
 * does with it: take in a command packet, and plan the snapshot that client is due.
 *
 * Inputs: decoded command packets with their arrival time (in ms and as a fractional server tick);
 * per tick, the world; the datagrams the server encoded from the plan (`recordSent`).
 * Outputs: snapshot plans (header, acked baseline tick, unacked events); its statistics.
 * Invariants: a snapshot is delta-encoded only against a snapshot this client acknowledged and that
 * is still in the ring (else full); every unacked event rides in every snapshot; the RTT is sampled
 * once per newly acked snapshot; the echo is the send time of the packet carrying the newest
 * command, so a reordered older packet cannot shorten the measured round trip.
 */
import type { EncodedEvent } from '../protocol/event-codec';
import type { CommandPacket, CommandSchema } from '../protocol/command-schema';
import type { SnapshotHeader } from '../protocol/snapshot';
import type { PlayerId, Tick } from '../protocol/ids';
import { AbuseMonitor, type AbuseLimits } from './abuse-monitor';
import { CommandBuffer, type TakenCmd } from './command-buffer';
import { EventOutbox } from './event-outbox';
import { RttEstimator } from './rtt-estimator';
import { SentSnapshots } from './sent-snapshots';
import {
  DEFAULT_CLIENT_SETTINGS,
  SnapshotScheduler,
  clampClientSettings,
  type ClientNetSettings,
} from './snapshot-scheduler';
import type { ClientStats, RewindRecord } from './stats';

/** Unacked events kept per client (the wire carries at most 255 per snapshot). */
export const EVENT_CAP = 128;
/**
 * Sent snapshots remembered as possible baselines, in ticks (the ring is indexed by tick): 512
 * ticks is 4 s at the highest tickrate (128), longer than the slowest round trip the cvars allow
 * (net_fakelag 1000 ms + net_fakejitter 500 ms each way), so an ack is never too old to be used.
 */
export const SENT_RING = 512;

/** One client's snapshot of a tick, before encoding. */
export interface SnapshotPlan {
  header: SnapshotHeader;
  /** The acked snapshot to delta against (its frame is the server's), or null for a full one. */
  baselineTick: Tick | null;
  /** Every unacked event, oldest first. */
  events: readonly EncodedEvent<unknown>[];
}

export interface SessionOptions<C extends { tick: Tick }> {
  tickrate: number;
  abuse: AbuseLimits;
  /** The game's commands (how one is repeated when the client sent none). */
  commands: CommandSchema<C, { tick: Tick }>;
  /** A spectator (issue 24): no player, observer frames instead of snapshots, its commands never run. */
  spectator?: boolean;
}

/** One client's session on the host: its commands, clock, snapshots and abuse counters. */
export class ServerSideClient<C extends { tick: Tick } = { tick: Tick }> {
  readonly buffer: CommandBuffer<C>;
  readonly scheduler: SnapshotScheduler;
  readonly outbox = new EventOutbox<EncodedEvent<unknown>>(EVENT_CAP);
  readonly rtt = new RttEstimator();
  readonly abuse: AbuseMonitor;
  /** Watches without a player (issue 24): the server never runs its commands and sends it spectator frames. */
  readonly spectator: boolean;
  private readonly sent = new SentSnapshots(SENT_RING);
  settings: ClientNetSettings = { ...DEFAULT_CLIENT_SETTINGS };
  /** Newest snapshot the client ever acked: releases events and samples the RTT (monotonic). */
  lastAckTick: Tick = 0;
  /**
   * The baseline the client says it holds now: the ack of the packet with its newest commands.
   * Unlike lastAckTick it may go back or to null (the client dropped a baseline whose checksum
   * failed, or restarted its decoder), and the next snapshot follows it at once.
   */
  private baselineAck: Tick | null = null;
  /** The packet whose ack baselineAck is: its send time (u16 ms, -1 before any) and newest command tick. */
  private readonly baselineFrom = { sendTimeMs: -1, newestCmdTick: -1 };
  /** Set while resynchronising: the first tick whose (full) snapshot the client must ack. */
  private resyncFrom: Tick | null = null;
  /** Buffer depths since the last snapshot, for the mean it reports. */
  private depthSum = 0;
  private depthTicks = 0;
  /** Updated in place (a packet per client per tick: no object per packet). */
  private readonly echo = { timeMs: 0, receivedMs: 0, newestCmdTick: -1 };
  /** What `planSnapshot` returns, refilled by each call (a plan is encoded at once and never kept). */
  private readonly plan: SnapshotPlan = {
    header: { serverTick: 0, lastCmdTick: 0, cmdBufferDepth: 0, echoTimeMs: 0, echoHoldMs: 0 },
    baselineTick: null,
    events: [],
  };
  /** The command this client's player runs in the tick being stepped (set by the server). */
  current: TakenCmd<C> | null = null;
  readonly counters = {
    packetsIn: 0,
    bytesIn: 0,
    decodeFailures: 0,
    fullSnapshots: 0,
    deltaSnapshots: 0,
    packetsOut: 0,
    bytesOut: 0,
    depth: 0,
    encodeFailures: 0,
    resyncs: 0,
  };

  constructor(
    readonly id: PlayerId,
    private readonly opts: SessionOptions<C>,
  ) {
    // Commands more than a second ahead are rejected; repeats lower the depth for half a second;
    // after 250 ms without a command the player stands still (a dead link must not run and fire).
    this.buffer = new CommandBuffer(
      opts.commands,
      opts.tickrate,
      Math.round(opts.tickrate / 2),
      Math.round(opts.tickrate / 4),
    );
    this.scheduler = new SnapshotScheduler(opts.tickrate, this.settings, id);
    this.abuse = new AbuseMonitor(opts.abuse);
    this.spectator = opts.spectator === true;
  }

  configure(s: ClientNetSettings): void {
    this.settings = clampClientSettings(s);
    this.scheduler.configure(this.settings);
  }

  /**
   * Takes in one decoded packet. `arrivalTick` is the server time of arrival in fractional ticks;
   * `serverTick` the last tick stepped (commands for it or earlier are stale).
   */
  receivePacket(p: CommandPacket<C>, nowMs: number, arrivalTick: number, serverTick: Tick): void {
    if (p.ackTick !== null) this.handleAck(p.ackTick, nowMs);
    const newest = p.cmds[p.cmds.length - 1];
    if (!newest) return;
    if (newest.tick > this.echo.newestCmdTick) {
      // Packets arrive unordered: the echo is the packet with the newest commands (a reordered one cannot shorten the RTT).
      this.echo.timeMs = p.sendTimeMs;
      this.echo.receivedMs = nowMs;
      this.echo.newestCmdTick = newest.tick;
    }
    // Only the latest-sent packet says which baseline the client holds now (it may go back, or to none).
    if (this.sentLatest(p.sendTimeMs, newest.tick)) {
      this.baselineAck = p.ackTick;
      this.baselineFrom.sendTimeMs = p.sendTimeMs;
      this.baselineFrom.newestCmdTick = newest.tick;
    }
    // The client made the newest command about half a round trip before it arrived, the others one tick earlier each.
    const halfRttTicks = ((this.rtt.rttMs ?? 0) / 2) * (this.opts.tickrate / 1000);
    for (const cmd of p.cmds) {
      this.buffer.push(cmd, serverTick, arrivalTick - halfRttTicks - (newest.tick - cmd.tick));
    }
  }

  /**
   * Whether a packet was sent after the one whose ack we follow, so its ack says what the client
   * holds now. Send time decides (compared modulo 2^16 ms: packets are never 32 s apart, the
   * silence kick is 5 s); newer commands decide too. Command ticks alone are not enough: a client
   * that restarts its decoder (and its clock sync) sends commands older than ones it sent before,
   * and its "none held" or newest ack must still be followed at once, not once the lost baseline
   * leaves the ring (512 ticks, 8.5 s at 60 Hz).
   */
  private sentLatest(sendTimeMs: number, newestCmdTick: Tick): boolean {
    const from = this.baselineFrom;
    if (from.sendTimeMs < 0) return true;
    const ahead = (sendTimeMs - from.sendTimeMs + 65536) % 65536;
    return ahead < 32768 || newestCmdTick > from.newestCmdTick;
  }

  private handleAck(ackTick: Tick, nowMs: number): void {
    if (ackTick <= this.lastAckTick) return;
    const entry = this.sent.get(ackTick);
    // An ack for a snapshot never sent (forged, or too old) teaches nothing.
    if (!entry) return;
    this.lastAckTick = ackTick;
    // The client holds a full snapshot sent after the events it missed: the resync is done.
    if (this.resyncFrom !== null && ackTick >= this.resyncFrom) this.resyncFrom = null;
    this.rtt.sample(nowMs - entry.sentMs);
    this.outbox.acked(entry.eventMark);
  }

  /**
   * The server's estimate (fractional ticks) of the view time of a command made at `madeAtTick`.
   * Before the first RTT sample the round trip counts as 0: a client that never acks (so never
   * yields an RTT) must not escape the 200 ms check and claim any view time up to sv_maxunlag.
   */
  estimatedViewTime(madeAtTick: number): number {
    const rtt = this.rtt.rttMs ?? 0;
    return madeAtTick - ((rtt / 2 + this.settings.interpMs) * this.opts.tickrate) / 1000;
  }

  /**
   * What this client's snapshot of this tick needs (header, acked baseline tick, unacked events),
   * or null when none is due or its player is gone (`present`: the world holds its entity). The server encodes it (once-per-tick shared
   * pieces, protocol/snapshot-broadcast.ts) and reports the datagrams back with `recordSent`.
   * The plan, its header and its events list are reused: valid until this session's next call.
   */
  planSnapshot(tick: Tick, present: boolean, nowMs: number): SnapshotPlan | null {
    this.counters.depth = this.buffer.depth(tick);
    // The depth swings by a frame's worth of ticks as commands arrive in bursts; the snapshot reports
    // its mean since the last snapshot, or a client sampling at a fixed phase would steer a biased value.
    this.depthSum += this.counters.depth;
    this.depthTicks++;
    if (!this.scheduler.due(tick)) return null;
    if (!present) return null;
    // Events dropped from a full outbox (a long outage): full snapshots until the client acks one.
    if (this.outbox.takeOverflow() && this.resyncFrom === null) {
      this.counters.resyncs++;
      this.resyncFrom = tick;
    }
    const resyncing = this.resyncFrom !== null;
    const plan = this.plan;
    plan.baselineTick =
      !resyncing && this.baselineAck !== null && this.sent.get(this.baselineAck) ? this.baselineAck : null;
    this.fillHeader(plan.header, tick, nowMs);
    plan.events = this.outbox.pending();
    return plan;
  }

  /** Header fields of the snapshot built at `tick` (takes the mean buffer depth since the last one). */
  private fillHeader(h: SnapshotHeader, tick: Tick, nowMs: number): void {
    h.serverTick = tick;
    h.lastCmdTick = this.buffer.lastRealTick;
    h.cmdBufferDepth = this.takeMeanDepth();
    h.echoTimeMs = this.echo.timeMs;
    h.echoHoldMs = this.echo.newestCmdTick >= 0 ? Math.max(0, Math.round(nowMs - this.echo.receivedMs)) : 0;
  }

  private takeMeanDepth(): number {
    const mean = this.depthTicks > 0 ? Math.round(this.depthSum / this.depthTicks) : this.counters.depth;
    this.depthSum = 0;
    this.depthTicks = 0;
    return mean;
  }

  /** The snapshot planned at `tick` left as `parts` (empty: it could not be encoded, counted). */
  recordSent(tick: Tick, parts: readonly Uint8Array[], delta: boolean, nowMs: number): void {
    if (parts.length === 0) {
      this.counters.encodeFailures++;
      return;
    }
    let bytes = 0;
    for (const part of parts) bytes += part.byteLength;
    this.scheduler.sent(tick, bytes);
    this.sent.put(tick, nowMs, this.outbox.sentIn());
    if (delta) this.counters.deltaSnapshots++;
    else this.counters.fullSnapshots++;
    this.counters.packetsOut += parts.length;
    this.counters.bytesOut += bytes;
  }

  /** `lastRewind`: what the server tested for this client's newest shot (the server keeps it). */
  stats(lastRewind: RewindRecord | null = null): ClientStats {
    const b = this.buffer.counters;
    return {
      clientId: this.id,
      packetsIn: this.counters.packetsIn,
      bytesIn: this.counters.bytesIn,
      decodeFailures: this.counters.decodeFailures,
      encodeFailures: this.counters.encodeFailures,
      commandsAccepted: b.accepted,
      repeats: b.repeats,
      lateCommands: b.late,
      neutralCommands: b.neutral,
      longestRepeatRun: b.longestRepeatRun,
      recentRepeatRuns: this.buffer.recentRuns.map(([endTick, length]) => ({ endTick, length })),
      staleDrops: b.stale,
      duplicateDrops: b.duplicates,
      futureRejects: b.rejectedFuture,
      bufferDepth: this.counters.depth,
      rttMs: this.rtt.rttMs,
      jitterMs: this.rtt.jitterMs,
      snapshotsSent: this.scheduler.counters.sent,
      fullSnapshots: this.counters.fullSnapshots,
      deltaSnapshots: this.counters.deltaSnapshots,
      packetsOut: this.counters.packetsOut,
      bytesOut: this.counters.bytesOut,
      heldBackTicks: this.scheduler.counters.heldBackTicks,
      eventsPending: this.outbox.size,
      eventsDropped: this.outbox.counters.dropped,
      resyncs: this.counters.resyncs,
      lastAckTick: this.lastAckTick,
      lastRewind,
      kicked: this.abuse.kicked?.reason ?? null,
      ...(this.spectator ? { spectator: true as const } : {}),
    };
  }
}
