/**
 * FrameLog: the renderer's last frames, one record each, for the debug API's `frameLog()`
 * (docs/DEBUG-API.md): the frame counter, the clock handed to the host, the commands (ticks) the
 * frame issued, the move axes it handed over, where it drew the local player and where its newest
 * predicted state is. It is how a test measures input latency in frames (a key's first frame in the
 * axes, the first frame that draws the player moved) without timing anything. A fixed ring of records, reused: no allocation per frame.
 */
import type { ClientView, InputSample } from '../arena/client/view-model';

export interface FrameRecord {
  /** The frame counter after this frame (what `info().frames` read then). */
  frame: number;
  /** The page clock handed to the host for this frame, ms. */
  nowMs: number;
  /** The newest command tick after this frame (the newest tick stepped, in practice). */
  commandTick: number;
  /** Commands (ticks) issued in this frame: its `commandTick` minus the previous frame's (0 for the first frame logged). */
  commandsIssued: number;
  /** The move axes handed to the host with this frame. */
  moveX: number;
  moveY: number;
  /** Where the local player was drawn this frame (world units); null without a local player. */
  localX: number | null;
  localY: number | null;
  /**
   * The local player's newest predicted state (practice: the newest tick stepped), world units; it
   * is drawn between this and the tick before, so a step shows in `localX`/`localY` by that fraction.
   */
  stateX: number | null;
  stateY: number | null;
}

/** Frames kept: ten seconds at 60 fps. */
export const FRAME_LOG_SIZE = 600;

export class FrameLog {
  private readonly ring: FrameRecord[] = [];
  private next = 0;
  private lastCommandTick: number | null = null;

  note(frame: number, nowMs: number, input: InputSample, view: ClientView): void {
    const tick = view.stats.commandTick;
    let r = this.ring[this.next];
    if (!r) {
      r = {
        frame: 0,
        nowMs: 0,
        commandTick: 0,
        commandsIssued: 0,
        moveX: 0,
        moveY: 0,
        localX: null,
        localY: null,
        stateX: null,
        stateY: null,
      };
      this.ring[this.next] = r;
    }
    r.frame = frame;
    r.nowMs = nowMs;
    r.commandTick = tick;
    r.commandsIssued = this.lastCommandTick === null ? 0 : Math.max(0, tick - this.lastCommandTick);
    r.moveX = input.moveX;
    r.moveY = input.moveY;
    r.localX = view.local ? view.local.drawX : null;
    r.localY = view.local ? view.local.drawY : null;
    r.stateX = view.local ? view.local.state.x : null;
    r.stateY = view.local ? view.local.state.y : null;
    this.lastCommandTick = tick;
    this.next = (this.next + 1) % FRAME_LOG_SIZE;
  }

  /** Copies of the kept records, oldest first. */
  list(): FrameRecord[] {
    const full = this.ring.length === FRAME_LOG_SIZE;
    const ordered = full ? [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)] : this.ring;
    return ordered.map((r) => ({ ...r }));
  }
}
