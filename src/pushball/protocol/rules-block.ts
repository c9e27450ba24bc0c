/**
 * Pushball's rules block: the scoreboard and clock every snapshot carries (the players' positions
 * and teams travel with the entities), and its codec for the netcode's snapshot schema
 * (protocol/snapshot-schema.ts RulesBlockCodec).
 *
 * Layout: full (no baseline) = every field; delta = [changed: 1] then, if changed, every field.
 * The block is a dozen small integers, so a changed one is sent whole: the clock changes every
 * tick in play, a few bytes. Strict: a block sent as changed must differ from the baseline's.
 * Fields: seq varuint, phase 2 bits, phaseTicksLeft / clockTicksLeft / matchTicks varuint,
 * scores 2 × varuint, goalsToWin varuint, kickoffTeam 1 bit, then three id lists (team 0, team 1,
 * bots), each [count varuint][id: 8]… ascending. Blocks are frozen and never changed once built.
 */
import { emitNumber } from '../../protocol/baseline-checksum';
import type { BitReader, BitWriter } from '../../protocol/bits';
import { mixNumber } from '../../protocol/fnv';
import type { RulesBlockCodec } from '../../protocol/snapshot-schema';
import { PitchPhase, type PitchTeam } from '../sim';

/**
 * What every client receives of the match each snapshot (shared, frozen: readers must not change
 * it). The players' positions and teams travel with the world; this is the scoreboard and clock.
 */
export interface PushballRulesBlock {
  /** Match number on this server: +1 on every start, so a client sees a new match even at 0–0. */
  readonly seq: number;
  readonly phase: PitchPhase;
  /** Ticks left in a Kickoff or Goal phase; 0 otherwise. */
  readonly phaseTicksLeft: number;
  /** Ticks of play left on the match clock. */
  readonly clockTicksLeft: number;
  readonly matchTicks: number;
  readonly scores: readonly [number, number];
  readonly goalsToWin: number;
  readonly kickoffTeam: PitchTeam;
  /** Player ids of team 0 and team 1, ascending. */
  readonly teams: readonly [readonly number[], readonly number[]];
  /** Ids of the server's bots on the pitch, ascending. */
  readonly bots: readonly number[];
}

/** Longest id list a block may carry (a hostile count cannot make the reader loop). */
const MAX_IDS = 256;

const sameList = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** Every field equal: a block that did not change is kept, so readers may compare blocks by reference. */
export function sameBlock(a: PushballRulesBlock, b: PushballRulesBlock): boolean {
  return (
    a.seq === b.seq &&
    a.phase === b.phase &&
    a.phaseTicksLeft === b.phaseTicksLeft &&
    a.clockTicksLeft === b.clockTicksLeft &&
    a.matchTicks === b.matchTicks &&
    sameList(a.scores, b.scores) &&
    a.goalsToWin === b.goalsToWin &&
    a.kickoffTeam === b.kickoffTeam &&
    sameList(a.teams[0], b.teams[0]) &&
    sameList(a.teams[1], b.teams[1]) &&
    sameList(a.bots, b.bots)
  );
}

const frozenList = (ids: readonly number[]): readonly number[] => Object.freeze([...ids]);

/** A frozen block with exactly these fields (what a round trip gives). */
function blockOf(b: PushballRulesBlock): PushballRulesBlock {
  return Object.freeze({
    seq: b.seq,
    phase: b.phase,
    phaseTicksLeft: b.phaseTicksLeft,
    clockTicksLeft: b.clockTicksLeft,
    matchTicks: b.matchTicks,
    scores: Object.freeze([b.scores[0], b.scores[1]] as const),
    goalsToWin: b.goalsToWin,
    kickoffTeam: b.kickoffTeam,
    teams: Object.freeze([frozenList(b.teams[0]), frozenList(b.teams[1])] as const),
    bots: frozenList(b.bots),
  });
}

/** The block of a snapshot that carries none. */
export const EMPTY_RULES: PushballRulesBlock = blockOf({
  seq: 0,
  phase: PitchPhase.Kickoff,
  phaseTicksLeft: 0,
  clockTicksLeft: 0,
  matchTicks: 0,
  scores: [0, 0],
  goalsToWin: 0,
  kickoffTeam: 0,
  teams: [[], []],
  bots: [],
});

