/**
 * LiveReplay: a spectator's frames (issue 24) as a Replay that grows while it is watched, so the
 * replay viewer's playback (replay-playback.ts, in live mode) and renderer hosts draw a running
 * match exactly as they draw a file: every player, blended between frames, the events once.
 *
 * Inputs: each new frame in tick order (SpectatorStream.onFrame), the lobby's player list (names).
 * Outputs: `replay`. Invariants: an event is added once (a spectator frame repeats every event
 * it has not seen acked); only the last KEEP_FRAMES frames stay decoded (Replay.forgetFramesBefore),
 * so a long match costs the spectator a few numbers per frame, not a world per frame; the roster
 * gains a record only when the names change.
 */
import type { ObservedFrame } from '../protocol/observer-frame';
import { Replay } from '../protocol/replay-reader';
import type { RosterEntry } from '../protocol/replay-format';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import { PROTOCOL_VERSION } from '../protocol/wire';

/** Frames kept decoded: 10 s at 30 frames/s, far more than the viewer's delay needs. */
const KEEP_FRAMES = 300;
/** Event ids remembered for the dedupe (ids wrap at 65536; a frame carries at most 128 unacked). */
const EVENT_WINDOW = 1024;
const NO_BYTES = new Uint8Array(0);

export class LiveReplay {
  readonly replay: Replay;
  private readonly seen = new Set<number>();
  private readonly seenOrder: number[] = [];
  private lastNames = '';

  constructor(wire: SnapshotWire, o: { game: string; map: string; tickrate: number; firstTick: number }) {
    this.replay = new Replay(wire, {
      protocolVersion: PROTOCOL_VERSION,
      game: o.game,
      map: o.map,
      tickrate: o.tickrate,
      frameTicks: 1,
      keyFrameEvery: 1,
      firstTick: o.firstTick,
    });
  }

  /** A frame newer than every one before (each is kept as a key frame: it arrived decoded). */
  add(frame: ObservedFrame): void {
    const events = frame.events.filter((e) => !this.seen.has(e.id));
    for (const e of events) {
      this.seen.add(e.id);
      this.seenOrder.push(e.id);
      if (this.seenOrder.length > EVENT_WINDOW) this.seen.delete(this.seenOrder.shift()!);
    }
    this.replay.addFrame(NO_BYTES, { ...frame, events }, true);
    const count = this.replay.frameCount;
    if (count > KEEP_FRAMES) this.replay.forgetFramesBefore(count - KEEP_FRAMES);
  }

  /** Who plays, from the lobby list, from the newest frame's tick on. */
  roster(players: readonly RosterEntry[]): void {
    const names = JSON.stringify(players.map((p) => [p.id, p.name]));
    if (names === this.lastNames) return;
    this.lastNames = names;
    const rosters = this.replay.rosters;
    rosters.push({ tick: this.replay.frameCount ? this.replay.lastTick : 0, players: players.map((p) => ({ ...p })) });
    // The viewer asks for the names at the live edge: the last few records are all it can need.
    if (rosters.length > 8) rosters.splice(0, rosters.length - 8);
  }
}
