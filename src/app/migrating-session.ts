/**
 * The page's one LobbySession across host migrations (issue 13): App, the lobby screen and the
 * renderer hold this wrapper while the session inside changes: a join becomes a join to the new
 * host, or (on a successor) a host session restored from the newest checkpoint; a host whose
 * lobby id was taken over while it was away becomes a join. The ClientSession is the same object
 * throughout (rebound to each new channel), so prediction, interpolation and events carry on.
 *
 * Inputs: the first inner session and a `MigrationContext` (how to join and claim again). Outputs:
 * LobbySession (delegating to the current inner one), `migrationReport()`, the notice as a chat
 * system line. Invariants: `onEnd` fires once at most, never for a replaced inner session; a
 * migration runs nextMigrationStep (lobby/migration-steps.ts) until a new host is found or
 * MIGRATION_GIVE_UP_MS passed ("The host left."); after `leave()` nothing new is opened.
 */
import type { MatchControls } from '../game/game-host';
import type { BotActions } from '../game/match-settings-form';
import type { JoinFailure } from '../lobby/failures';
import { hostName, migratingText, nameOf, noticeAfterMigration } from '../lobby/migration-notice';
import type { MigrationRole } from '../lobby/migration-steps';
import { SYSTEM_CHAT_ID, type LobbyPlayer } from '../protocol/control-messages';
import type { PlayerId } from '../sim/types';
import { ChatLog } from './chat-log';
import type { AnyClientSession } from './session-games';
import { createJoinSession, type HostLost, type JoinSession } from './join-session';
import { EndSignal, type ChannelReport, type LobbySession, type MigrationReport } from './lobby-session';
import { AttemptLog, runMigration } from './migration-loop';
import { pageAttempts, type MigrationAttempts, type MigrationContext, type MigrationInner } from './migration-attempts';
import { QUICK_JOIN, recoverLink, type AttemptResult } from './link-recovery';

export type { MigrationAttempts, MigrationContext, MigrationInner }; // app.ts and the tests name these from here
type Inner = MigrationInner;
/** A host that is gone for sure (it closed the link, handed over, or recovery found it gone). */
type MigratingLost = HostLost & { why: 'lost' | 'handover' };
const isJoin = (s: Inner): s is JoinSession => !s.isHost;

export class MigratingSession implements LobbySession {
  readonly chat: ChatLog;
  private inner!: Inner;
  private readonly end = new EndSignal();
  private readonly listeners = new Set<() => void>();
  private migrations = 0;
  private reconnects = 0; // silences that ended back with the same host (link-recovery.ts)
  private reconnecting = false;
  private notice: string | null = null;
  private migrating = false;
  /** The current (or last) migration's attempts (migration-loop.ts), and how long the last one took. */
  private readonly log = new AttemptLog();
  private lastTookMs: number | null = null;
  private lastCause: MigrationReport['lastCause'] = null;
  private closed = false;
  private readonly attempts: MigrationAttempts;

  constructor(
    first: (self: MigratingSession) => Inner,
    private readonly ctx: MigrationContext,
  ) {
    this.attempts =
      ctx.attempts ??
      pageAttempts(ctx, {
        joinSession: (j, client) => this.joinSession(j, client),
        replaced: () => this.replaced(),
        note: (why) => (this.log.note = why),
      });
    this.chat = new ChatLog(
      (text) => this.inner.chat.send(text),
      (id) => nameOf(this.players(), id) ?? this.watchers().find((w) => w.id === id)?.name,
    );
    this.adopt(first(this));
  }

  get isHost(): boolean {
    return this.inner.isHost;
  }
  get roomId(): string {
    return this.ctx.target.roomId;
  }
  get client(): AnyClientSession {
    return this.inner.client;
  }
  get matchControls(): MatchControls | null {
    return this.inner.matchControls;
  }
  get bots(): BotActions | null {
    return this.inner.bots;
  }
  readonly players = (): LobbyPlayer[] => this.inner.players(); // what the session inside says, whichever it is now
  readonly channels = (): ChannelReport[] => this.inner.channels();
  readonly serverTick = (): number | null => this.inner.serverTick();
  readonly serverStats = (): unknown => this.inner.serverStats();
  readonly hostCounters = (): Record<string, number> | null => this.inner.hostCounters();
  readonly startMatch = (rules?: Readonly<Record<string, unknown>>): void => this.inner.startMatch(rules);
  readonly replay = (): Promise<Uint8Array | null> => this.inner.replay?.() ?? Promise.resolve(null);
  readonly kick = (id: PlayerId): void => this.inner.kick(id);
  started(): boolean {
    // A migration keeps the match screen; reconnecting keeps whatever screen the session had.
    return (this.migrating && !this.reconnecting) || this.inner.started();
  }
  leave(): void {
    this.closed = true;
    if (!this.migrating) return this.inner.leave();
    this.client.close();
    this.end.fire(null);
  }
  onChange(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }
  onEnd(cb: (failure: JoinFailure | null) => void): void {
    this.end.on(cb);
  }

