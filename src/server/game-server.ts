/**
 * GameServer: the authoritative match (DESIGN §1, §3, §5.1, §5.4). Plain TypeScript with no clock
 * and no timers: the caller passes the time in and calls `tick` at the tickrate (the worker's
 * TickLoop, or a test's virtual clock).
 *
 * Inputs: clients joining and leaving, their command packets (bytes, untrusted), their network
 * settings, the sv_ settings, the host's match rules and bots, and one `tick(nowMs)` call per tick.
 * Outputs: per tick, the datagrams to send to each client and the clients to kick (the host tells
 * them and closes them); `world` and `stats()` for observers.
 * Invariants: `receive` never throws, whatever the bytes; each tick consumes exactly one command
 * per client; a kicked client's player leaves at once and the others' match goes on; bots fill
 * seats and give one up when a person joins a full server.
 * The game itself (world, rules, bots, lag compensation) is a ServerGame (server-game.ts) made by
 * the factory the caller passes: GameServer calls it through that table and knows nothing else of
 * it. Parts with their own file: the snapshots of a tick (snapshot-sender.ts), a datagram's intake
 * (packet-intake.ts), the tick's commands (tick-commands.ts), event ids (event-ids.ts).
 */
import { newCmdPacketScratch, type CmdPacketScratch } from '../protocol/cmd-packet';
import type { KickReason } from '../protocol/control-messages';
import type { TaggedEvent } from '../protocol/snapshot-types';
import type { PlayerId } from '../protocol/ids';
import { defaultAbuseLimits, type AbuseLimits } from './abuse-monitor';
import type { CommandBufferCounters } from './command-buffer';
import { ServerSideClient } from './server-side-client';
import { ClientSessions } from './client-sessions';
import { spectatorDelayTicks } from './spectator-delay';
import { SnapshotSender } from './snapshot-sender';
import type { EntityListsOf } from './snapshot-frames';
import { takeDatagram } from './packet-intake';
import { TickCommands } from './tick-commands';
import type { ClientNetSettings } from './snapshot-scheduler';
import type { ServerStatsOf } from './stats';
import type { ServerCore } from './server-core';
import { EventIds } from './event-ids';
import { MatchRecording } from './match-recording';
import { KillCams } from './kill-cams';
import type { MapOf, ServerGame, ServerGameContext, ServerGameTypes } from './server-game';
import {
  clampMaxPlayers,
  clampTickrate,
  type ServerOutput,
  type ServerSettingName,
  type ServerSettings,
} from './server-settings';

// The harness and bench/ name these types from here.
export type { ServerOutput, ServerSettingName, ServerSettings } from './server-settings';

/** Makes the game a GameServer runs, from its settings (`tickrate` already clamped). */
export type GameFactory<G extends ServerGameTypes> = (settings: ServerSettings<MapOf<G>>) => ServerGame<G>;

/** `G`: the types of the game it runs (no default: each worker entry, the harness and the benches name it). */
export class GameServer<G extends ServerGameTypes> {
  /** The game: world, rules, bots, lag compensation (server-game.ts); GameServer knows only its table. */
  readonly game: ServerGame<G>;
  readonly tickrate: number;
  private readonly sessions = new ClientSessions<G['cmd']>();
  private readonly abuseLimits: AbuseLimits;
  private lastTickMs: number | null = null;
  private readonly eventIds = new EventIds();
  private pendingKicks: ServerOutput['kicks'] = [];
  private tickEvents: readonly TaggedEvent<G['event']>[] = [];
  /** Reused every tick: the commands of the tick. */
  private readonly cmds = new TickCommands<G['cmd']>();
  /** Every packet is decoded into these objects; the sessions copy the commands they keep. */
  private readonly cmdScratch: CmdPacketScratch<G['cmd'], { tick: number }>;
  /** What the game may ask about clients while it steps (lag compensation's view-time estimates). */
  private readonly context: ServerGameContext = {
    viewTimeEstimate: (id) => {
      const s = this.sessions.get(id);
      return s?.current ? s.estimatedViewTime(s.current.madeAtTick) : null;
    },
    isConnected: (id) => this.sessions.has(id),
  };
  private readonly snapshots: SnapshotSender;
  /** Replays of its matches, when the host records (match-recording.ts). */
  readonly recording: MatchRecording;
  /** Kill-cams for the clients that want them, when the game has kills (kill-cams.ts). */
  readonly killCams: KillCams<G['event'], G['cmd']>;
  private readonly rulesBlock = (): G['rules'] => this.game.rulesBlock();
  private readonly snapshotLists = (): EntityListsOf => this.game.snapshotLists();

