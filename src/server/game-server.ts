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
 * per client; hitscan shots are tested against rewound copies of the hitboxes (the live world is
 * never modified to rewind); a kicked client's player leaves at once and the others' match goes on;
 * every snapshot carries the match block (rules, clock, scores, pickups, results); bots fill seats
 * and give one up when a person joins a full server.
 * Parts with their own file: which hitboxes a shot is tested against (shot-judge.ts, with the
 * debug view's shot records), the snapshots of a tick (snapshot-sender.ts), map, bots and the
 * records kept for rejoins (server-match.ts), a datagram's intake (packet-intake.ts), event ids
 * (event-ids.ts), the stats report (stats-report.ts); the world step reuses one StepScratch.
 */
import { newCmdPacketScratch } from '../protocol/cmd-packet';
import { encodeEvent } from '../protocol/events';
import type { KickReason } from '../protocol/control-messages';
import type { NetEvent } from '../protocol/game-messages';
import type { SimConfig } from '../sim/config';
import { DEFAULT_MAP } from '../sim/map';
import { startMatch } from '../sim/match-flow';
import type { RuleIssue } from '../sim/match-rules';
import type { MatchRules, PublicMatchState } from '../sim/match-types';
import { addPlayer, createWorld, newStepScratch, removePlayer, stepWorld, type StepHooks } from '../sim/world';
import type { PlayerId, WorldState } from '../sim/types';
import { defaultAbuseLimits, type AbuseLimits } from './abuse-monitor';
import { ServerSideClient } from './server-side-client';
import { SnapshotSender } from './snapshot-sender';
import { MatchBlockCache } from './match-block-cache';
import { takeDatagram } from './packet-intake';
import { ServerMatch } from './server-match';
import { ShotJudge } from './shot-judge';
import { TickCommands } from './tick-commands';
import type { ClientNetSettings } from './snapshot-scheduler';
import type { ServerStats } from './stats';
import { serverStats } from './stats-report';
import type { ServerCore } from './checkpoint';
import { EventIds } from './event-ids';
import {
  clampMaxPlayers,
  clampTickrate,
  type ServerOutput,
  type ServerSettingName,
  type ServerSettings,
} from './server-settings';

// The harness and bench/ name these types from here.
export type { ServerOutput, ServerSettingName, ServerSettings } from './server-settings';

export class GameServer {
  private state: WorldState;
  private cfg: SimConfig;
  private readonly sessions = new Map<PlayerId, ServerSideClient>();
  private readonly abuseLimits: AbuseLimits;
  private lastTickMs: number | null = null;
  private readonly eventIds = new EventIds();
  private pendingKicks: ServerOutput['kicks'] = [];
  private tickEvents: readonly NetEvent[] = [];
  /** Lag compensation and the shot records of the debug view. */
  private readonly judge: ShotJudge;
  /** Reused every tick: the world step's hitboxes and temporaries, the commands, the rewind hook. */
  private readonly stepScratch = newStepScratch();
  private readonly cmds = new TickCommands();
  /** Every packet is decoded into these objects; the sessions copy the commands they keep. */
  private readonly cmdScratch = newCmdPacketScratch();
  private readonly hooks: StepHooks = {
    hitboxesForShot: (shot, cmd) => this.judge.hitboxes(shot, cmd, this.state, this.sessions.get(shot.shooter)),
  };
  private readonly snapshots = new SnapshotSender();
  /** The snapshots' match block, rebuilt only when it changes (cleared with the map: startMatch, importCore). */
  private readonly matchBlockCache = new MatchBlockCache();
  private readonly matchBlock = (): PublicMatchState => this.matchBlockCache.get(this.state, () => this.publicMatch);
  /** Map id and bots (issue 12's host controls). */
  private readonly match: ServerMatch;

  constructor(private readonly settings: ServerSettings) {
    const tickrate = clampTickrate(settings.tickrate);
    this.cfg = { tickrate, map: settings.map ?? DEFAULT_MAP };
    this.match = new ServerMatch(this.cfg.map);
    this.state = createWorld(settings.seed, this.cfg.map);
    this.judge = new ShotJudge(tickrate, settings.maxUnlagS, settings.lagCompensation);
    this.abuseLimits = settings.abuse ?? defaultAbuseLimits(tickrate);
    this.judge.compensator.record(this.state.tick, this.state.players);
  }

  get world(): Readonly<WorldState> {
    return this.state;
  }

  /** The events of the last tick, with the ids the clients receive them under. */
  get lastEvents(): readonly NetEvent[] {
    return this.tickEvents;
  }

  get tickrate(): number {
    return this.cfg.tickrate;
  }

  get simConfig(): Readonly<SimConfig> {
    return this.cfg;
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
    if (this.sessions.has(clientId) || this.sessions.size >= this.maxPlayers) return false;
    if (!Number.isInteger(clientId) || clientId < 0 || clientId > 255) return false;
    // A person takes a bot's seat when bots fill the server (the highest-id bot leaves), or a bot's id.
    if (this.match.isBot(clientId)) this.removeBot(clientId);
    if (this.sessions.size + this.match.botCount >= this.maxPlayers) this.removeBot();
    this.sessions.set(clientId, this.newSession(clientId));
    const returning = this.match.takeDeparted(this.state, clientId, rejoin);
    this.state = addPlayer(removePlayer(this.state, clientId), clientId, this.cfg, false, returning);
    return true;
  }

  private newSession(clientId: PlayerId): ServerSideClient {
    return new ServerSideClient(clientId, { tickrate: this.cfg.tickrate, abuse: this.abuseLimits });
  }

  removeClient(clientId: PlayerId): void {
    if (this.sessions.delete(clientId)) this.match.rememberDeparted(this.state, clientId);
    this.judge.shots.forget(clientId);
    this.state = removePlayer(this.state, clientId);
  }

  /** Adds a server-side bot if a seat is free; returns its id, or null when the server is full. */
  addBot(): PlayerId | null {
    if (this.sessions.size + this.match.botCount >= this.maxPlayers) return null;
    const id = this.match.seatBot((i) => this.sessions.has(i) || this.state.players.some((p) => p.id === i));
    if (id !== null) this.state = addPlayer(this.state, id, this.cfg, true);
    return id;
  }

  /** Removes that bot, or the last one added when no id is given. Returns the id removed, or null. */
  removeBot(id?: PlayerId): PlayerId | null {
    const removed = this.match.unseatBot(id);
    if (removed !== null) this.state = removePlayer(this.state, removed);
    return removed;
  }

  get botCount(): number {
    return this.match.botCount;
  }

  /**
   * The host starts a match (between ticks) with these rules, on their map: checked and clamped
   * first (`issues` says what changed). Everyone respawns on the new map; the warm-up begins.
   */
  startMatch(input: Partial<Record<keyof MatchRules, unknown>>): { rules: MatchRules; issues: RuleIssue[] } {
    const { cfg, ...checked } = this.match.rulesFor(input, this.cfg);
    this.cfg = cfg;
    this.matchBlockCache.clear();
    const result = startMatch(this.state, checked.rules, this.cfg);
    this.state = result.world;
    this.tickEvents = this.eventIds.tag(result.events, this.state.tick);
    const encoded = this.tickEvents.map(encodeEvent);
    for (const s of this.sessions.values()) if (!s.abuse.kicked && encoded.length) s.outbox.add(encoded);
    return checked;
  }

  /** What every client receives of the match this tick. */
  get publicMatch(): PublicMatchState {
    return this.match.publicMatch(this.state);
  }

  setClientSettings(clientId: PlayerId, s: ClientNetSettings): void {
    this.sessions.get(clientId)?.configure(s);
  }

  setSetting(name: ServerSettingName, value: number): void {
    if (name === 'sv_lagcompensation') this.judge.lagCompensation = value !== 0;
    else if (name === 'sv_maxunlag') this.judge.setMaxUnlag(value);
  }

  /** One datagram from a client. Malformed ones are counted (and may get the client kicked); never throws. */
  receive(clientId: PlayerId, bytes: Uint8Array, nowMs: number): void {
    const s = this.sessions.get(clientId);
    if (!s || s.abuse.kicked) return;
    const verdict = takeDatagram(s, bytes, nowMs, this.cmdScratch, this.arrivalTick(nowMs), this.state.tick);
    if (verdict) this.kick(clientId, verdict.reason, verdict.text);
  }

  /** Server time of an arrival in fractional ticks: the last tick plus the time since it ran. */
  private arrivalTick(nowMs: number): number {
    if (this.lastTickMs === null) return this.state.tick;
    const frac = ((nowMs - this.lastTickMs) * this.cfg.tickrate) / 1000;
    return this.state.tick + Math.min(Math.max(frac, 0), 1);
  }

  private kick(clientId: PlayerId, reason: KickReason, text: string): void {
    this.pendingKicks.push({ clientId, reason, text });
    this.state = removePlayer(this.state, clientId);
  }

  /**
   * Re-anchors the match after a pause too long to replay (the tick loop's budget): the tick numbers
   * jump by `ticks` without simulating them, so clients' command timelines stay valid. Timers kept
   * in ticks (respawn, weapon cooldowns) simply expire.
   */
  skipTicks(ticks: number): void {
    if (ticks > 0) this.state.tick += Math.floor(ticks);
  }

  /** Advances exactly one tick and returns what to send. */
  tick(nowMs: number): ServerOutput {
    const tick = this.state.tick + 1;
    const cmds = this.cmds.byPlayer;
    this.cmds.takeFrom(tick, this.sessions.values());
    this.match.commands(this.state, this.cfg, tick, cmds);
    this.cmds.dropStale();
    this.judge.shots.beginTick();
    const result = stepWorld(this.state, cmds, this.cfg, this.hooks, this.stepScratch);
    this.state = result.world;
    this.judge.compensator.record(this.state.tick, this.state.players);
    this.judge.shots.settle(result.events, this.isConnected);
    this.lastTickMs = nowMs;
    this.tickEvents = this.eventIds.tag(result.events, this.state.tick);
    const packets = this.snapshots.send(this.sessions.values(), this.state, this.matchBlock, this.tickEvents, nowMs);
    return { packets, kicks: this.drainKicks() };
  }

  /** From now on `tick()`'s datagrams are views of one buffer reused every tick: send or copy them before the next tick. */
  reuseDatagramBuffers(): void {
    this.snapshots.reuseBuffers();
  }

  private readonly isConnected = (id: PlayerId): boolean => this.sessions.has(id);

  private drainKicks(): ServerOutput['kicks'] {
    const kicks = this.pendingKicks;
    this.pendingKicks = [];
    return kicks;
  }

  /** Migration (checkpoint.ts): what a checkpoint takes beyond `world`, with the last `rewindTicks` ticks of hitboxes. */
  exportCore(rewindTicks = 0): ServerCore {
    const live = [...this.sessions.values()].filter((s) => !s.abuse.kicked);
    const commands = live.map((s) => ({ id: s.id, last: s.buffer.lastCommand }));
    const tick = this.state.tick;
    const { compensator, lagCompensation } = this.judge;
    const rewind = rewindTicks > 0 ? compensator.recordsBetween(tick - Math.floor(rewindTicks), tick - 1) : [];
    const departed = this.match.departedOf(this.state.match.seq);
    return {
      world: this.state,
      rewind,
      nextEventId: this.eventIds.next,
      lagCompensation,
      maxUnlagS: compensator.maxUnlagSeconds,
      mapId: this.publicMatch.mapId,
      maxPlayers: this.maxPlayers,
      commands,
      departed,
    };
  }

  /** Migration: a fresh server (no client, no tick yet) takes over the match in `core`; its people get sessions. */
  importCore(core: ServerCore): void {
    this.state = core.world;
    this.eventIds.next = core.nextEventId;
    this.judge.lagCompensation = core.lagCompensation;
    this.judge.setMaxUnlag(core.maxUnlagS);
    const bots = core.world.match.players.filter((p) => p.bot).map((p) => p.id);
    this.match.restore(core.mapId, bots);
    this.matchBlockCache.clear();
    this.match.restoreDeparted(core.departed, core.world.match.seq);
    for (const c of core.commands) {
      const session = this.newSession(c.id);
      if (c.last) session.buffer.resume(c.last);
      this.sessions.set(c.id, session);
    }
    this.judge.compensator.restoreHistory(core.rewind, this.state.tick, this.state.players);
  }

  stats(): ServerStats {
    return serverStats(this.state, this.sessions.values(), this.judge, this.match);
  }
}
