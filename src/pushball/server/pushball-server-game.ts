/**
 * Pushball as the netcode's server runs it (ServerGame, src/server/server-game.ts): the pitch, who
 * is on it (people and bots), the match controls and checkpoints. GameServer calls it through the
 * table and knows none of this; src/arena/server/arena-server-game.ts is the arena's counterpart.
 *
 * Inputs: the server's settings (tickrate, seed; optionally the first match's settings), then the
 * table's calls. Outputs: the world, its events, the rules block, checkpoints' game part, the report.
 * Invariants: the world is replaced, never edited, by every call that changes it (`skipTicks` too:
 * worlds kept from earlier ticks never change); no call throws on anything a peer can cause; no
 * lag compensation (nothing in Pushball is hitscan), so `ServerGameContext` is never read.
 */
import type { AnyEntity } from '../../protocol/snapshot-schema';
import type { ServerGame, ServerGameContext } from '../../server/server-game';
import { PUSHBALL_COMMANDS } from '../protocol/pushball-commands';
import { PUSHBALL_WIRE, ballEntity, type BallEntity } from '../protocol/pushball-wire';
import {
  addPlayer,
  clonePitch,
  config,
  createPitch,
  removePlayer,
  stepPitch,
  type PitchWorld,
  type PushEvent,
  type SanitizedPushCmd,
} from '../sim';
import { botCommands, freeBotId } from './pushball-bots';
import { checkStart, newMatchWorld, rulesBlockOf, sameBlock } from './pushball-match';
import type {
  PushballCore,
  PushballReport,
  PushballRulesBlock,
  PushballServerSettings,
  PushballStartRequest,
  PushballStarted,
  PushballTypes,
} from './pushball-types';

/** Makes Pushball for a GameServer (the counterpart of `arenaServerGame`). */
export const pushballServerGame = (settings: PushballServerSettings): PushballServerGame =>
  new PushballServerGame(settings);

export class PushballServerGame implements ServerGame<PushballTypes> {
  private state: PitchWorld;
  private readonly bots = new Set<number>();
  private seed: number;
  /** Match number: +1 per `startMatch` (the rules block shows it). */
  private seq = 0;
  /** The last rules block built, and the world it was built from (worlds are never edited). */
  private block: PushballRulesBlock | null = null;
  private blockWorld: PitchWorld | null = null;

  constructor(settings: PushballServerSettings) {
    const { tickrate, goalsToWin, matchSeconds } = settings;
    // `| 0`: an integer on every machine (NaN and Infinity become 0).
    this.seed = (settings.seed ?? 0) | 0;
    this.state = createPitch({ tickrate, goalsToWin, matchSeconds }).world;
  }

  get world(): PitchWorld {
    return this.state;
  }

  readonly wire = PUSHBALL_WIRE;
  readonly commands = PUSHBALL_COMMANDS;
  /** The ball entity of the last world it was made for (worlds are never edited). */
  private ball: { world: PitchWorld; list: readonly BallEntity[] } | null = null;

  /** PUSHBALL_WIRE's sections: the players, then the ball as the one entity of `balls`. */
  /** PUSHBALL_WIRE's sections, reused from tick to tick (nothing allocated while the world stands). */
  private readonly lists: [readonly AnyEntity[], readonly AnyEntity[]] = [[], []];

  snapshotLists(): readonly (readonly AnyEntity[])[] {
    const world = this.state;
    if (this.ball?.world !== world) this.ball = { world, list: [ballEntity(world.ball)] };
    this.lists[0] = world.players;
    this.lists[1] = this.ball.list;
    return this.lists;
  }

  /**
   * A person takes seat `id`. If the pitch is full (it holds config.MAX_PLAYERS, which may be fewer
   * than the server's seats) a bot gives way; if only people fill it, the person watches (no body).
   * `rejoin` changes nothing: a Pushball player has no record of its own to give back (scores are
   * the team's), and the smaller-team rule seats a returning player where the gap is.
   */
  join(id: number, rejoin: boolean): void {
    void rejoin;
    this.bots.delete(id);
    this.state = this.without(id);
    if (this.state.players.length >= config.MAX_PLAYERS) this.removeBot();
    const joined = addPlayer(this.state, id);
    if (joined.ok) this.state = joined.world;
  }

