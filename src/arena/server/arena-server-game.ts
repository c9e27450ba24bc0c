/**
 * The arena shooter as the server runs it (ServerGame, server/server-game.ts): the world and its
 * config, the match controls (map, bots, records kept for rejoins: server-match.ts), hitscan lag
 * compensation (shot-judge.ts) and the match block cache. GameServer calls it through the table
 * and knows none of this.
 *
 * Inputs: the server's settings (tickrate clamped, seed, map, lag compensation), then the table's
 * calls. Outputs: the world, its events, the match block, checkpoints' game part, the report.
 * Invariants: the world is replaced, never edited, by every call but `skipTicks`; every tick's
 * hitboxes are recorded for lag compensation after the step; the step reuses one StepScratch.
 */
import { DEFAULT_MAP } from '../../sim/map';
import { startMatch } from '../../sim/match-flow';
import { hitboxOf } from '../../sim/hitscan';
import { addPlayer, createWorld, newStepScratch, removePlayer, stepWorld, type StepHooks } from '../../sim/world';
import { RESPAWN_SECONDS, secondsToTicks, type SimConfig } from '../../sim/config';
import type { KillCamHooks } from '../../server/kill-cams';
import type { SanitizedCmd } from '../../sim/quantize';
import type { ArenaMap, SimEvent, PlayerId, PlayerState, ProjectileState, Tick, WorldState } from '../../sim/types';
import type { AnyEntity } from '../../protocol/snapshot-schema';
import { ARENA_WIRE } from '../protocol/arena-wire';
import { ARENA_COMMANDS } from '../protocol/arena-commands';
import type { ServerGameContext } from '../../server/server-game';
import type { ServedCore, ServedGame, ServedReport, ServedTypes } from './served-game';
import type { ServerSettings } from '../../server/server-settings';
import type { RuntimeGameFactory } from '../../server/game-migration';
import { ARENA_MIGRATION } from './arena-migration';
import { debugMessageAt, type RewindRecord } from '../../server/stats';
import type { DebugMessage } from '../../protocol/debug-messages';
import { MatchBlockCache } from './match-block-cache';
import { ServerMatch } from './server-match';
import { hitOfEvent, ShotJudge } from './shot-judge';

/** Makes the arena for a GameServer; its matches migrate with the arena's checkpoint codec (arena-migration.ts). */
export const arenaServerGame: RuntimeGameFactory<ServedTypes> = Object.assign(
  (settings: ServerSettings<ArenaMap>): ServedGame => new ArenaServerGame(settings),
  { migration: ARENA_MIGRATION, game: 'arena' },
);

/** No context before the first step: nothing is connected. */
const NO_CONTEXT: ServerGameContext = { viewTimeEstimate: () => null, isConnected: () => false };

export class ArenaServerGame implements ServedGame {
  private state: WorldState;
  private cfg: SimConfig;
  private readonly match: ServerMatch;
  private readonly judge: ShotJudge;
  private readonly blockCache = new MatchBlockCache();
  /** Reused every tick: the world step's hitboxes and temporaries. */
  private readonly scratch = newStepScratch();
  /** The context of the tick being stepped (the hitscan hook asks it for view-time estimates). */
  private ctx = NO_CONTEXT;
  private readonly hooks: StepHooks = {
    hitboxesForShot: (shot, cmd) => this.judge.hitboxes(shot, cmd, this.state, this.ctx.viewTimeEstimate(shot.shooter)),
  };

  constructor(settings: ServerSettings<ArenaMap>) {
    this.cfg = { tickrate: settings.tickrate, map: settings.map ?? DEFAULT_MAP };
    this.match = new ServerMatch(this.cfg.map);
    this.state = createWorld(settings.seed, this.cfg.map);
    this.judge = new ShotJudge(settings.tickrate, settings.maxUnlagS, settings.lagCompensation);
    this.judge.compensator.record(this.state.tick, this.state.players);
    this.killCam = {
      killOf: (e) => (e.type === 'killed' ? { killer: e.killer, victim: e.victim } : null),
      viewTimeOf: (cmd) => cmd.viewTick + cmd.viewFrac / 256,
      respawnTicks: secondsToTicks(RESPAWN_SECONDS, settings.tickrate),
    };
  }

  readonly wire = ARENA_WIRE;
  readonly commands = ARENA_COMMANDS;
  /** Kill-cams: a kill is a 'killed' event; a command's view is the time it claims for lag compensation. */
  readonly killCam: KillCamHooks<SimEvent, SanitizedCmd>;
  /** The world's lists in ARENA_WIRE's section order (reused). */
  private readonly lists: [readonly PlayerState[], readonly ProjectileState[]] = [[], []];

  snapshotLists(): readonly (readonly AnyEntity[])[] {
    const world = this.world;
    this.lists[0] = world.players;
    this.lists[1] = world.projectiles;
    return this.lists;
  }