/** The block as numbers, in wire order: what the baseline checksum hashes. */
function wordsOf(b: PushballRulesBlock): number[] {
  const head = [b.seq, b.phase, b.phaseTicksLeft, b.clockTicksLeft, b.matchTicks, b.scores[0], b.scores[1]];
  head.push(b.goalsToWin, b.kickoffTeam);
  for (const list of [b.teams[0], b.teams[1], b.bots]) head.push(list.length, ...list);
  return head;
}

function writeIds(w: BitWriter, ids: readonly number[]): void {
  w.writeVarUint(ids.length, 3);
  for (const id of ids) w.writeBits(id, 8);
}

function writeBlock(w: BitWriter, b: PushballRulesBlock): void {
  w.writeVarUint(b.seq, 4);
  w.writeBits(b.phase, 2);
  w.writeVarUint(b.phaseTicksLeft, 6);
  w.writeVarUint(b.clockTicksLeft, 7);
  w.writeVarUint(b.matchTicks, 7);
  w.writeVarUint(b.scores[0], 3);
  w.writeVarUint(b.scores[1], 3);
  w.writeVarUint(b.goalsToWin, 3);
  w.writeBits(b.kickoffTeam, 1);
  writeIds(w, b.teams[0]);
  writeIds(w, b.teams[1]);
  writeIds(w, b.bots);
}

function readIds(r: BitReader): readonly number[] {
  const n = r.readVarUint(3);
  if (n > MAX_IDS) r.fail(`${n} ids in the rules block`);
  const ids: number[] = [];
  for (let i = 0; i < n && r.ok; i++) {
    const id = r.readBits(8);
    if (i > 0 && id <= ids[i - 1]!) r.fail('rules block ids out of order');
    ids.push(id);
  }
  return Object.freeze(ids);
}

function readBlock(r: BitReader): PushballRulesBlock {
  const seq = r.readVarUint(4);
  const phase = r.readBits(2) as PitchPhase;
  const phaseTicksLeft = r.readVarUint(6);
  const clockTicksLeft = r.readVarUint(7);
  const matchTicks = r.readVarUint(7);
  const scores = Object.freeze([r.readVarUint(3), r.readVarUint(3)] as const);
  const goalsToWin = r.readVarUint(3);
  const kickoffTeam = r.readBits(1) as PitchTeam;
  const teams = Object.freeze([readIds(r), readIds(r)] as const);
  const bots = readIds(r);
  return Object.freeze({
    seq,
    phase,
    phaseTicksLeft,
    clockTicksLeft,
    matchTicks,
    scores,
    goalsToWin,
    kickoffTeam,
    teams,
    bots,
  });
}

function read(r: BitReader, base: PushballRulesBlock | null): PushballRulesBlock {
  if (!base) return readBlock(r);
  if (!r.readBool()) return base;
  const b = readBlock(r);
  if (r.ok && sameBlock(b, base)) r.fail('rules block marked changed but unchanged');
  return b;
}

export const PUSHBALL_RULES: RulesBlockCodec<PushballRulesBlock> = {
  empty: EMPTY_RULES,
  quantize: (b) => (b ? blockOf(b) : EMPTY_RULES),
  newMemo() {
    // The server hands out one block object until something changes: quantize each object once.
    let source: PushballRulesBlock | undefined;
    let value = EMPTY_RULES;
    return {
      of(b: PushballRulesBlock | undefined): PushballRulesBlock {
        if (b !== source) value = b ? blockOf(b) : EMPTY_RULES;
        source = b;
        return value;
      },
    };
  },
  newWriter: () => ({
    write(w, target, base) {
      if (!base) return writeBlock(w, target);
      const changed = !sameBlock(target, base);
      w.writeBool(changed);
      if (changed) writeBlock(w, target);
    },
  }),
  newReader: () => ({ read: (r, base) => read(r, base) }),
  read: (r, base) => read(r, base),
  mix: (h, b) => wordsOf(b ?? EMPTY_RULES).reduce(mixNumber, h),
  emit(out, at, b) {
    let end = at;
    for (const v of wordsOf(b)) end = emitNumber(out, end, v);
    return end;
  },
  emitBound: (b) => wordsOf(b).length * 4,
};