  /** @param makeGame the game this server runs (the worker entry or the test chooses it) */
  constructor(
    private readonly settings: ServerSettings<MapOf<G>>,
    makeGame: GameFactory<G>,
  ) {
    this.tickrate = clampTickrate(settings.tickrate);
    this.game = makeGame({ ...settings, tickrate: this.tickrate });
    this.snapshots = new SnapshotSender(this.game.wire, spectatorDelayTicks(settings, this.tickrate), this.tickrate);
    this.recording = new MatchRecording(this.game.wire, this.tickrate, {
      tick: () => this.game.world.tick,
      lists: this.snapshotLists,
      rules: this.rulesBlock,
    });
    this.killCams = new KillCams(this.game.wire, this.tickrate, this.game.killCam);
    this.cmdScratch = newCmdPacketScratch(this.game.commands);
    this.abuseLimits = settings.abuse ?? defaultAbuseLimits(this.tickrate);
  }

  get world(): Readonly<G['world']> {
    return this.game.world;
  }

  /** The events of the last tick, with the ids the clients receive them under. */
  get lastEvents(): readonly TaggedEvent<G['event']>[] {
    return this.tickEvents;
  }

  private get maxPlayers(): number {
    return clampMaxPlayers(this.settings.maxPlayers);
  }

  /**
   * Joins a client; its player spawns at once. `rejoin`: the host knows it as the player who left
   * this seat earlier in the match (its seat token), so it gets its match record back (team,
   * score, counters) with a fresh spawn. Returns false when the server is full or the id is taken.
   */
  addClient(clientId: PlayerId, nowMs: number, rejoin = false): boolean {
    void nowMs;
    if (this.sessions.has(clientId) || this.sessions.players >= this.maxPlayers) return false;
    if (!Number.isInteger(clientId) || clientId < 0 || clientId > 255) return false;
    // A person takes a bot's seat when bots fill the server (the highest-id bot leaves), or a bot's id.
    if (this.game.isBot(clientId)) this.game.removeBot(clientId);
    if (this.sessions.players + this.game.botCount >= this.maxPlayers) this.game.removeBot();
    this.sessions.set(clientId, this.newSession(clientId));
    this.game.join(clientId, rejoin);
    return true;
  }

  /** A spectator (issue 24): a session the game never hears of (no player, no score, commands never run), on its own cap. */
  addSpectator(clientId: PlayerId): boolean {
    const ok = this.sessions.admitsSpectator(clientId, this.settings.maxSpectators) && !this.game.isBot(clientId);
    return ok && this.sessions.set(clientId, this.newSession(clientId, true)) !== null;
  }

  private newSession(clientId: PlayerId, spectator = false): ServerSideClient<G['cmd']> {
    const opts = { tickrate: this.tickrate, abuse: this.abuseLimits, commands: this.game.commands, spectator };
    return new ServerSideClient(clientId, opts);
  }

  removeClient(clientId: PlayerId): void {
    // A spectator never had a player: the game has nothing to let go.
    this.killCams.forget(clientId);
    if (this.sessions.get(clientId)?.spectator) return void this.sessions.delete(clientId);
    this.game.leave(clientId, this.sessions.delete(clientId));
  }

  /** Adds a server-side bot if a seat is free; returns its id, or null when the server is full. */
  addBot(): PlayerId | null {
    if (this.sessions.players + this.game.botCount >= this.maxPlayers) return null;
    return this.game.addBot((i) => this.sessions.has(i));
  }

  /** Removes that bot, or the last one added when no id is given. Returns the id removed, or null. */
  removeBot(id?: PlayerId): PlayerId | null {
    return this.game.removeBot(id);
  }

  get botCount(): number {
    return this.game.botCount;
  }

  /**
   * The host starts a match (between ticks) with these rules: the game checks and clamps them
   * (`issues` says what changed). Its events reach every client like a tick's.
   */
  startMatch(input: G['startRequest']): G['started'] {
    const { started, events } = this.game.startMatch(input);
    this.tickEvents = this.eventIds.tag(events, this.game.world.tick);
    this.recording.onMatchStart(this.tickEvents);
    const encoded = this.tickEvents.map((e) => this.game.wire.events.encode(e));
    for (const s of this.sessions.values()) if (!s.abuse.kicked && encoded.length) s.outbox.add(encoded);
    return started;
  }

  /** What every client receives of the match this tick. */
  get publicMatch(): G['rules'] {
    return this.game.rulesBlock();
  }

  setClientSettings(clientId: PlayerId, s: ClientNetSettings): void {
    this.sessions.get(clientId)?.configure(s);
  }

