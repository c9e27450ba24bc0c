/**
 * KillCamShow: a kill-cam as the victim watches it (issue 24). The host's 'killcam' message holds a
 * small replay of the killer's view before the death (src/server/kill-cam-cutter.ts); this opens
 * it (checked whole, like any replay: a damaged one is refused, never half shown) and plays it
 * with ReplayPlayback following the killer, fast enough to end before the respawn.
 *
 * Inputs: the message, then per frame the page clock and since when the live view shows the own
 * player dead. Outputs: the view to draw while it shows, or null once over (played to its end, skipped, or
 * the player is alive again after it was seen dead: a late message never hides a respawn), or closed by
 * the game (the arena closes it when the match ends, so the end screen is never drawn over by the past).
 * Invariants: the speed is 1× when the cut fits the time left and at most MAX_KILL_CAM_SPEED; the
 * times it records (arrival, first frame, the death seen, the end) are page-clock ms for the debug API.
 */
import type { KillCamMessage } from '../protocol/kill-cam-codec';
import { openReplay } from '../protocol/replay-reader';
import type { DecodeResult } from '../protocol/wire';
import type { ClientGame, ClientGameTypes } from './client-game';
import { ReplayPlayback } from './replay-playback';

/** Fastest a kill-cam plays to end before the respawn. */
export const MAX_KILL_CAM_SPEED = 2;
/** Longest kill-cam shown, in seconds (the host cuts 4): a longer one is refused, not played for hours. */
export const MAX_KILL_CAM_SECONDS = 10;
/** Seconds kept between the kill-cam's end and the respawn (the message's travel and a beat to look). */
const LEAD_SECONDS = 0.4;

/** What the debug API reports of the last kill-cam (page-clock ms; null: not yet). */
export interface KillCamTimes {
  killer: number;
  receivedAtMs: number;
  startedAtMs: number | null;
  deathSeenAtMs: number | null;
  endedAtMs: number | null;
  skipped: boolean;
  speed: number;
}

export class KillCamShow<T extends ClientGameTypes> {
  readonly times: KillCamTimes;
  private sawDead = false;
  private over = false;

  private constructor(
    readonly playback: ReplayPlayback<T>,
    readonly killer: number,
    receivedAtMs: number,
    speed: number,
  ) {
    this.times = {
      killer,
      receivedAtMs,
      startedAtMs: null,
      deathSeenAtMs: null,
      endedAtMs: null,
      skipped: false,
      speed: playback.setSpeed(speed),
    };
    playback.follow(killer);
  }

  /** The kill-cam of `m`, or why it cannot be shown. Never throws. */
  static open<T extends ClientGameTypes>(
    game: ClientGame<T>,
    m: KillCamMessage,
    nowMs: number,
  ): DecodeResult<KillCamShow<T>> {
    const opened = openReplay(game.wire, m.bytes);
    if (!opened.ok) return opened;
    const replay = opened.value;
    const tickrate = replay.header.tickrate;
    if (replay.lastTick - replay.firstTick > MAX_KILL_CAM_SECONDS * tickrate)
      return { ok: false, error: `a kill-cam longer than ${MAX_KILL_CAM_SECONDS} s` };
    const time = Math.max(1, m.playTicks - LEAD_SECONDS * tickrate);
    const speed = Math.min(Math.max((replay.lastTick - replay.firstTick) / time, 1), MAX_KILL_CAM_SPEED);
    return { ok: true, value: new KillCamShow(new ReplayPlayback(replay, game), m.killer, nowMs, speed) };
  }

  get ended(): boolean {
    return this.over;
  }

  /** Stops it now (a key or a tap). */
  skip(nowMs: number): void {
    if (this.over) return;
    this.times.skipped = true;
    this.end(nowMs);
  }

  /** Stops it now without the player asking: the live game needs the screen (its match is over). */
  close(nowMs: number): void {
    if (!this.over) this.end(nowMs);
  }

  /**
   * This frame's view of the kill-cam, or null when it is over. `deadSinceMs`: since when the live
   * view shows the own player dead, or null while it shows it alive (the death can show before or
   * after the message arrives); `serverTick`: the newest server tick the live client has.
   */
  frame(nowMs: number, deadSinceMs: number | null, serverTick = -1): T['view'] | null {
    if (this.over) return null;
    if (deadSinceMs !== null) {
      this.sawDead = true;
      this.times.deathSeenAtMs ??= deadSinceMs;
    } else if (this.sawDead || serverTick > this.playback.replay.lastTick) {
      // Alive again after the death was seen, or alive in a snapshot newer than the death (a
      // kill-cam that arrived after the respawn): the live match is what to show.
      this.end(nowMs);
      return null;
    }
    const view = this.playback.frame(nowMs);
    this.times.startedAtMs ??= nowMs;
    // Played to its end (the playback pauses there): over at the next frame.
    if (this.playback.tick >= this.playback.replay.lastTick) this.end(nowMs);
    return view;
  }

  private end(nowMs: number): void {
    this.over = true;
    this.times.endedAtMs = nowMs;
  }
}
