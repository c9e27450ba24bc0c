/**
 * Snapshot decoding (docs/PROTOCOL.md "Snapshot"): header, `self`, the two entity lists against
 * the baseline's entities in the part's id ranges, then events, then the match block (match.ts,
 * protocol 3). Never throws: a message that breaks
 * the spec comes back as `{ ok: false, error }`.
 */
import { BitReader, type TraceEntry } from './bits';
import { baselineChecksum, type Baseline } from './checksum';
import { readList, type IdRange } from './entity-list';
import { readEntityDelta, readEntityFull, type Entity } from './fields';
import { readMatch, type Match } from './match';
import { PLAYER, PROJECTILE, SELF } from './tables';

export interface GameEvent {
  id: number;
  tick: number;
  type: string;
  fields: Record<string, number>;
}

export type { IdRange };

export interface SnapshotPart extends Baseline {
  serverTick: number;
  /** 0 = full. */
  baselineTick: number;
  lastCmdTick: number;
  cmdBufferDepth: number;
  echoTimeMs: number;
  echoHoldMs: number;
  part: number;
  partCount: number;
  ranges: [IdRange, IdRange];
  events: GameEvent[];
}

export type Decoded = { ok: true; value: SnapshotPart } | { ok: false; error: string; checksumMismatch?: boolean };

/** Each list's whole id range (an unsplit snapshot, a replay's observer frame). */
export const ALL: [IdRange, IdRange] = [
  { lo: 0, hi: 255 },
  { lo: 0, hi: 65535 },
];
/** The entity lists in wire order (the arena's sections): players, then rockets. */
export const LISTS = [
  { name: 'players', entity: 'player', table: PLAYER, idBits: 8, maxCount: 256 },
  { name: 'rockets', entity: 'rocket', table: PROJECTILE, idBits: 16, maxCount: 4096 },
];

/** Event types by their 3-bit number, with their fields in wire order ([name, bits]; a position is u16 / 16). */
export const EVENT_TYPES: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, number]>]> = [
  [
    'fired',
    [
      ['shooter', 8],
      ['weapon', 1],
      ['x', 16],
      ['y', 16],
      ['aim', 16],
      ['endX', 16],
      ['endY', 16],
    ],
  ],
  [
    'hit',
    [
      ['shooter', 8],
      ['target', 8],
      ['weapon', 1],
      ['damage', 8],
      ['x', 16],
      ['y', 16],
    ],
  ],
  [
    'killed',
    [
      ['killer', 8],
      ['victim', 8],
      ['weapon', 1],
    ],
  ],
  [
    'reloaded',
    [
      ['player', 8],
      ['weapon', 1],
    ],
  ],
  [
    'switched',
    [
      ['player', 8],
      ['weapon', 1],
    ],
  ],
  [
    'respawned',
    [
      ['player', 8],
      ['x', 16],
      ['y', 16],
    ],
  ],
  [
    'exploded',
    [
      ['projectile', 16],
      ['owner', 8],
      ['x', 16],
      ['y', 16],
    ],
  ],
  [
    'pickup',
    [
      ['player', 8],
      ['pickup', 5],
      ['kind', 1],
    ],
  ],
];
const POSITION_FIELDS = new Set(['x', 'y', 'endX', 'endY']);

function readHeader(r: BitReader): Omit<SnapshotPart, keyof Baseline | 'events'> & { k: number; checksum: number } {
  const serverTick = r.at('serverTick').u(32);
  const hasBaseline = r.at('hasBaseline').bool();
  const baselineTick = hasBaseline ? serverTick - r.at('serverTick - baselineTick').varuint(4) : 0;
  const k = hasBaseline ? r.at('k (motion scale)').u(16) : 0;
  const checksum = hasBaseline ? r.at('baseline checksum').u(16) : 0;
  const lastCmdTick = serverTick - r.at('serverTick - lastCmdTick').varint(4);
  const cmdBufferDepth = r.at('cmdBufferDepth').s(7);
  const echoTimeMs = r.at('echoTimeMs').u(16);
  const echoHoldMs = r.at('echoHoldMs').varuint(4);
  const partCount = r.at('partCount - 1').varuint(2) + 1;
  if (partCount > 64) r.fail('more than 64 parts');
  const part = partCount > 1 ? r.at('part').u(Math.ceil(Math.log2(partCount))) : 0;
  const ranges: [IdRange, IdRange] =
    partCount > 1
      ? (LISTS.map((l) => ({
          lo: r.at(`${l.name} id range lo`).u(l.idBits),
          hi: r.at(`${l.name} id range hi`).u(l.idBits),
        })) as [IdRange, IdRange])
      : ALL;
  if (hasBaseline && (baselineTick < 1 || baselineTick >= serverTick)) r.fail('baseline tick out of range');
  if (lastCmdTick < 0 || lastCmdTick > 0xffffffff) r.fail('last command tick out of range');
  if (echoHoldMs > 65535) r.fail('echo hold out of range');
  if (part >= partCount) r.fail('part number out of range');
  return {
    serverTick,
    baselineTick,
    k,
    checksum,
    lastCmdTick,
    cmdBufferDepth,
    echoTimeMs,
    echoHoldMs,
    part,
    partCount,
    ranges,
  };
}

