/**
 * ChatRelay: the host's side of chat. A line from a player goes through the ChatLimiter; an
 * accepted line is encoded once and sent to every player (its sender included, so everyone sees
 * the same order), and handed to the host's own screen; a refused one is never relayed: its sender
 * gets one warning (a 'chat' from SYSTEM_CHAT_ID), then a kick if it keeps flooding.
 *
 * Inputs: `deps` (how to reach players, kick one, read the clock). Outputs: relayed bytes, the
 * local listeners' lines, counters. Invariant: bytes relayed per sender ≤ what the limiter accepts
 * × the number of players (test/unit/host/chat-relay.test.ts).
 */
import { encodeControl } from '../protocol/control';
import { SYSTEM_CHAT_ID, type KickReason } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import { ChatLimiter, chatWarningText } from './chat-limiter';

export interface ChatRelayDeps {
  /** Sends these bytes to every remote player. */
  broadcast(bytes: Uint8Array): void;
  sendTo(id: PlayerId, bytes: Uint8Array): void;
  /** True for the host's own player: its warnings go to the local listeners, not on a channel. */
  isLocal(id: PlayerId): boolean;
  kick(id: PlayerId, reason: KickReason, text: string): void;
  now(): number;
  /** A line every player received (a player's or the lobby's own): the match's replay records it. */
  relayed?(from: PlayerId, text: string): void;
}

export interface ChatCounters {
  relayed: number;
  refused: number;
  warnings: number;
  kicks: number;
}

export class ChatRelay {
  readonly counters: ChatCounters = { relayed: 0, refused: 0, warnings: 0, kicks: 0 };
  private readonly listeners = new Set<(from: PlayerId, text: string) => void>();

  constructor(
    private readonly deps: ChatRelayDeps,
    private readonly limiter = new ChatLimiter(),
  ) {}

  /** The host's own screen: every line relayed (the host's own ones too), and its own warnings. */
  onLine(cb: (from: PlayerId, text: string) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** A line from `from` (a remote player, or the host's own player: same limits for everyone). */
  receive(from: PlayerId, text: string): void {
    const verdict = this.limiter.check(from, text, this.deps.now());
    switch (verdict.kind) {
      case 'accept':
        this.counters.relayed += 1;
        this.deps.broadcast(encodeControl({ type: 'chat', from, text: verdict.text }));
        this.deps.relayed?.(from, verdict.text);
        for (const cb of [...this.listeners]) cb(from, verdict.text);
        return;
      case 'drop':
        return;
      case 'warn':
        this.counters.refused += 1;
        this.counters.warnings += 1;
        if (this.deps.isLocal(from))
          for (const cb of [...this.listeners]) cb(SYSTEM_CHAT_ID, chatWarningText(verdict.why));
        else
          this.deps.sendTo(
            from,
            encodeControl({ type: 'chat', from: SYSTEM_CHAT_ID, text: chatWarningText(verdict.why) }),
          );
        return;
      case 'kick':
        this.counters.refused += 1;
        this.counters.kicks += 1;
        this.limiter.forget(from);
        this.deps.kick(from, 'flood', 'You kept flooding the chat.');
    }
  }

  /** A notice of the host's own (SYSTEM_CHAT_ID) to every player and the host's screen, e.g. a handover. */
  announce(text: string): void {
    this.deps.broadcast(encodeControl({ type: 'chat', from: SYSTEM_CHAT_ID, text }));
    this.deps.relayed?.(SYSTEM_CHAT_ID, text);
    for (const cb of [...this.listeners]) cb(SYSTEM_CHAT_ID, text);
  }

  forget(id: PlayerId): void {
    this.limiter.forget(id);
  }
}
