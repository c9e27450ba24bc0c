/**
 * SpectatorStream: a spectator's netcode (issue 24). It decodes the host's spectator frames
 * (protocol/spectator-frame.ts), keeps the frames it decoded as the bases of later deltas, and
 * answers with command packets that carry only its ack and one neutral command: the host needs a
 * datagram at least every 5 s (its keepalive, "Session" step 4) and an ack to delta against, and a
 * command packet is the one datagram a client sends (the host never runs a spectator's commands).
 *
 * Inputs: datagrams with their arrival time (`onPacket`), `update(nowMs)` every page or harness
 * step. Outputs: each new frame in arrival order (`onFrame`), the datagrams to send, counters.
 * Invariants: a delta decodes only against a frame this stream decoded itself; a frame older than
 * the newest is still kept as a base (the host may have deltaed against it) but not passed on; the
 * ack names the newest frame held, or none before the first (the host then sends a key frame).
 * No wall clock: times come in.
 */
import { encodeCmdPacket } from '../protocol/cmd-packet';
import type { CommandSchema } from '../protocol/command-schema';
import type { ObservedFrame } from '../protocol/observer-frame';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import { readSpectatorFrame } from '../protocol/spectator-frame';
import type { Tick } from '../protocol/ticks';

/** Frames kept as possible bases (the host's ring is 512 ticks; 64 frames at 30/s is 2 s). */
const KEEP_FRAMES = 64;

export class SpectatorStream<C extends Raw, Raw extends { tick: Tick } = C> {
  private readonly held = new Map<Tick, ObservedFrame>();
  private newest: ObservedFrame | null = null;
  private lastSendMs = -Infinity;
  private readonly sendEveryMs: number;
  /** Called with each frame newer than any before it. */
  onFrame: ((frame: ObservedFrame, nowMs: number) => void) | null = null;
  readonly counters = { datagrams: 0, bytesIn: 0, frames: 0, keyFrames: 0, decodeFailures: 0, packetsOut: 0 };

  /** @param cmdRate command packets (acks) per second: the host's ack-driven deltas need about one per frame */
  constructor(
    private readonly wire: SnapshotWire,
    private readonly commands: CommandSchema<C, Raw>,
    cmdRate = 30,
  ) {
    this.sendEveryMs = 1000 / Math.min(Math.max(cmdRate, 1), 128);
  }

  /** The newest frame held, or null before the first. */
  get latest(): ObservedFrame | null {
    return this.newest;
  }

  onPacket(bytes: Uint8Array, nowMs: number): void {
    this.counters.datagrams++;
    this.counters.bytesIn += bytes.byteLength;
    const r = readSpectatorFrame(this.wire, bytes, (tick) => this.held.get(tick) ?? null);
    if (!r.ok) {
      this.counters.decodeFailures++;
      return;
    }
    const frame = r.value;
    this.held.set(frame.tick, frame);
    // Oldest first (a Map keeps insertion order): frames arrive in about tick order.
    if (this.held.size > KEEP_FRAMES) this.held.delete(this.held.keys().next().value!);
    if (this.newest && frame.tick <= this.newest.tick) return;
    this.newest = frame;
    this.counters.frames++;
    this.onFrame?.(frame, nowMs);
  }

  /** What to send now: a command packet acking the newest frame, at most `cmdRate` a second. */
  update(nowMs: number): Uint8Array[] {
    if (nowMs - this.lastSendMs < this.sendEveryMs) return [];
    this.lastSendMs = nowMs;
    const ack = this.newest?.tick ?? null;
    // A neutral command for just after the newest frame: never run, but a tick the host accepts.
    const tick = (ack ?? 0) + 2;
    const cmd = this.commands.restamp(this.commands.sanitize({ ...this.commands.blank(), tick }), tick, 0, true);
    this.counters.packetsOut++;
    return [encodeCmdPacket(this.commands, { ackTick: ack, sendTimeMs: Math.round(nowMs), cmds: [cmd] })];
  }
}