/** The event list ("Events"): ticks relative to `serverTick` (a snapshot's, or an observer frame's tick). */
export function readEvents(r: BitReader, serverTick: number): GameEvent[] {
  const count = r.at('event count').varuint(3);
  if (count > 4096) r.fail('too many events');
  const out: GameEvent[] = [];
  let id = -1;
  for (let i = 0; i < count && r.ok; i++) {
    const typeNumber = r.at(`event ${i}: type`).u(3);
    const spec = EVENT_TYPES[typeNumber];
    if (!spec) r.fail(`unknown event type ${typeNumber}`);
    r.note(`${typeNumber} (${spec?.[0] ?? 'unknown'})`);
    // The first id in 16 bits, then each id as the step from the one before (mod 65536).
    id = id < 0 ? r.at(`event ${i}: id`).u(16) : (id + r.at(`event ${i}: id - previous id`).varuint(3)) % 65536;
    const tick = serverTick - r.at(`event ${i}: serverTick - tick`).varint(4);
    if (tick < 0) r.fail('event tick out of range');
    if (!spec || !r.ok) break;
    const fields: Record<string, number> = {};
    for (const [name, bits] of spec[1]) {
      fields[name] = POSITION_FIELDS.has(name)
        ? r.at(`event ${i}: ${name}`).u(bits) / 16
        : r.at(`event ${i}: ${name}`).u(bits);
      r.note(fields[name]);
    }
    out.push({ id, tick, type: spec[0], fields });
  }
  return out;
}

const inRange = (list: Entity[], range: IdRange): Entity[] =>
  list.filter((e) => (e.id as number) >= range.lo && (e.id as number) <= range.hi);

/** One snapshot message; `baselineFor(tick)` returns the complete snapshot the client holds for that tick. */
export function decodeSnapshot(
  bytes: Uint8Array,
  baselineFor: (tick: number) => Baseline | undefined,
  trace: TraceEntry[] | null = null,
): Decoded {
  const r = new BitReader(bytes, trace);
  const h = readHeader(r);
  if (!r.ok) return { ok: false, error: `header: ${r.error}` };
  const baseline = h.baselineTick === 0 ? null : baselineFor(h.baselineTick);
  if (baseline === undefined) return { ok: false, error: `baseline ${h.baselineTick} unknown` };
  if (baseline && baselineChecksum(baseline) !== h.checksum)
    return { ok: false, error: `baseline ${h.baselineTick} checksum mismatch`, checksumMismatch: true };
  const tick = h.serverTick;
  const selfDelta = r.at('self is a delta').bool();
  if (selfDelta && !baseline) r.fail('self delta in a full snapshot');
  const self =
    selfDelta && baseline
      ? readEntityDelta(r, SELF, baseline.self, tick, h.k, 'self')
      : readEntityFull(r, SELF, tick, undefined, 'self');
  if (!selfDelta && baseline && self.id === baseline.self.id)
    r.fail('self in full against a baseline of the same player');
  const lists = LISTS.map((l, i) =>
    readList(
      r,
      l,
      baseline ? inRange(i === 0 ? baseline.players : baseline.projectiles, h.ranges[i]!) : [],
      h.ranges[i]!,
      tick,
      h.k,
    ),
  );
  const events = readEvents(r, tick);
  // Protocol 3: every part ends with the match block, against the baseline's block.
  const match = readMatch(r, baseline ? baseline.match : null, tick);
  r.end();
  if (!r.ok) return { ok: false, error: r.error! };
  const { k: _k, checksum: _c, ...header } = h;
  return { ok: true, value: { ...header, self, players: lists[0]!, projectiles: lists[1]!, events, match } };
}

/**
 * Merges the parts of split snapshots: returns the whole snapshot when the last part of a tick
 * arrives. Keeps at most 4 incomplete ticks.
 */
export class PartAssembler {
  private readonly pending = new Map<number, SnapshotPart[]>();

  add(p: SnapshotPart): SnapshotPart | null {
    if (p.partCount === 1) return p;
    const parts = this.pending.get(p.serverTick) ?? [];
    if (!parts.some((q) => q.part === p.part)) parts.push(p);
    this.pending.set(p.serverTick, parts);
    for (const tick of [...this.pending.keys()].sort((a, b) => a - b).slice(0, Math.max(0, this.pending.size - 4)))
      this.pending.delete(tick);
    if (parts.length < p.partCount) return null;
    this.pending.delete(p.serverTick);
    const byId = (a: Entity, b: Entity): number => (a.id as number) - (b.id as number);
    return {
      ...p,
      part: 0,
      partCount: 1,
      ranges: ALL,
      players: parts.flatMap((q) => q.players).sort(byId),
      projectiles: parts.flatMap((q) => q.projectiles).sort(byId),
      events: parts.flatMap((q) => q.events),
    };
  }
}
