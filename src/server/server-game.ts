/**
 * ServerGame: the one table through which the netcode's server runs a game (Quake III's game
 * module API: the engine calls the game through one table and knows nothing else of it).
 *
 * GameServer owns what every game needs: the client sessions, their command buffers and clocks,
 * the commands of each tick, the kicks, event ids and the snapshots. The game owns the world and
 * every rule: who is in it, bots, how a tick steps, what a host's "start match" means, and what
 * lag compensation (if any) rewinds. GameServer never reads the world's fields but `tick`; it
 * hands the world to the snapshot path as an opaque value.
 *
 * Promises a game makes: no clock and no randomness but seeded (everything comes in through these
 * calls, so a checkpoint and a replay give the same match); `step` consumes exactly the commands it
 * is given (already sanitized by the command decoder, the one trust boundary) plus its own bots';
 * no call throws on anything a peer can cause.
 */
import type { CommandSchema } from '../protocol/command-schema';
import type { DebugMessage } from '../protocol/debug-messages';
import type { AnyEntity, SnapshotWire } from '../protocol/snapshot-schema';
import type { WireTypes } from '../protocol/snapshot-types';
import type { PlayerId, Tick } from '../protocol/ids';
import type { RewindRecord } from './stats';
import type { KillCamHooks } from './kill-cams';

/** What GameServer tells the game about its clients while a tick steps. */
export interface ServerGameContext {
  /**
   * The server's own estimate of the render time (fractional server tick) client `id` saw when it
   * made the command now being stepped, from that client's clock (ServerSideClient); null when the
   * client is not connected or has no command this tick. Lag compensation checks claims against it.
   */
  viewTimeEstimate(id: PlayerId): number | null;
  /** The client is connected (bots and departed players are not). */
  isConnected(id: PlayerId): boolean;
}

/**
 * The types one game brings: its world (with the tick GameServer reads), its snapshots' wire types, the sanitized command
 * one player runs per tick, the events a step reports, the block of match rules every snapshot
 * carries, the host's match-start request and its checked answer, what a checkpoint keeps beyond
 * GameServer's own part, and the setting names the game takes.
 */
export interface ServerGameTypes {
  world: { readonly tick: Tick };
  /** What the game's snapshots carry (its wire types). */
  wire: WireTypes;
  cmd: { readonly tick: Tick };
  event: unknown;
  rules: unknown;
  startRequest: unknown;
  started: unknown;
  core: object;
  /** The game's fields of the stats report (plain data; not named `tick` or `clients`, the netcode's). */
  report: object;
  /** The map a game takes in its settings (ServerSettings.map), if it has maps (the arena's ArenaMap). */
  map?: unknown;
}

/** The map type of `G`'s settings (`never`: the game takes none). */
export type MapOf<G extends ServerGameTypes> = G extends { map: infer M } ? M : never;

export interface ServerGame<G extends ServerGameTypes> {
  /** The world now. Replaced (never edited in place) by every call that changes it, except `skipTicks`. */
  readonly world: G['world'];

  /** The game's snapshot schema, compiled (protocol/snapshot-schema.ts): how its world goes on the wire. */
  readonly wire: SnapshotWire<G['wire']>;
  /** The game's command schema: the command packet's fields, the sanitizer (the trust boundary), repeats. */
  readonly commands: CommandSchema<G['cmd'], { tick: Tick }>;
  /** The world's entity lists now, one per section of `wire` in its order (each best sorted by id). */
  snapshotLists(): readonly (readonly AnyEntity[])[];

  /** A person takes seat `id` (bots give way first: GameServer checks the seat count). `rejoin`: the host knows them as who left it. */
  join(id: PlayerId, rejoin: boolean): void;
  /** A person leaves. `remember`: they left of their own accord (a rejoin may give their record back); false when kicked. */
  leave(id: PlayerId, remember: boolean): void;

  /** Server-side bots. `taken`: seats people hold. */
  readonly botCount: number;
  isBot(id: PlayerId): boolean;
  addBot(taken: (id: PlayerId) => boolean): PlayerId | null;
  removeBot(id?: PlayerId): PlayerId | null;

  /** Each bot's command for `tick`, added to `into` (GameServer's map of the tick's commands). */
  addBotCommands(tick: Tick, into: Map<PlayerId, G['cmd']>): void;
  /** One tick: exactly one command per player that has one (people's and bots'). Returns the tick's events. */
  step(cmds: ReadonlyMap<PlayerId, G['cmd']>, ctx: ServerGameContext): readonly G['event'][];
  /** The tick numbers jump by `ticks` without simulating them (a pause too long to replay). */
  skipTicks(ticks: number): void;

  /** The host starts a match between ticks: checked and clamped by the game. Events go to everyone. */
  startMatch(request: G['startRequest']): { started: G['started']; events: readonly G['event'][] };
  /** What every client receives of the match now (the snapshot's rules block); shared, read-only. */
  rulesBlock(): G['rules'];

  /** A server setting the game owns (lag compensation's); false when it does not know the name. */
  setSetting(name: string, value: number): boolean;

  /** Migration: the game's part of a checkpoint, with `rewindTicks` ticks of rewind history. */
  exportCore(rewindTicks: number): G['core'];
  /** Migration: a fresh game (no tick stepped yet) takes over the match in `core`. */
  importCore(core: G['core']): void;

  /** The game's part of the stats report (debug view, health page), beside the netcode's (stats.ts). */
  report(): G['report'];

  /** Lag compensation's record of client `id`'s newest hitscan shot, for its stats; a game without hitscan omits it. */
  lastRewind?(id: PlayerId): RewindRecord | null;
  /**
   * The 'debug' control message (sv_showhitboxes) for connected client `id` now; a game without a
   * debug view omits it, and the runtime then sends none.
   */
  debugMessage?(id: PlayerId): DebugMessage | null;
  /** Kill-cams (kill-cams.ts): how the game names a kill and a command's view; a game without kills omits it. */
  readonly killCam?: KillCamHooks<G['event'], G['cmd']>;
}
