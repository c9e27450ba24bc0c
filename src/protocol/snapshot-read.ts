/**
 * Reading a snapshot message: the header and the baseline it names (shared by both decoders), and
 * the general decoder, which builds the sim's objects field by field through the table readers
 * (table-read.ts). The client decodes with the compiled one (snapshot-decoder.ts): same results
 * on every input, held together by a property test; this one is the reference, and the fallback
 * for a baseline object the compiled decoder cannot pack (a value off the wire's grid).
 * Invariants: never throws; a refusal names what was wrong (`snapshot: …`, `baseline … unknown`,
 * the baseline checksum mismatch).
 */
import { BitReader } from './bits';
import { snapshotChecksum } from './snapshot-checksum';
import { readEntityList } from './entity-list';
import { readDelta, readFull } from './table-read';
import type { DecodeResult } from './wire';
import type { AnyEntity, IdRange, SnapshotWire } from './snapshot-schema';
import {
  listOf,
  type AnySnapshot,
  type TaggedEvent,
  type SnapshotHead,
  type SnapshotOf,
  type WireTypes,
} from './snapshot-types';
import { sortedEntities } from './snapshot-view';
import type { Tick } from './ticks';

export const MAX_PARTS = 64;
/** The start of the decode error for a delta whose baseline checksum does not match ours. */
export const BASELINE_MISMATCH = 'baseline checksum mismatch';

export function bitsFor(partCount: number): number {
  return partCount <= 1 ? 0 : Math.ceil(Math.log2(partCount));
}

/** The snapshot's own header fields, plus what only the wire needs: the id ranges this part covers and the motion scale. */
export type Header = Pick<
  SnapshotHead,
  'serverTick' | 'baselineTick' | 'lastCmdTick' | 'cmdBufferDepth' | 'echoTimeMs' | 'echoHoldMs' | 'part' | 'partCount'
> & {
  ranges: IdRange[];
  motionScale: number;
  baselineChecksum: number;
};

export function readHeader(r: BitReader, wire: SnapshotWire): Header {
  const serverTick = r.readBits(32);
  const hasBaseline = r.readBool();
  const baselineTick = hasBaseline ? serverTick - r.readVarUint(4) : 0;
  const motionScale = hasBaseline ? r.readBits(16) : 0;
  const baselineChecksum = hasBaseline ? r.readBits(16) : 0;
  const lastCmdTick = serverTick - r.readVarInt(4);
  const cmdBufferDepth = r.readSigned(7);
  const echoTimeMs = r.readBits(16);
  const echoHoldMs = r.readVarUint(4);
  const partCount = r.readVarUint(2) + 1;
  if (partCount > MAX_PARTS) r.fail(`${partCount} parts`);
  const part = r.readBits(bitsFor(Math.min(partCount, MAX_PARTS)));
  const split = partCount > 1;
  const ranges = wire.sections.map((sec) =>
    split ? { lo: r.readBits(sec.idBits), hi: r.readBits(sec.idBits) } : sec.all,
  );
  if (hasBaseline && (baselineTick < 1 || baselineTick >= serverTick)) r.fail('baseline tick out of range');
  if (lastCmdTick < 0 || lastCmdTick > 0xffffffff) r.fail('last command tick out of range');
  if (echoHoldMs > 65535) r.fail('echo hold out of range');
  if (part >= partCount) r.fail(`part ${part} of ${partCount}`);
  return {
    serverTick,
    baselineTick,
    lastCmdTick,
    cmdBufferDepth,
    echoTimeMs,
    echoHoldMs,
    part,
    partCount,
    ranges,
    motionScale,
    baselineChecksum,
  };
}

/** The caller's lookup, kept from throwing past the decoder's boundary. */
export function lookupBaseline<S>(baselineFor: (tick: Tick) => S | undefined, tick: Tick): S | undefined {
  try {
    return baselineFor(tick);
  } catch {
    return undefined;
  }
}

/** A message read up to its `self`: the header and the baseline (sorted; null for a full snapshot), or why it is refused. */
export type Opening<S> = { ok: true; h: Header; baseline: S | null } | { ok: false; refusal: DecodeResult<S> };

