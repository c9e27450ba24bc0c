/**
 * The lobby's chat as this page keeps it: a bounded log of lines with the sender's name as it was
 * when the line arrived, listeners for new lines, and a `send` that hands a line to the session
 * (the host relays it; nothing is shown until it comes back, so every page shows the same log).
 *
 * Inputs: `send` (to the host, or the host's own relay), `nameOf` (the lobby list). Outputs: the
 * renderer's `ChatFeed` (src/game/game-host.ts) and the lobby screen's.
 * Invariants: text stays text (the screens set it with textContent or draw it literally); a line
 * is cut to CHAT_MAX_CHARS code points and a blank line is neither sent nor shown; at most
 * CHAT_LOG_LINES lines are kept.
 */
import { CHAT_MAX_CHARS, SYSTEM_CHAT_ID } from '../protocol/control-messages';
import type { ChatFeed, ChatLine } from '../game/game-host';
import type { PlayerId } from '../sim/types';

export const CHAT_LOG_LINES = 100;

/** Trims and cuts to CHAT_MAX_CHARS whole code points; '' when nothing is left. */
export function chatText(raw: string): string {
  return [...raw.replace(/\s+/g, ' ').trim()].slice(0, CHAT_MAX_CHARS).join('').trim();
}

export class ChatLog implements ChatFeed {
  private readonly log: ChatLine[] = [];
  private readonly listeners = new Set<(line: ChatLine) => void>();

  constructor(
    private readonly sendLine: (text: string) => void,
    private readonly nameOf: (id: PlayerId) => string | undefined,
  ) {}

  send(text: string): void {
    const t = chatText(text);
    if (t !== '') this.sendLine(t);
  }

  /** A line the host relayed (or, with SYSTEM_CHAT_ID, a notice of its own). */
  receive(from: PlayerId, text: string): void {
    const t = chatText(text);
    if (t === '') return;
    const system = from === SYSTEM_CHAT_ID;
    const line: ChatLine = { from, name: system ? '' : (this.nameOf(from) ?? `player ${from}`), text: t, system };
    this.log.push(line);
    if (this.log.length > CHAT_LOG_LINES) this.log.splice(0, this.log.length - CHAT_LOG_LINES);
    for (const cb of [...this.listeners]) cb(line);
  }

  lines(): readonly ChatLine[] {
    return this.log;
  }

  onLine(cb: (line: ChatLine) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
}
