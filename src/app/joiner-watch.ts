/**
 * A joiner's watch on its host (join-session.ts): what the host told it (HostNews: the lobby list,
 * whether the match started, successors and the newest checkpoint) and how the session ends
 * (JoinerEnd): a kick, leaving, or the host gone, noticed by the link closing or by silence
 * (host-silence.ts), and then either "The host left." or handed to the page to migrate or reconnect
 * (`onHostLost`).
 * Invariants: the first reason to end wins (closing the link re-enters through its close handler);
 * 'silent' is reported once per silence, and hearing the host again re-arms it.
 */
import type { Watcher } from '../protocol/watchers-codec';
import type { ControlMessage, LobbyPlayer } from '../protocol/control-messages';
import type { Joined } from '../lobby/join';
import { MIGRATION_SILENCE_MS } from '../lobby/migration-steps';
import type { PlayerId } from '../sim/types';
import type { Timers } from '../transport/conditioned-channel';
import type { ChatLog } from './chat-log';
import type { AnyClientSession } from './session-games';
import { HostSilence } from './host-silence';
import type { EndSignal } from './lobby-session';
import type { HeldCheckpoint, HostLost, MigrationHeld } from './join-session';

export const HOST_SILENCE_MS = 3000;
/** Silence after which a page that can reconnect starts asking whose network it was (link-recovery.ts). */
export const RECOVER_SILENCE_MS = 1000;
const WATCH_EVERY_MS = 250;
/** A watchdog tick this late means the page itself was stalled (see host-silence.ts). */
const OWN_STALL_MS = 1000;

/** What the host told this joiner: its lobby list, whether the match started, and migration's successors and checkpoints. */
export class HostNews {
  players: LobbyPlayer[] = [];
  /** The lobby's spectators (issue 24, the 'watchers' message). */
  watchers: Watcher[] = [];
  started = false;
  successors: PlayerId[] = [];
  checkpoint: HeldCheckpoint | null = null;
  checkpointIntervalMs: number | null = null;

  /** Takes a 'lobby', 'watchers', 'successors' or 'checkpoint' message (`nowMs`: the page clock); false for any other. */
  take(m: ControlMessage, nowMs: number): boolean {
    if (m.type === 'lobby') [this.players, this.started] = [m.players, m.started];
    else if (m.type === 'watchers') this.watchers = m.watchers;
    else if (m.type === 'successors') this.successors = m.ids;
    else if (m.type === 'checkpoint') {
      if (this.checkpoint) this.checkpointIntervalMs = nowMs - this.checkpoint.atMs;
      this.checkpoint = { bytes: m.bytes, final: m.final, atMs: nowMs };
    } else return false;
    return true;
  }

  held(): MigrationHeld {
    return {
      successors: this.successors,
      checkpoint: this.checkpoint,
      checkpointIntervalMs: this.checkpointIntervalMs,
    };
  }
}

/** How a join session ends: finished (kick, leave, "The host left."), or its host lost to the page's migration. */
export class JoinerEnd {
  private finishing = false;
  private silentReported = false;
  private heardSinceReport = false;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private readonly silence: HostSilence;

  constructor(
    private readonly j: Joined,
    private readonly client: AnyClientSession,
    private readonly end: EndSignal,
    private readonly news: HostNews,
    private readonly chat: ChatLog,
    private readonly timers: Timers,
    private readonly onHostLost: ((lost: HostLost) => void) | undefined,
  ) {
    this.silence = new HostSilence(timers.now(), HOST_SILENCE_MS, OWN_STALL_MS);
  }

  /** Ends the link and the peer, keeping the ClientSession (the page may carry on with it). */
  readonly stop = (): void => {
    // Closing the link below re-enters through its close handler: the first reason must win.
    this.finishing = true;
    if (this.watchdog !== null) clearInterval(this.watchdog);
    this.j.link.close();
    this.j.peer.destroy();
  };

  finish(failure: Parameters<EndSignal['fire']>[0]): void {
    if (this.finishing) return;
    this.stop();
    this.client.close();
    this.end.fire(failure);
  }

  private canMigrate(): boolean {
    return this.onHostLost !== undefined && this.news.started && this.news.successors.length > 0;
  }

  /** The host is gone: migrate when the page can, else "The host left.". */
  hostGone(why: HostLost['why']): void {
    if (this.finishing) return;
    if (!this.canMigrate() && why !== 'handover') return this.finish({ kind: 'host-left' });
    this.stop();
    this.onHostLost?.(this.lost(why));
  }

  /** A final checkpoint for this page, which can take over: the host handed the match to it. */
  checkpointArrived(): void {
    if (this.news.checkpoint?.final && this.onHostLost && this.news.successors.includes(this.j.clientId))
      this.hostGone('handover');
  }

  private lost(why: HostLost['why']): HostLost {
    const { successors, checkpoint, players } = this.news;
    // The chat log already keeps the host's system lines (bounded): the handover announcement is among them.
    const systemLines = this.chat.lines().flatMap((l) => (l.system ? [l.text] : []));
    return { why, successors, checkpoint, players, systemLines };
  }

  private wentSilent(): void {
    if (this.finishing || this.silentReported || !this.onHostLost) return;
    this.silentReported = true;
    this.heardSinceReport = false;
    const resumed = (): boolean => this.heardSinceReport && !this.finishing;
    this.onHostLost({ ...this.lost('silent'), resumed, release: this.stop });
  }

  /** Anything at all arrived from the host. */
  readonly heard = (): void => {
    this.silence.heard(this.timers.now());
    if (this.silentReported) [this.heardSinceReport, this.silentReported] = [true, false];
  };

  /**
   * The link closed. A route that failed under it (a network change or outage, here or at the
   * host) is asked about before anyone is blamed; a link the host closed is the host leaving.
   */
  closed(): void {
    if (this.j.link.routeLost() && this.onHostLost) this.wentSilent();
    else this.hostGone('lost');
  }

  /** Starts the silence watchdog (not for a session that already ended). */
  watch(): void {
    if (!this.finishing) this.watchdog = setInterval(() => this.check(), WATCH_EVERY_MS);
  }

  private check(): void {
    // A page that can reconnect asks after RECOVER_SILENCE_MS (a rejoin costs little and keeps the
    // seat); one that cannot waits the longer limits before it gives up on the host.
    const limit = this.onHostLost ? RECOVER_SILENCE_MS : this.canMigrate() ? MIGRATION_SILENCE_MS : HOST_SILENCE_MS;
    if (this.silence.check(this.timers.now(), limit)) {
      if (this.onHostLost) this.wentSilent();
      else this.hostGone('lost');
    }
    // A host that keeps sending snapshots no honest host can send is left (client/host-plausibility.ts).
    else if (this.client.net.hostTrust.abandoned) this.finish({ kind: 'host-implausible' });
  }
}
