/**
 * Field tables and codecs of the snapshot's match block (src/arena/protocol/match-block.ts): the header (mode, map,
 * phase, clock, limits, team scores), one row per player (team, score, bot), the pickup timers
 * and the frozen results (ranking, awards, winner).
 *
 * Inputs/outputs: the sim's PublicMatchState pieces. Decoders never throw: a value off its range
 * (an unknown mode, phase, team or award, a count above its cap, a repeated id) calls `r.fail`.
 * Invariant: decode(encode(v)) equals v for every value the encoder accepts, with the sim's key order.
 */
import {
  AWARD_KIND_COUNT,
  GAME_MODE_COUNT,
  MatchPhase,
  Team,
  type Award,
  type AwardKind,
  type GameMode,
  type MatchResults,
  type PublicMatchPlayer,
  type Standing,
} from '../../sim/match-types';
import { MAX_PICKUPS } from '../../sim/maps';
import { bitLength, type BitReader, type BitWriter } from '../../protocol/bits';
import {
  boolCodec,
  scoreCodec,
  sequenceCodec,
  timerCodec,
  uintCodec,
  type FieldCodec,
  type FieldContext,
} from '../../protocol/field-codecs';
import { checkScore, readTimer, rowInt } from '../../protocol/field-read';
import { writeTimer } from '../../protocol/field-write';
import { compileTable, type FieldTable } from '../../protocol/table-codec';

const TEAM_BITS = bitLength(Team.Blue);
const teamCodec = uintCodec(Team.Blue) as FieldCodec<Team>;

function readTeam(r: BitReader): Team {
  const v = r.readBits(TEAM_BITS);
  if (v > Team.Blue) r.fail(`team ${v} unknown`);
  return (r.ok ? v : Team.None) as Team;
}

/** The header as the table codes it: the team scores as two fields. */
export interface MatchHeader {
  mode: GameMode;
  mapId: number;
  phase: MatchPhase;
  phaseEndTick: number;
  fragLimit: number;
  timeLimitS: number;
  friendlyFire: boolean;
  seq: number;
  redScore: number;
  blueScore: number;
}

const HEADER_FIELDS: FieldTable<MatchHeader> = {
  mode: { codec: uintCodec(GAME_MODE_COUNT - 1) as FieldCodec<GameMode>, group: 'rare' },
  mapId: { codec: uintCodec(255), group: 'rare' },
  phase: { codec: uintCodec(MatchPhase.Ended) as FieldCodec<MatchPhase>, group: 'rare' },
  phaseEndTick: { codec: timerCodec, group: 'rare' },
  fragLimit: { codec: uintCodec(255), group: 'rare' },
  timeLimitS: { codec: uintCodec(65535), group: 'rare' },
  friendlyFire: { codec: boolCodec, group: 'rare' },
  seq: { codec: sequenceCodec, group: 'rare' },
  redScore: { codec: scoreCodec, group: 'rare' },
  blueScore: { codec: scoreCodec, group: 'rare' },
};

// What changes between snapshots, most often first: a team point; the phase and its clock. The hot
// group is empty: its one pattern (none) makes its mask a single 0 bit, with no second spelling.
export const MATCH_HEADER_CODEC = compileTable(HEADER_FIELDS, {
  hotPatterns: [[]],
  rarePatterns: [[], ['redScore'], ['blueScore'], ['phase', 'phaseEndTick']],
  // TableOptions.copy: the decoder copies the baseline's header and every player row each snapshot.
  copy: (h) => ({
    mode: h.mode,
    mapId: h.mapId,
    phase: h.phase,
    phaseEndTick: h.phaseEndTick,
    fragLimit: h.fragLimit,
    timeLimitS: h.timeLimitS,
    friendlyFire: h.friendlyFire,
    seq: h.seq,
    redScore: h.redScore,
    blueScore: h.blueScore,
  }),
});

const PLAYER_FIELDS: FieldTable<PublicMatchPlayer> = {
  id: { codec: uintCodec(255), group: 'key' },
  team: { codec: teamCodec, group: 'rare' },
  score: { codec: scoreCodec, group: 'rare' },
  bot: { codec: boolCodec, group: 'rare' },
};