/** Reads the header, finds the baseline it names and checks the baseline's checksum. */
export function openSnapshot<S extends AnySnapshot>(
  r: BitReader,
  wire: SnapshotWire,
  baselineFor: (tick: Tick) => S | undefined,
): Opening<S> {
  const h = readHeader(r, wire);
  if (!r.ok) return { ok: false, refusal: { ok: false, error: `snapshot: ${r.error}` } };
  const found = h.baselineTick === 0 ? null : lookupBaseline(baselineFor, h.baselineTick);
  if (found === undefined) return { ok: false, refusal: { ok: false, error: `baseline ${h.baselineTick} unknown` } };
  const baseline = found && sortedEntities(wire, found);
  // Our copy of the baseline is not the host's: decoding against it would yield wrong state silently.
  if (baseline && snapshotChecksum(wire, baseline) !== h.baselineChecksum) return { ok: false, refusal: mismatch(h) };
  return { ok: true, h, baseline };
}

/** The refusal of a delta whose baseline checksum is not the one we compute over our copy. */
export const mismatch = <S>(h: Header): DecodeResult<S> => ({
  ok: false,
  error: `${BASELINE_MISMATCH} (tick ${h.baselineTick})`,
  baselineMismatch: h.baselineTick,
});

/** A snapshot's entity lists, in the wire's section order. */
export type EntityLists = AnyEntity[][];

/** The decoded snapshot, keys in the order every decoder returns them (JSON of it is compared). */
export function snapshotOf<S extends AnySnapshot>(
  wire: SnapshotWire,
  h: Header,
  self: AnyEntity,
  lists: EntityLists,
  events: TaggedEvent<unknown>[],
  match: unknown,
): S {
  const out: Record<string, unknown> = {
    serverTick: h.serverTick,
    baselineTick: h.baselineTick,
    lastCmdTick: h.lastCmdTick,
    cmdBufferDepth: h.cmdBufferDepth,
    echoTimeMs: h.echoTimeMs,
    echoHoldMs: h.echoHoldMs,
    part: h.part,
    partCount: h.partCount,
    self,
  };
  for (let i = 0; i < wire.sections.length; i++) out[wire.sections[i]!.name] = lists[i];
  out.events = events;
  out.match = match;
  return out as S;
}

function inRange(list: readonly AnyEntity[], range: IdRange): AnyEntity[] {
  // Most messages cover every id: no copy then.
  if (list.length === 0 || (list[0]!.id >= range.lo && list[list.length - 1]!.id <= range.hi))
    return list as AnyEntity[];
  return list.filter((e) => e.id >= range.lo && e.id <= range.hi);
}

/**
 * The general decoder: one message into the sim's objects through the table readers. A part of a
 * split snapshot decodes on its own (`SnapshotAssembler` merges the parts of a tick).
 */
export function decodeSnapshotGeneral<T extends WireTypes, S extends AnySnapshot = SnapshotOf<T>>(
  wire: SnapshotWire<T>,
  bytes: Uint8Array,
  baselineFor: (tick: Tick) => S | undefined,
): DecodeResult<S> {
  const r = new BitReader(bytes);
  const opening = openSnapshot(r, wire, baselineFor);
  if (!opening.ok) return opening.refusal;
  const { h, baseline } = opening;
  const ctx = { serverTick: h.serverTick, motionScale: h.motionScale };
  const selfDelta = r.readBool();
  if (selfDelta && !baseline) r.fail('self delta without a baseline');
  const self = selfDelta && baseline ? readDelta(r, wire.self, baseline.self, ctx) : readFull(r, wire.self, ctx);
  // Strict: self is a delta whenever the baseline's self is the same player.
  if (!selfDelta && baseline && self.id === baseline.self.id)
    r.fail('self sent in full against a baseline of the same player');
  const lists: EntityLists = [];
  for (let i = 0; i < wire.sections.length; i++) {
    const sec = wire.sections[i]!;
    const base = baseline ? inRange(listOf(baseline, sec.name), h.ranges[i]!) : [];
    lists.push(readEntityList(r, sec.codec, sec.maxCount, base, h.ranges[i]!, ctx));
  }
  const events = wire.events.read(r, h.serverTick);
  const match = wire.rules.read(r, baseline ? wire.rules.quantize(baseline.match) : null, ctx);
  r.expectEnd();
  if (!r.ok) return { ok: false, error: `snapshot: ${r.error}` };
  return { ok: true, value: snapshotOf<S>(wire, h, self, lists, events, match) };
}
