/**
 * ChatLimiter: what the host accepts of each player's chat before relaying it to everyone (a chat
 * line is multiplied by the number of players, so an unchecked sender spends the host's upload).
 *
 * Per sender: a token bucket (`burst` lines at once, then one line per `refillMs`), lines of at
 * most CHAT_MAX_CHARS code points with something visible in them. A line over the limit is dropped
 * and is a strike; the first strike gets a warning, `kickAfterStrikes` strikes with no quiet
 * `forgiveMs` between them get a kick. Pure bookkeeping (times passed in).
 *
 * Invariants: over any interval T a sender gets at most `burst + T / refillMs` lines accepted,
 * each ≤ CHAT_MAX_CHARS; a refused line is never relayed; one warning per streak of strikes.
 */
import { CHAT_MAX_CHARS } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';

export interface ChatPolicy {
  burst: number;
  refillMs: number;
  kickAfterStrikes: number;
  forgiveMs: number;
}

export const DEFAULT_CHAT_POLICY: ChatPolicy = { burst: 5, refillMs: 1000, kickAfterStrikes: 5, forgiveMs: 10_000 };

/** accept: relay `text`; drop: say nothing (an empty line); warn: drop and tell the sender once; kick: drop and kick. */
export type ChatVerdict =
  { kind: 'accept'; text: string } | { kind: 'drop' } | { kind: 'warn'; why: 'rate' | 'length' } | { kind: 'kick' };

interface SenderState {
  tokens: number;
  lastRefillMs: number;
  strikes: number;
  lastStrikeMs: number;
}

export class ChatLimiter {
  private readonly senders = new Map<PlayerId, SenderState>();

  constructor(private readonly policy: ChatPolicy = DEFAULT_CHAT_POLICY) {}

  check(from: PlayerId, text: string, nowMs: number): ChatVerdict {
    const s = this.state(from, nowMs);
    // Refill by whole elapsed intervals, capped at the burst.
    const refills = Math.floor((nowMs - s.lastRefillMs) / this.policy.refillMs);
    if (refills > 0) {
      s.tokens = Math.min(this.policy.burst, s.tokens + refills);
      s.lastRefillMs += refills * this.policy.refillMs;
    }
    if (s.tokens >= this.policy.burst) s.lastRefillMs = nowMs;
    if (s.strikes > 0 && nowMs - s.lastStrikeMs >= this.policy.forgiveMs) s.strikes = 0;
    const line = text.trim();
    if (line === '') return { kind: 'drop' };
    const tooLong = [...line].length > CHAT_MAX_CHARS;
    if (!tooLong && s.tokens >= 1) {
      s.tokens -= 1;
      return { kind: 'accept', text: line };
    }
    s.strikes += 1;
    s.lastStrikeMs = nowMs;
    if (s.strikes >= this.policy.kickAfterStrikes) return { kind: 'kick' };
    return s.strikes === 1 ? { kind: 'warn', why: tooLong ? 'length' : 'rate' } : { kind: 'drop' };
  }

  forget(from: PlayerId): void {
    this.senders.delete(from);
  }

  private state(from: PlayerId, nowMs: number): SenderState {
    let s = this.senders.get(from);
    if (!s) {
      s = { tokens: this.policy.burst, lastRefillMs: nowMs, strikes: 0, lastStrikeMs: nowMs };
      this.senders.set(from, s);
    }
    return s;
  }
}

/** The sentence a warned sender reads (as a chat line from the lobby, `from` = SYSTEM_CHAT_ID). */
export function chatWarningText(why: 'rate' | 'length'): string {
  return why === 'length'
    ? `Chat lines are limited to ${CHAT_MAX_CHARS} characters; that one was not sent.`
    : 'You are sending chat too fast: lines over the limit are not sent, and flooding gets you kicked.';
}
