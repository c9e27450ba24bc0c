/**
 * ControlMeter: one joiner's control-channel budget on the host. Control messages are rare
 * (settings, chat, leave), and chat is re-broadcast to everyone, so without a cap one peer could
 * make the host amplify a flood; malformed ones are counted and, past a threshold, end the peer.
 *
 * Inputs: `arrived(nowMs)` per message, `malformed()` per message that did not decode or had no
 * business coming from a client. Outputs: null (go on) or the kick to give. Invariant: the window
 * is one second on the caller's clock; the verdict is given once the limit is passed, not before.
 */
import type { KickReason } from '../protocol/control-messages';

export const CONTROL_PER_SECOND_LIMIT = 40;
export const MALFORMED_KICK_THRESHOLD = 20;

export interface MeterKick {
  reason: KickReason;
  text: string;
}

export class ControlMeter {
  private windowStartMs: number;
  private inWindow = 0;
  private badCount = 0;

  constructor(nowMs: number) {
    this.windowStartMs = nowMs;
  }

  arrived(nowMs: number): MeterKick | null {
    if (nowMs - this.windowStartMs >= 1000) {
      this.windowStartMs = nowMs;
      this.inWindow = 0;
    }
    return ++this.inWindow > CONTROL_PER_SECOND_LIMIT ? { reason: 'flood', text: 'Too many control messages.' } : null;
  }

  malformed(): MeterKick | null {
    return ++this.badCount >= MALFORMED_KICK_THRESHOLD
      ? { reason: 'malformed', text: 'Too many malformed control messages.' }
      : null;
  }
}