/** `pickFields` of a match player, written out (quantizeMatch copies every player of a block with it). */
export const copyMatchPlayer = (p: PublicMatchPlayer): PublicMatchPlayer => ({
  id: p.id,
  team: p.team,
  score: p.score,
  bot: p.bot,
});

export const MATCH_PLAYER_CODEC = compileTable(PLAYER_FIELDS, {
  hotPatterns: [[]],
  rarePatterns: [[], ['score']],
  copy: copyMatchPlayer,
  // TableOptions.pack: every snapshot's match block packs the players' rows of its block and its baseline's.
  pack: (col) => {
    const [id, team, score, bot] = (['id', 'team', 'score', 'bot'] as const).map(col);
    return (p, d, off) => {
      d[off + id!] = p.id;
      d[off + team!] = p.team;
      d[off + score!] = p.score;
      d[off + bot!] = p.bot ? 1 : 0;
    };
  },
  // TableOptions.unpack: the compiled snapshot decoder reads a changed block's players as rows.
  unpack: (col) => {
    const [id, team, score, bot] = (['id', 'team', 'score', 'bot'] as const).map(col);
    return (d, o) => ({
      id: rowInt(d[o + id!]!),
      team: rowInt(d[o + team!]!) as Team,
      score: rowInt(d[o + score!]!),
      bot: d[o + bot!] === 1,
    });
  },
});
/** Decoding refuses a longer player list (one row per player id). */
export const MAX_MATCH_PLAYERS = 256;

/** Pickup timers: [count: varuint(2)] then each as a timer against the snapshot's tick. */
export function writePickups(w: BitWriter, pickups: readonly number[], ctx: FieldContext): void {
  w.writeVarUint(pickups.length, 2);
  for (const t of pickups) writeTimer(w, t, ctx);
}

export function readPickups(r: BitReader, ctx: FieldContext): number[] {
  const count = r.readVarUint(2);
  if (count > MAX_PICKUPS) r.fail(`${count} pickups`);
  const out: number[] = [];
  for (let i = 0; i < count && r.ok; i++) out.push(readTimer(r, ctx));
  return out;
}

const MAX_STANDINGS = 256;
const MAX_AWARDS = 8;
const AWARD_BITS = bitLength(AWARD_KIND_COUNT - 1);

export function writeResults(w: BitWriter, res: MatchResults): void {
  w.writeBits(res.winnerTeam, TEAM_BITS);
  w.writeVarUint(res.standings.length, 3);
  for (const s of res.standings) {
    w.writeBits(s.id, 8);
    w.writeBits(s.team, TEAM_BITS);
    w.writeVarInt(s.score, 4);
    w.writeVarUint(s.kills, 4);
    w.writeVarUint(s.deaths, 4);
  }
  w.writeVarUint(res.awards.length, 2);
  for (const a of res.awards) {
    w.writeBits(a.kind, AWARD_BITS);
    w.writeBits(a.player, 8);
    w.writeVarUint(a.value, 4);
  }
}

function readStanding(r: BitReader): Standing {
  const id = r.readBits(8);
  const team = readTeam(r);
  const score = checkScore(r, r.readVarInt(4));
  return { id, team, score, kills: r.readVarUint(4), deaths: r.readVarUint(4) };
}

function readAward(r: BitReader): Award {
  const kind = r.readBits(AWARD_BITS);
  if (kind >= AWARD_KIND_COUNT) r.fail(`award ${kind} unknown`);
  return { kind: (r.ok ? kind : 0) as AwardKind, player: r.readBits(8), value: r.readVarUint(4) };
}

export function readResults(r: BitReader): MatchResults {
  const winnerTeam = readTeam(r);
  const count = r.readVarUint(3);
  if (count > MAX_STANDINGS) r.fail(`${count} standings`);
  const standings: Standing[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < count && r.ok; i++) {
    const s = readStanding(r);
    if (seen.has(s.id)) r.fail(`standing ${s.id} twice`);
    seen.add(s.id);
    standings.push(s);
  }
  const awardCount = r.readVarUint(2);
  if (awardCount > MAX_AWARDS) r.fail(`${awardCount} awards`);
  const awards: Award[] = [];
  for (let i = 0; i < awardCount && r.ok; i++) awards.push(readAward(r));
  return { standings, awards, winnerTeam };
}
