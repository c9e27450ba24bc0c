/**
 * The match block (docs/PROTOCOL.md "Match block", protocol 3): at the end of every snapshot
 * message, the rules, phase and clock, team scores, each player's team and score, the pickup
 * timers and, once a match ended, its frozen results. In full without a baseline; otherwise one
 * "changed" bit and, only when set, the header's delta, the players' entity list and the pickups
 * and results each behind a "same" bit. Values stay as the wire gives them.
 */
import type { BitReader } from './bits';
import { readList, type EntityList } from './entity-list';
import { readEntityDelta, readEntityFull, team, type Entity } from './fields';
import { MATCH_HEADER, MATCH_PLAYER } from './tables';

export interface Standing {
  id: number;
  team: number;
  score: number;
  kills: number;
  deaths: number;
}

export interface Award {
  /** 0 accuracy (%), 1 longest streak, 2 damage. */
  kind: number;
  player: number;
  value: number;
}

export interface Results {
  winnerTeam: number;
  standings: Standing[];
  awards: Award[];
}

export interface Match {
  /** mode, mapId, phase, phaseEndTick, fragLimit, timeLimitS, friendlyFire, seq, redScore, blueScore. */
  header: Entity;
  /** One row per player in the world: id, team, score, bot. */
  players: Entity[];
  /** Per pickup spot in map order: 0 = there, else the tick it comes back. */
  pickups: number[];
  results: Results | null;
}

const PLAYERS: EntityList = { name: 'match players', entity: 'match player', table: MATCH_PLAYER, maxCount: 256 };
const ALL_IDS = { lo: 0, hi: 255 };
const MAX_PICKUPS = 32;

function readPickups(r: BitReader, tick: number): number[] {
  const count = r.at('match: pickup count').varuint(2);
  if (count > MAX_PICKUPS) r.fail(`${count} pickups`);
  const out: number[] = [];
  // Each a timer against the snapshot's tick: [set: 1] then varint(5) of (tick - serverTick).
  for (let i = 0; i < count && r.ok; i++) {
    const back = r.at(`match: pickup ${i} taken`).bool()
      ? tick + r.at(`match: pickup ${i} back at - serverTick`).varint(5)
      : 0;
    if (back !== 0 && (back < 1 || back > 0xffffffff)) r.fail('pickup timer out of range');
    out.push(back);
  }
  return out;
}

function readStanding(r: BitReader, i: number): Standing {
  const at = (field: string): BitReader => r.at(`match: standing ${i}.${field}`);
  const id = at('id').u(8);
  const t = team(at('team'));
  const score = at('score').varint(4);
  if (Math.abs(score) > 2 ** 31) r.fail('score out of range');
  return { id, team: t, score, kills: at('kills').varuint(4), deaths: at('deaths').varuint(4) };
}

function readResults(r: BitReader): Results | null {
  if (!r.at('match: results present').bool()) return null;
  const winnerTeam = team(r.at('match: winner team'));
  const count = r.at('match: standing count').varuint(3);
  if (count > 256) r.fail(`${count} standings`);
  const standings: Standing[] = [];
  for (let i = 0; i < count && r.ok; i++) {
    const s = readStanding(r, i);
    if (standings.some((o) => o.id === s.id)) r.fail(`standing ${s.id} twice`);
    standings.push(s);
  }
  const awardCount = r.at('match: award count').varuint(2);
  if (awardCount > 8) r.fail(`${awardCount} awards`);
  const awards: Award[] = [];
  for (let i = 0; i < awardCount && r.ok; i++) {
    const kind = r.at(`match: award ${i}.kind`).u(2);
    if (kind > 2) r.fail(`award ${kind} unknown`);
    awards.push({
      kind,
      player: r.at(`match: award ${i}.player`).u(8),
      value: r.at(`match: award ${i}.value`).varuint(4),
    });
  }
  return { winnerTeam, standings, awards };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A part sent behind "same: 0" must differ from the baseline's (one encoding per message). */
function changed<T>(r: BitReader, read: T, base: T, what: string): T {
  if (r.ok && same(read, base)) r.fail(`match ${what} marked changed but unchanged`);
  return read;
}

/** The block against the baseline's block (`base`), or in full when `base` is null. */
export function readMatch(r: BitReader, base: Match | null, tick: number): Match {
  if (!base) {
    const header = readEntityFull(r, MATCH_HEADER, tick, undefined, 'match');
    const players = readList(r, PLAYERS, [], ALL_IDS, tick, 0);
    return { header, players, pickups: readPickups(r, tick), results: readResults(r) };
  }
  if (!r.at('match: changed').bool()) return base;
  const header = readEntityDelta(r, MATCH_HEADER, base.header, tick, 0, 'match');
  const players = readList(r, PLAYERS, base.players, ALL_IDS, tick, 0);
  const pickups = r.at('match: pickups same').bool()
    ? base.pickups
    : changed(r, readPickups(r, tick), base.pickups, 'pickups');
  const results = r.at('match: results same').bool()
    ? base.results
    : changed(r, readResults(r), base.results, 'results');
  const m = { header, players, pickups, results };
  if (r.ok && same(m, base)) r.fail('match block marked changed but unchanged');
  return m;
}

/** The block's numbers in checksum order: header, players, pickups, results (docs: "Baseline checksum"). */
export function matchNumbers(m: Match): number[] {
  const out = MATCH_HEADER.fields.map((f) => Number(m.header[f.name]));
  out.push(m.players.length);
  for (const p of m.players) out.push(...MATCH_PLAYER.fields.map((f) => Number(p[f.name])));
  out.push(m.pickups.length, ...m.pickups);
  const res = m.results;
  if (!res) return [...out, 0];
  out.push(1, res.winnerTeam, res.standings.length);
  for (const s of res.standings) out.push(s.id, s.team, s.score, s.kills, s.deaths);
  out.push(res.awards.length);
  for (const a of res.awards) out.push(a.kind, a.player, a.value);
  return out;
}
