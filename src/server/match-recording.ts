/**
 * MatchRecording: whether the host records, and the replay of the match now being played
 * (replay-recorder.ts). A GameServer owns one; the host turns it on with the names its header
 * carries. Each match the host starts later gets a replay of its own, which begins with the roster
 * the previous one ended with and the start's events, so "Download replay" on an end screen
 * gives that match from its start.
 */
import type { PlayerId, Tick } from '../protocol/ids';
import type { RosterEntry } from '../protocol/replay-format';
import type { SnapshotWire } from '../protocol/snapshot-schema';
import type { TaggedEvent } from '../protocol/snapshot-types';
import { ReplayRecorder, type RecorderOptions, type RecordingInfo, type SharedTick } from './replay-recorder';
import type { EntityListsOf } from './snapshot-frames';

/** How GameServer shows the recording its world at a tick. */
export interface RecordedWorld {
  tick(): Tick;
  lists(): EntityListsOf;
  rules(): unknown;
}

export class MatchRecording {
  private recorder: ReplayRecorder | null = null;
  private spec: { info: RecordingInfo; opts: RecorderOptions } | null = null;

  constructor(
    private readonly wire: SnapshotWire,
    private readonly tickrate: number,
    private readonly world: RecordedWorld,
  ) {}

  /** Records from this tick on, as `info` (recording again starts over). */
  start(info: RecordingInfo, opts: RecorderOptions = {}): void {
    this.spec = { info: { game: info.game, map: info.map }, opts };
    this.recorder = new ReplayRecorder(this.wire, this.tickrate, this.spec.info, this.world.tick(), opts);
  }

  stop(): void {
    this.spec = null;
    this.recorder = null;
  }

  /** The current replay's recorder (its header and counters), or null when not recording. */
  get current(): ReplayRecorder | null {
    return this.recorder;
  }

  /** The current replay file, or null when not recording. */
  replay(): Uint8Array | null {
    return this.recorder ? this.recorder.bytes() : null;
  }

  /** After every tick; `shared`: what the snapshot sender already packed and encoded this tick. */
  onTick(events: readonly TaggedEvent<unknown>[], shared?: SharedTick): void {
    this.recorder?.onTick(this.world.tick(), this.lists, this.rules, events, shared);
  }

  /** The host started a match (between ticks) with these events: a new replay from here. */
  onMatchStart(events: readonly TaggedEvent<unknown>[]): void {
    if (!this.spec) return;
    const players = this.recorder?.players ?? [];
    this.start(this.spec.info, this.spec.opts);
    if (players.length) this.roster(players);
    this.onTick(events);
  }

  /** Who is in the lobby now (names as shown), from this tick on. */
  roster(players: readonly RosterEntry[]): void {
    this.recorder?.roster(this.world.tick(), players);
  }

  /** A chat line every client received. */
  chat(from: PlayerId, text: string): void {
    this.recorder?.chat(this.world.tick(), from, text);
  }

  private readonly lists = (): EntityListsOf => this.world.lists();
  private readonly rules = (): unknown => this.world.rules();
}
