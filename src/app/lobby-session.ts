/**
 * What the screens and the debug API need from a lobby, whether this page hosts it or joined it.
 * Implemented by HostSession (listen server + own client over loopback) and JoinSession (client
 * over WebRTC). Invariant: `onEnd` fires at most once, with null for a leave the player chose.
 */
import type { Watcher } from '../protocol/watchers-codec';
import type { LobbyPlayer } from '../protocol/control-messages';
import type { PlayerId } from '../sim/types';
import type { JoinFailure } from '../lobby/failures';
import type { ChannelReport } from '../transport/channel-report';
import type { ChatLog } from './chat-log';
import type { AnyClientSession } from './session-games';
import type { MatchControls } from '../game/game-host';
import type { BotActions } from '../game/match-settings-form';

export { reportChannel, type ChannelReport } from '../transport/channel-report';

export interface LobbySession {
  readonly isHost: boolean;
  readonly roomId: string;
  readonly client: AnyClientSession;
  /** The lobby's chat (lobby screen and match): lines relayed by the host, its notices to this player; `send` goes through the host's limits (docs/PROTOCOL.md "Chat"). */
  readonly chat: ChatLog;
  players(): LobbyPlayer[];
  started(): boolean;
  channels(): ChannelReport[];
  /** Host only: the server's current tick (from the worker's stats), else null. */
  serverTick(): number | null;
  /** Host only: the worker's last stats() (refreshed every second), else null. */
  serverStats(): unknown;
  /** Host only: counters of rejected/kicked/timed-out peers and malformed control messages. */
  hostCounters(): Record<string, number> | null;
  /**
   * Host: marks the lobby started and starts a match: with `rules` (a record the worker's game
   * checks and clamps) when given, else with the rules chosen last (the arena's matchControls).
   */
  startMatch(rules?: Readonly<Record<string, unknown>>): void;
  /** The arena's match rules and bots, on its host; null on joiners and in another game's lobby. */
  readonly matchControls: MatchControls | null;
  /** The host's bots, whichever game (null on joiners). */
  readonly bots: BotActions | null;
  kick(id: PlayerId): void;
  leave(): void;
  onChange(cb: () => void): () => void;
  onEnd(cb: (failure: JoinFailure | null) => void): void;
  /** Host migration's state for the debug API and the net graph (the page's migrating session has it). */
  migrationReport?(): MigrationReport;
  /** Host: the replay file of the match being recorded now (the worker's), null when there is none. */
  replay?(): Promise<Uint8Array | null>;
  /** Host in a running match with a successor: hand the match over and leave (the successor's name), else null. */
  handOver?(): Promise<string | null>;
  /** Host: leave and end the match for everyone (each joiner is told 'shutdown', nobody migrates). */
  endForEveryone?(): void;
  /** Host: "can host if I leave" for player `id` (only chosen players become successors and get the lobby's secrets). */
  chooseSuccessor?(id: PlayerId, yes: boolean): void;
  /** Host: the players it chose as possible successors; [] on a joiner. */
  chosenSuccessors?(): PlayerId[];
  /** The lobby's spectators (issue 24): the host's roster, a joiner's 'watchers' messages. */
  watchers?(): Watcher[];
  /** Host: each spectator (issue 24) with the host's upload to it (bytes so far, per second over the last second); [] on a joiner. */
  spectators?(): SpectatorReport[];
}

/** One spectator as the host sees it (debug API `spectators()`). */
export interface SpectatorReport {
  id: PlayerId;
  name: string;
  bytesOut: number;
  bytesPerSecond: number | null;
}

/** What the debug API (`migration()`) and the net graph show about host migration. */
export interface MigrationReport {
  /** Migrations this page went through (it found a new host, or became it). */
  migrations: number;
  /** The last notice shown ("Alice's connection was lost — Bob is now hosting"), or null. */
  notice: string | null;
  /** This page hosts the lobby now. */
  hosting: boolean;
  /** The host is gone and this page is looking for (or becoming) the new one; also true while reconnecting. */
  migrating: boolean;
  /** The host fell silent: this page is asking whose network it was and joining again (link-recovery.ts). */
  reconnecting: boolean;
  /** Silences that ended with this page back with the same host: the old link came back, or it joined again. */
  reconnects: number;
  /** The successors the host named, first = who takes over. */
  successors: PlayerId[];
  /** Age of the newest checkpoint this page holds (ms): the most progress its takeover would lose; null when it holds none. */
  checkpointAgeMs: number | null;
  /** The host's checkpoint interval (ms): as this successor measured it, or the host's own; null when unknown. */
  checkpointIntervalMs: number | null;
  /** How long the last migration took, from the host found gone to playing on the new one (ms), or null. */
  lastMigrationMs: number | null;
  /** The current or last migration's attempts, oldest first (at most 64). */
  attempts: MigrationAttemptReport[];
  /** Why the last migration began: 'handover' (this page got the host's final checkpoint), 'lost' (the host went silent or its link closed); null before any. */
  lastCause: 'handover' | 'lost' | null;
}

/** One attempt of a migration: when it started (ms after the host was found gone), how long it took, how it ended. */
export interface MigrationAttemptReport {
  kind: 'join' | 'claim';
  atMs: number;
  ms: number;
  outcome: 'ok' | 'retry' | 'refused';
  /** Why it did not work (a failure kind such as 'room-not-found' or 'id-taken'), or ''. */
  note: string;
}

/** A once-only end notifier shared by both session kinds. */
export class EndSignal {
  private done = false;
  private readonly handlers: Array<(failure: JoinFailure | null) => void> = [];

  get ended(): boolean {
    return this.done;
  }

  on(cb: (failure: JoinFailure | null) => void): void {
    this.handlers.push(cb);
  }

  fire(failure: JoinFailure | null): void {
    if (this.done) return;
    this.done = true;
    for (const h of this.handlers) h(failure);
  }
}
