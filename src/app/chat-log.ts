/**
 * ChatLog: the lines this page shows in its chat box, in arrival order, with the sender's name
 * as the lobby list had it when the line arrived (a player who left keeps their name on their old
 * lines). Lines from LOBBY_CHAT_SENDER are the host's notices to this player (e.g. "slow down").
 *
 * Inputs: `add(from, text, players)` per relayed line. Outputs: `lines()`, change listeners.
 * Invariants: at most CHAT_LOG_LINES lines are kept (older ones drop off); texts are kept as the
 * decoder passed them (control characters were refused there) and shown only as text.
 */
import { LOBBY_CHAT_SENDER, type LobbyPlayer } from '../protocol/messages';
import type { PlayerId } from '../sim/types';

export const CHAT_LOG_LINES = 50;

export interface ChatLine {
  from: PlayerId;
  /** The sender's name, or null for the lobby's own notice. */
  name: string | null;
  text: string;
}

export class ChatLog {
  private readonly kept: ChatLine[] = [];
  private readonly listeners = new Set<(line: ChatLine) => void>();

  add(from: PlayerId, text: string, players: readonly LobbyPlayer[]): void {
    const name = from === LOBBY_CHAT_SENDER ? null : (players.find((p) => p.id === from)?.name ?? `player ${from}`);
    const line: ChatLine = { from, name, text };
    this.kept.push(line);
    if (this.kept.length > CHAT_LOG_LINES) this.kept.splice(0, this.kept.length - CHAT_LOG_LINES);
    for (const cb of [...this.listeners]) cb(line);
  }

  lines(): ChatLine[] {
    return this.kept.map((l) => ({ ...l }));
  }

  onLine(cb: (line: ChatLine) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
}