  async handOver(): Promise<string | null> {
    if (isJoin(this.inner) || !this.inner.started() || this.inner.successors().length === 0) return null;
    return this.inner.handOver();
  }

  readonly chooseSuccessor = (id: PlayerId, yes: boolean): void =>
    void (isJoin(this.inner) || this.inner.chooseSuccessor(id, yes));
  readonly chosenSuccessors = (): PlayerId[] => (isJoin(this.inner) ? [] : this.inner.chosenSuccessors());
  readonly spectators = () => (isJoin(this.inner) ? [] : this.inner.spectators());
  readonly watchers = () => this.inner.watchers?.() ?? [];

  endForEveryone(): void {
    this.closed = true;
    if (isJoin(this.inner)) this.inner.leave();
    else this.inner.endForEveryone();
  }

  migrationReport(): MigrationReport {
    const held = isJoin(this.inner) ? this.inner.held() : null;
    const host = isJoin(this.inner) ? null : this.inner;
    return {
      migrations: this.migrations,
      reconnects: this.reconnects,
      reconnecting: this.reconnecting,
      notice: this.notice,
      hosting: this.inner.isHost,
      migrating: this.migrating,
      successors: held?.successors ?? host?.successors() ?? [],
      checkpointAgeMs: held?.checkpoint ? Math.round(this.ctx.now() - held.checkpoint.atMs) : null,
      checkpointIntervalMs: held?.checkpointIntervalMs ?? host?.checkpointIntervalMs() ?? null,
      lastMigrationMs: this.lastTookMs,
      attempts: this.log.entries.map((a) => ({ ...a })),
      lastCause: this.lastCause,
    };
  }

  /** The join session this wrapper's page runs (the first one, and each after a migration). */
  joinSession(j: Parameters<typeof createJoinSession>[0], client?: AnyClientSession): JoinSession {
    return createJoinSession(j, this.ctx.target.roomId, this.ctx.cvars, {
      client,
      onHostLost: (lost) => this.hostLost(lost),
    });
  }

  /** A host session: its lobby id was taken over while it was away, so it joins as a player. */
  replaced(): void {
    if (this.migrating || this.closed || isJoin(this.inner)) return;
    const old = this.inner;
    old.release();
    void this.migrate({ why: 'lost', successors: [], checkpoint: null, players: old.players(), systemLines: [] }, true);
  }

  /** The join session inside lost its host (JoinSessionOptions.onHostLost): ask first when it only fell silent. */
  hostLost(lost: HostLost): void {
    if (lost.why === 'silent') void this.recover(lost);
    else void this.migrate({ ...lost, why: lost.why });
  }

  /** The host fell silent or the route failed: whose network was it? (link-recovery.ts) */
  private async recover(lost: HostLost): Promise<void> {
    if (this.migrating || this.closed) return;
    this.migrating = this.reconnecting = true;
    this.changed();
    const attempt = (): Promise<AttemptResult<Inner>> => this.quickJoin();
    const out = await recoverLink<Inner>({
      now: this.ctx.now,
      sleep: this.ctx.sleep,
      resumed: () => lost.resumed?.() ?? false,
      closed: () => this.closed,
      say: (t) => this.ctx.onMigrating?.(t),
      attempt,
    });
    this.migrating = this.reconnecting = false;
    this.ctx.onMigrating?.(null);
    if (out.kind === 'closed' || out.kind === 'resumed')
      return void (out.kind === 'resumed' && (this.reconnects += 1), this.changed());
    lost.release?.();
    if (out.kind === 'rejoined') return this.closed ? out.inner.leave() : this.adoptReconnected(out.inner, lost);
    if (out.kind === 'refused') return this.giveUp(out.failure);
    if (out.kind === 'own-network-gone')
      return this.giveUp({ kind: 'connection-failed', detail: 'this device had no network for a minute' });
    // The host is gone (or away too long): take over if anyone can, else it left.
    if (lost.successors.length === 0 && lost.checkpoint === null) return this.giveUp({ kind: 'host-left' });
    return void this.migrate({ ...lost, why: 'lost' });
  }

