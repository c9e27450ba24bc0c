/**
 * The server's side of the host's match controls (issue 12): which map the match is on (its id on
 * the wire), which players are server-side bots, and the rules and config a start uses.
 * GameServer owns the world and the sessions; it asks this helper and applies the answers.
 *
 * Inputs: the starting map; the host's rules (untrusted shape: `checkRules` clamps them); which ids
 * are taken. Outputs: bot ids, the checked rules with the config of their map, the match block.
 * Invariants: bot ids come from `freeBotId` (far above the lobby's); a test's own map (not in the
 * registry, CUSTOM_MAP_ID) stays when the rules name the default map it replaced.
 */
import type { SimConfig } from '../../sim/config';
import { CUSTOM_MAP_ID, idOfMap, mapById } from '../../sim/maps';
import { publicMatch } from '../../sim/match';
import { checkRules, type RuleIssue } from '../../sim/match-rules';
import type { MatchRules, PublicMatchState, ReturningPlayer } from '../../sim/match-types';
import type { ArenaMap, PlayerId, Tick, UserCmd, WorldState } from '../../sim/types';
import { botCommands, freeBotId } from './server-bots';
import type { SanitizedCmd } from '../../sim/quantize';

export class ServerMatch {
  private readonly bots = new Set<PlayerId>();
  /** What people who left take back on a rejoin (record, kills, deaths), by id, and the match (`seq`) it belongs to. */
  private readonly departed = new Map<PlayerId, { returning: ReturningPlayer; seq: number }>();
  /** The map's id on the wire (CUSTOM_MAP_ID for a test's own map). */
  private mapId: number;

  constructor(map: ArenaMap) {
    this.mapId = idOfMap(map);
  }

  get botCount(): number {
    return this.bots.size;
  }

  isBot(id: PlayerId): boolean {
    return this.bots.has(id);
  }

  /** Migration (checkpoint.ts): a fresh server takes over a match on map `mapId` with these bots. */
  restore(mapId: number, bots: readonly PlayerId[]): void {
    this.mapId = mapId;
    this.bots.clear();
    for (const id of bots) this.bots.add(id);
  }

  /** Registers a new bot under a free id (`taken` says which ids people and players hold); null when none is left. */
  seatBot(taken: (id: PlayerId) => boolean): PlayerId | null {
    const id = freeBotId((i) => taken(i) || this.bots.has(i));
    if (id !== null) this.bots.add(id);
    return id;
  }

  /** Unregisters that bot, or the last one added (the lowest id) when none is named; returns its id or null. */
  unseatBot(id?: PlayerId): PlayerId | null {
    const target = id ?? Math.min(...this.bots);
    return this.bots.delete(target) ? target : null;
  }

  /** The host's rules checked and clamped (`issues` says what changed), and the config on their map. */
  rulesFor(
    input: Partial<Record<keyof MatchRules, unknown>>,
    cfg: SimConfig,
  ): { rules: MatchRules; issues: RuleIssue[]; cfg: SimConfig } {
    const checked = checkRules(input);
    const map = mapById(checked.rules.mapId);
    if (!map || (this.mapId === CUSTOM_MAP_ID && checked.rules.mapId === 0)) return { ...checked, cfg };
    this.mapId = checked.rules.mapId;
    return { ...checked, cfg: { ...cfg, map } };
  }

  /** Keeps a leaving person's record for the rest of this match (bots are not kept). */
  rememberDeparted(world: WorldState, id: PlayerId): void {
    const record = world.match.players.find((p) => p.id === id);
    const body = world.players.find((p) => p.id === id);
    if (record && !record.bot)
      this.departed.set(id, {
        returning: { record, kills: body?.kills ?? 0, deaths: body?.deaths ?? 0 },
        seq: world.match.seq,
      });
  }

  /**
   * The record a player who joins under `id` comes back with: the one it left with when the host
   * says it is the same player (`rejoin`) and the match is still the one it left; undefined (a
   * blank record) otherwise. Either way the kept record is used up.
   */
  takeDeparted(world: WorldState, id: PlayerId, rejoin: boolean): ReturningPlayer | undefined {
    const kept = this.departed.get(id);
    this.departed.delete(id);
    return rejoin && kept && kept.seq === world.match.seq ? kept.returning : undefined;
  }

  /** Migration (checkpoint.ts): the records kept for people who left this match (`seq`), by id. */
  departedOf(seq: number): Array<{ id: PlayerId; returning: ReturningPlayer }> {
    const out: Array<{ id: PlayerId; returning: ReturningPlayer }> = [];
    for (const [id, kept] of this.departed) if (kept.seq === seq) out.push({ id, returning: kept.returning });
    return out.sort((a, b) => a.id - b.id);
  }

  /** Migration: a restored server keeps these records for match `seq`, as if their players had left it here. */
  restoreDeparted(records: ReadonlyArray<{ id: PlayerId; returning: ReturningPlayer }>, seq: number): void {
    this.departed.clear();
    for (const d of records) this.departed.set(d.id, { returning: d.returning, seq });
  }

  /** What every client receives of the match (the snapshot's match block). */
  publicMatch(world: WorldState): PublicMatchState {
    return publicMatch(world, this.mapId);
  }

  /** Every bot's command for `tick`, added to `into`. */
  commands(world: WorldState, cfg: SimConfig, tick: Tick, into: Map<PlayerId, SanitizedCmd>): void {
    botCommands(world, cfg, this.bots, tick, into);
  }
}