  setSetting(name: ServerSettingName, value: number): void {
    this.game.setSetting(name, value);
  }

  /** One datagram from a client. Malformed ones are counted (and may get the client kicked); never throws. */
  receive(clientId: PlayerId, bytes: Uint8Array, nowMs: number): void {
    const s = this.sessions.get(clientId);
    if (!s || s.abuse.kicked) return;
    const tick = this.game.world.tick;
    const verdict = takeDatagram(s, bytes, nowMs, this.cmdScratch, this.arrivalTick(nowMs), tick);
    if (verdict) this.kick(clientId, verdict.reason, verdict.text);
  }

  /** Server time of an arrival in fractional ticks: the last tick plus the time since it ran. */
  private arrivalTick(nowMs: number): number {
    const tick = this.game.world.tick;
    if (this.lastTickMs === null) return tick;
    const frac = ((nowMs - this.lastTickMs) * this.tickrate) / 1000;
    return tick + Math.min(Math.max(frac, 0), 1);
  }

  private kick(clientId: PlayerId, reason: KickReason, text: string): void {
    this.pendingKicks.push({ clientId, reason, text });
    if (!this.sessions.get(clientId)?.spectator) this.game.leave(clientId, false);
  }

  /**
   * Re-anchors the match after a pause too long to replay (the tick loop's budget): the tick numbers
   * jump by `ticks` without simulating them, so clients' command timelines stay valid. Timers kept
   * in ticks (respawn, weapon cooldowns) simply expire.
   */
  skipTicks(ticks: number): void {
    this.game.skipTicks(ticks);
  }

  /** Advances exactly one tick and returns what to send. */
  tick(nowMs: number): ServerOutput {
    const tick = this.game.world.tick + 1;
    const cmds = this.cmds.byPlayer;
    this.cmds.takeFrom(tick, this.sessions.values());
    this.game.addBotCommands(tick, cmds);
    this.cmds.dropStale();
    const events = this.game.step(cmds, this.context);
    const world = this.game.world;
    this.lastTickMs = nowMs;
    this.tickEvents = this.eventIds.tag(events, world.tick);
    const packets = this.snapshots.send(
      this.sessions.values(),
      world.tick,
      this.snapshotLists,
      this.rulesBlock,
      this.tickEvents,
      nowMs,
    );
    this.recording.onTick(this.tickEvents, this.snapshots);
    this.killCams.onTick(world.tick, cmds, this.tickEvents, this.snapshots);
    return { packets, kicks: this.drainKicks() };
  }

  /** From now on `tick()`'s datagrams are views of one buffer reused every tick: send or copy them before the next tick. */
  reuseDatagramBuffers(): void {
    this.snapshots.reuseBuffers();
  }

  private drainKicks(): ServerOutput['kicks'] {
    const kicks = this.pendingKicks;
    this.pendingKicks = [];
    return kicks;
  }

  /** Migration (checkpoint.ts): what a checkpoint takes beyond `world`, with the last `rewindTicks` ticks of hitboxes. */
  exportCore(rewindTicks = 0): ServerCore<G> {
    // Spectators are not in the match: a successor holds no session for them (they join it again).
    const live = [...this.sessions.values()].filter((s) => !s.abuse.kicked && !s.spectator);
    const commands = live.map((s) => ({ id: s.id, last: s.buffer.lastCommand }));
    return {
      ...this.game.exportCore(rewindTicks),
      nextEventId: this.eventIds.next,
      maxPlayers: this.maxPlayers,
      commands,
    };
  }

  /** Migration: a fresh server (no client, no tick yet) takes over the match in `core`; its people get sessions. */
  importCore(core: ServerCore<G>): void {
    this.game.importCore(core);
    this.eventIds.next = core.nextEventId;
    for (const c of core.commands) {
      const session = this.newSession(c.id);
      if (c.last) session.buffer.resume(c.last);
      this.sessions.set(c.id, session);
    }
  }

  /** Client `clientId`'s command-buffer counters (repeats, late, neutral, …), null when it has no session. */
  commandCounters(clientId: PlayerId): Readonly<CommandBufferCounters> | null {
    return this.sessions.get(clientId)?.buffer.counters ?? null;
  }

  /**
   * The stats report: the netcode's part (the tick, each client session's counters and its newest
   * lag-compensated shot when the game has lag compensation) and the game's `report()` beside it.
   */
  stats(): ServerStatsOf<G['report']> {
    const game = this.game;
    const clients = [...this.sessions.values()].map((s) => s.stats(game.lastRewind?.(s.id) ?? null));
    return { tick: game.world.tick, ...game.report(), clients };
  }
}