  private async quickJoin(): Promise<AttemptResult<Inner>> {
    const next = await this.log.run(() => this.attempts.join(this.client, QUICK_JOIN));
    if (next === null) return { retry: this.log.note };
    return 'isHost' in next ? { inner: next } : { failure: next };
  }

  /** Back in after a silence: the same host is a reconnect, another is a migration (the lobby list says which). */
  private adoptReconnected(next: Inner, lost: HostLost): void {
    const oldHost = lost.players.find((p) => p.isHost)?.id;
    this.adopt(next);
    onceHostNamed(next, () => {
      if (next !== this.inner) return;
      if (next.players().find((p) => p.isHost)?.id !== oldHost) this.announce(next, { ...lost, why: 'lost' }, false);
      else void ((this.reconnects += 1), this.changed());
    });
  }

  private adopt(next: Inner): void {
    this.inner = next;
    // Lines that came with the welcome were logged before we could listen: copy them first.
    for (const l of next.chat.lines()) this.chat.receive(l.from, l.text);
    next.chat.onLine((l) => next === this.inner && this.chat.receive(l.from, l.text));
    next.onChange(() => next === this.inner && this.changed());
    next.onEnd((failure) => {
      if (next === this.inner && !this.migrating) this.end.fire(failure);
    });
    this.changed();
  }

  private changed(): void {
    for (const cb of [...this.listeners]) cb();
  }

  /** Finds the new host (or becomes it) for as long as MIGRATION_GIVE_UP_MS allows. */
  private async migrate(lost: MigratingLost, wasHost = false): Promise<void> {
    if (this.migrating || this.closed) return;
    this.migrating = true;
    this.lastCause = lost.why;
    if (!wasHost) this.ctx.onMigrating?.(migratingText(hostName(lost.players), lost.why === 'handover'));
    this.changed();
    const client = this.client;
    const rank = lost.successors.indexOf(client.localId);
    const role: MigrationRole = {
      rank: rank < 0 ? null : rank,
      hasCheckpoint: lost.checkpoint !== null,
      handedOver: lost.why === 'handover',
    };
    const attempt = (kind: 'join' | 'claim'): Promise<Inner | JoinFailure | null> =>
      kind === 'join' ? this.attempts.join(client) : this.attempts.claim(client, lost);
    const closed = (): boolean => this.closed;
    const { now, sleep } = this.ctx;
    const out = await runMigration({ role, now, sleep, closed, attempt, log: this.log });
    if (out.kind === 'closed') return;
    if (out.kind === 'failed') return this.giveUp(out.failure);
    if (this.closed) return out.next.leave();
    this.lastTookMs = out.tookMs;
    return this.finishMigration(out.next, lost, wasHost);
  }

  private giveUp(failure: JoinFailure): void {
    this.migrating = false;
    this.ctx.onMigrating?.(null);
    if (this.closed) return;
    this.client.close();
    this.end.fire(failure);
  }

  private finishMigration(next: Inner, lost: MigratingLost, wasHost: boolean): void {
    this.migrating = false;
    this.ctx.onMigrating?.(null);
    this.adopt(next);
    this.announce(next, lost, wasHost);
  }

  /** Counts a migration to `next` (adopted) and says who hosts now, once its lobby list names the host. */
  private announce(next: Inner, lost: MigratingLost, wasHost: boolean): void {
    this.migrations += 1;
    this.notice = null;
    this.changed();
    // An old host that comes back as a player says nothing: the others saw their notice long ago.
    if (wasHost) return;
    const say = (): void => {
      if (next !== this.inner) return;
      // The new host's own system lines (after a handover it says so, ahead of its lobby list).
      const newHostLines = next.isHost ? [] : next.chat.lines().flatMap((l) => (l.system ? [l.text] : []));
      this.notice = noticeAfterMigration(lost, next.players(), next.isHost, newHostLines);
      // adopt() already copied the new host's line into this chat: the same words once are enough.
      if (!newHostLines.includes(this.notice)) this.chat.receive(SYSTEM_CHAT_ID, this.notice);
      this.ctx.onNotice?.(this.notice);
    };
    onceHostNamed(next, say);
  }
}

/** Calls `cb` once `next` can name its host: a joiner names it from its lobby list, which may come a moment after the welcome. */
function onceHostNamed(next: Inner, cb: () => void): void {
  if (next.isHost || hostName(next.players()) !== null) return cb();
  const off = next.onChange(() => {
    if (hostName(next.players()) === null) return;
    off();
    cb();
  });
}