  /** A person leaves; nothing is remembered (see `join`), so `remember` changes nothing. */
  leave(id: number, remember: boolean): void {
    void remember;
    this.bots.delete(id);
    this.state = this.without(id);
  }

  get botCount(): number {
    return this.bots.size;
  }

  isBot(id: number): boolean {
    return this.bots.has(id);
  }

  /** A bot on the highest free id (not `taken` by a person, not on the pitch); null when the pitch is full. */
  addBot(taken: (id: number) => boolean): number | null {
    if (this.state.players.length >= config.MAX_PLAYERS) return null;
    const onPitch = (i: number): boolean => this.state.players.some((p) => p.id === i);
    const id = freeBotId((i) => taken(i) || this.bots.has(i) || onPitch(i));
    if (id === null) return null;
    const joined = addPlayer(this.state, id);
    if (!joined.ok) return null;
    this.bots.add(id);
    this.state = joined.world;
    return id;
  }

  /** That bot, or the one added last (the lowest id) when none is named; its id, or null. */
  removeBot(id?: number): number | null {
    const target = id ?? (this.bots.size > 0 ? Math.min(...this.bots) : null);
    if (target === null || !this.bots.delete(target)) return null;
    this.state = this.without(target);
    return target;
  }

  addBotCommands(tick: number, into: Map<number, SanitizedPushCmd>): void {
    botCommands(this.state, this.bots, tick, this.seed, into);
  }

  /**
   * One tick. A player with no command here moves as under NEUTRAL (stepPitch's rule) rather than
   * repeating anything: GameServer already repeats a person's last command when one is late, so a
   * player missing here has none at all (it just joined); a released stick brakes it to a stop and
   * a held kick never repeats by accident. Commands for ids not on the pitch are ignored.
   */
  step(cmds: ReadonlyMap<number, SanitizedPushCmd>, ctx: ServerGameContext): readonly PushEvent[] {
    void ctx; // view-time estimates are lag compensation's; Pushball has none
    const result = stepPitch(this.state, cmds);
    this.state = result.world;
    return result.events;
  }

  /** The tick jumps by whole `ticks`; nothing is simulated (the match clock does not run). */
  skipTicks(ticks: number): void {
    if (!Number.isFinite(ticks) || ticks < 1) return;
    this.state = { ...this.state, tick: this.state.tick + Math.floor(ticks) };
  }

  /** A new match with the same players (teams dealt again), settings checked and clamped. No events: `seq` tells. */
  startMatch(request: PushballStartRequest): { started: PushballStarted; events: readonly PushEvent[] } {
    const started = checkStart(request, this.state);
    this.state = newMatchWorld(this.state, started.settings);
    this.seq += 1;
    return { started, events: [] };
  }

  /** Rebuilt when the world changed, but the same object while its contents stay the same. */
  rulesBlock(): PushballRulesBlock {
    if (this.block && this.blockWorld === this.state) return this.block;
    const fresh = rulesBlockOf(this.state, this.bots, this.seq);
    if (!this.block || !sameBlock(this.block, fresh)) this.block = fresh;
    this.blockWorld = this.state;
    return this.block;
  }

  /** Pushball owns no server setting: there is no lag compensation to tune. */
  setSetting(name: string, value: number): boolean {
    void name;
    void value;
    return false;
  }

  /** The whole match: the world carries the clock, scores and phase; no rewind history exists. */
  exportCore(rewindTicks: number): PushballCore {
    void rewindTicks;
    const bots = [...this.bots].sort((a, b) => a - b);
    return { world: clonePitch(this.state), bots, seed: this.seed, seq: this.seq };
  }

  importCore(core: PushballCore): void {
    this.state = clonePitch(core.world);
    this.bots.clear();
    for (const id of core.bots) if (this.state.players.some((p) => p.id === id)) this.bots.add(id);
    this.seed = core.seed | 0;
    this.seq = core.seq;
    this.block = null;
    this.blockWorld = null;
  }

  report(): PushballReport {
    const { phase, scores, clockTicksLeft } = this.state.rules;
    return {
      players: this.state.players.length,
      bots: this.bots.size,
      seq: this.seq,
      phase,
      scores: [scores[0], scores[1]],
      clockTicksLeft,
    };
  }

  /** The world without player `id` (unchanged when it is not on the pitch). */
  private without(id: number): PitchWorld {
    const left = removePlayer(this.state, id);
    return left.ok ? left.world : this.state;
  }
}