  get world(): WorldState {
    return this.state;
  }

  join(id: PlayerId, rejoin: boolean): void {
    const returning = this.match.takeDeparted(this.state, id, rejoin);
    this.state = addPlayer(removePlayer(this.state, id), id, this.cfg, false, returning);
  }

  leave(id: PlayerId, remember: boolean): void {
    if (remember) this.match.rememberDeparted(this.state, id);
    this.judge.shots.forget(id);
    this.state = removePlayer(this.state, id);
  }

  get botCount(): number {
    return this.match.botCount;
  }

  isBot(id: PlayerId): boolean {
    return this.match.isBot(id);
  }

  addBot(taken: (id: PlayerId) => boolean): PlayerId | null {
    const id = this.match.seatBot((i) => taken(i) || this.state.players.some((p) => p.id === i));
    if (id !== null) this.state = addPlayer(this.state, id, this.cfg, true);
    return id;
  }

  removeBot(id?: PlayerId): PlayerId | null {
    const removed = this.match.unseatBot(id);
    if (removed !== null) this.state = removePlayer(this.state, removed);
    return removed;
  }

  addBotCommands(tick: Tick, into: Map<PlayerId, SanitizedCmd>): void {
    this.match.commands(this.state, this.cfg, tick, into);
  }

  step(cmds: ReadonlyMap<PlayerId, SanitizedCmd>, ctx: ServerGameContext): readonly ServedTypes['event'][] {
    this.judge.shots.beginTick();
    this.ctx = ctx;
    const result = stepWorld(this.state, cmds, this.cfg, this.hooks, this.scratch);
    this.ctx = NO_CONTEXT;
    this.state = result.world;
    this.judge.compensator.record(this.state.tick, this.state.players);
    this.judge.shots.settle(result.events, hitOfEvent, ctx.isConnected);
    return result.events;
  }

  skipTicks(ticks: number): void {
    if (ticks > 0) this.state.tick += Math.floor(ticks);
  }

  /** Rules checked and clamped first (`issues` says what changed); everyone respawns on the new map; the warm-up begins. */
  startMatch(request: ServedTypes['startRequest']): ReturnType<ServedGame['startMatch']> {
    const { cfg, ...started } = this.match.rulesFor(request, this.cfg);
    this.cfg = cfg;
    this.blockCache.clear();
    const result = startMatch(this.state, started.rules, this.cfg);
    this.state = result.world;
    return { started, events: result.events };
  }

  rulesBlock(): ServedTypes['rules'] {
    return this.blockCache.get(this.state, () => this.match.publicMatch(this.state));
  }

  setSetting(name: string, value: number): boolean {
    if (name === 'sv_lagcompensation') this.judge.lagCompensation = value !== 0;
    else if (name === 'sv_maxunlag') this.judge.setMaxUnlag(value);
    else return false;
    return true;
  }

  exportCore(rewindTicks: number): ServedCore {
    const tick = this.state.tick;
    const { compensator, lagCompensation } = this.judge;
    const rewind = rewindTicks > 0 ? compensator.recordsBetween(tick - Math.floor(rewindTicks), tick - 1) : [];
    return {
      world: this.state,
      rewind,
      lagCompensation,
      maxUnlagS: compensator.maxUnlagSeconds,
      mapId: this.rulesBlock().mapId,
      departed: this.match.departedOf(this.state.match.seq),
    };
  }

  importCore(core: ServedCore): void {
    this.state = core.world;
    this.judge.lagCompensation = core.lagCompensation;
    this.judge.setMaxUnlag(core.maxUnlagS);
    const bots = core.world.match.players.filter((p) => p.bot).map((p) => p.id);
    this.match.restore(core.mapId, bots);
    this.blockCache.clear();
    this.match.restoreDeparted(core.departed, core.world.match.seq);
    this.judge.compensator.restoreHistory(core.rewind, this.state.tick, this.state.players);
  }

  report(): ServedReport {
    const { phase, phaseEndTick, seq } = this.state.match;
    const { judge } = this;
    return {
      players: this.state.players.length,
      liveHitboxes: this.state.players.map(hitboxOf),
      lagCompensation: judge.lagCompensation,
      maxUnlagS: judge.compensator.maxUnlagSeconds,
      match: { phase, phaseEndTick, seq, mapId: this.rulesBlock().mapId, bots: this.match.botCount },
    };
  }

  lastRewind(id: PlayerId): RewindRecord | null {
    return this.judge.shots.rewindRecordOf(id, this.judge.compensator);
  }

  /** sv_showhitboxes: the other players' hitboxes now and what lag compensation tested for `id`'s last shot. */
  debugMessage(id: PlayerId): DebugMessage {
    return debugMessageAt(this.state.tick, this.state.players.map(hitboxOf), id, this.lastRewind(id));
  }
}
