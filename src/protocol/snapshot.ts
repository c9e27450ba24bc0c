/**
 * Snapshot codec (host → client, unreliable): a full snapshot, or a delta against a snapshot the
 * client acknowledged (so a lost packet never leaves a field stale, unlike "changes since the
 * last send"). Both ends handle full `Snapshot` values; only the bytes are a delta.
 *
 * Layout (docs/PROTOCOL.md has the details):
 *   header  [serverTick:32][hasBaseline:1 (+ serverTick - baselineTick: varint, motion scale:16,
 *           baseline checksum:16)]
 *           [serverTick - lastCmdTick: varint][cmdBufferDepth:int7][echoTimeMs:16][echoHoldMs: varint]
 *           [partCount-1: varint][part][if split: per entity list, its id range lo, hi]
 *   self    [delta vs baseline.self:1] then delta or every field
 *   entity lists (the game's sections, snapshot-schema.ts; the arena's: players, projectiles)
 *           against the baseline's in range
 *   events  the slice of events this part carries (event-codec.ts)
 *   match   the game's rules block (the arena's: src/arena/protocol/match-block.ts, protocol 3), in every part; the
 *           same for every client, so the host writes it once per baseline (snapshot-broadcast.ts)
 * The encoder reads packed rows (SnapshotView); `encodeSnapshot` packs a Snapshot first, the host
 * packs each tick's world once for every client (snapshot-broadcast.ts). Both give the same bytes.
 * Every function takes the game's compiled schema (`SnapshotWire`) first.
 * Invariants: the decoder never throws; `quantizeSnapshot` is exactly what a round trip gives.
 */
import { BitWriter } from './bits';
import { sliceOf, writeListEntities, writeListHeader } from './entity-list';
import { viewChecksum } from './baseline-checksum';
import type { EncodedEvent } from './event-codec';
import { pickFields } from './table-codec';
import { writeDeltaRow, writeFullRow } from './table-write';
import { bitsFor } from './snapshot-read';
import type { RulesWriter, SnapshotWire } from './snapshot-schema';
import { listOf, type AnySnapshot, type SnapshotHead, type SnapshotOf, type WireTypes } from './snapshot-types';
import { byId, motionScaleOf, sortedEntities, viewOfSnapshot, type IdRange, type SnapshotView } from './snapshot-view';
import type { Tick } from './ticks';

export type { IdRange } from './snapshot-view';
export { BASELINE_MISMATCH, MAX_PARTS } from './snapshot-read';
export { decodeSnapshot, SnapshotDecoder } from './snapshot-decoder';
export { sortedEntities } from './snapshot-view';
const DEPTH_MIN = -64;
const DEPTH_MAX = 63;

/** The per-client header fields a snapshot carries besides its entities. */
export type SnapshotHeader = Pick<
  SnapshotHead,
  'serverTick' | 'lastCmdTick' | 'cmdBufferDepth' | 'echoTimeMs' | 'echoHoldMs'
>;

/** Which slice of a snapshot one encoded message carries. */
export interface PartSpec {
  part: number;
  partCount: number;
  /** One id range per entity list (the wire's section order). */
  ranges: readonly IdRange[];
  events: readonly EncodedEvent[];
}

// The header's timings as the wire carries them (a function each: the header writer runs per
// client per tick and builds no object for them).
const wireDepth = (s: SnapshotHeader): number => clampInt(s.cmdBufferDepth, DEPTH_MIN, DEPTH_MAX);
const wireEchoTime = (s: SnapshotHeader): number => ((finiteInt(s.echoTimeMs) % 65536) + 65536) % 65536;
const wireEchoHold = (s: SnapshotHeader): number => clampInt(s.echoHoldMs, 0, 65535);

function quantizeTimings(s: SnapshotHeader): Pick<SnapshotHead, 'cmdBufferDepth' | 'echoTimeMs' | 'echoHoldMs'> {
  return { cmdBufferDepth: wireDepth(s), echoTimeMs: wireEchoTime(s), echoHoldMs: wireEchoHold(s) };
}

/** Diagnostics must never stop a snapshot: NaN or infinite timings become 0. */
const finiteInt = (v: number): number => (Number.isFinite(v) ? Math.round(v) : 0);
const clampInt = (v: number, lo: number, hi: number): number => Math.min(Math.max(finiteInt(v), lo), hi);

/** The snapshot exactly as `decodeSnapshot(encodeSnapshot(s, baseline))` returns it (same key order). */
export function quantizeSnapshot<T extends WireTypes>(
  wire: SnapshotWire<T>,
  s: SnapshotOf<T>,
  baselineTick: Tick,
): SnapshotOf<T> {
  const out: Record<string, unknown> = {
    serverTick: s.serverTick,
    baselineTick,
    lastCmdTick: s.lastCmdTick,
    ...quantizeTimings(s),
    part: 0,
    partCount: 1,
    self: pickFields(wire.self, s.self),
  };
  for (const sec of wire.sections)
    out[sec.name] = [...listOf(s, sec.name)].sort(byId).map((e) => pickFields(sec.codec, e));
  out.events = s.events.map((e) => ({ id: e.id, tick: e.tick, event: wire.events.quantize(e.event) }));
  out.match = wire.rules.quantize(s.match);
  return out as unknown as SnapshotOf<T>;
}

/** A baseline at tick 0 cannot be named on the wire (0 means "full"), so it is not used. */
export function usableBaseline<T extends { serverTick: Tick }>(baseline: T | null): T | null {
  return baseline && baseline.serverTick > 0 && baseline.serverTick < Number.MAX_SAFE_INTEGER ? baseline : null;
}

/** The motion scale of `target` against `baseline` (see `motionScaleOf`). */
export function motionScale(wire: SnapshotWire, target: AnySnapshot, baseline: AnySnapshot): number {
  return motionScaleOf(
    viewOfSnapshot(wire, sortedEntities(wire, target)),
    viewOfSnapshot(wire, sortedEntities(wire, baseline)),
  );
}

/** The header: `baselineTick` 0 = full (then `scale` and `checksum` are not written). */
export function writeHeader(
  w: BitWriter,
  wire: SnapshotWire,
  h: SnapshotHeader,
  baselineTick: Tick,
  spec: PartSpec,
  scale: number,
  checksum: number,
): void {
  w.writeBits(h.serverTick, 32);
  w.writeBool(baselineTick > 0);
  if (baselineTick > 0) {
    w.writeVarUint(h.serverTick - baselineTick, 4);
    w.writeBits(scale, 16);
    w.writeBits(checksum & 0xffff, 16);
  }
  w.writeVarInt(h.serverTick - h.lastCmdTick, 4);
  w.writeSigned(wireDepth(h), 7);
  w.writeBits(wireEchoTime(h), 16);
  w.writeVarUint(wireEchoHold(h), 4);
  w.writeVarUint(spec.partCount - 1, 2);
  w.writeBits(spec.part, bitsFor(spec.partCount));
  if (spec.partCount > 1) {
    wire.sections.forEach((sec, i) => {
      w.writeBits(spec.ranges[i]!.lo, sec.idBits);
      w.writeBits(spec.ranges[i]!.hi, sec.idBits);
    });
  }
}

/** `self`: a delta against the baseline's self when it is the same player, else every field. */
export function writeSelf(
  w: BitWriter,
  wire: SnapshotWire,
  t: SnapshotView,
  b: SnapshotView | null,
  ctx: { serverTick: Tick; motionScale: number },
): void {
  const tr = t.selfRows;
  const selfDelta = b !== null && b.selfIndex >= 0 && b.selfRows.id(b.selfIndex) === tr.id(t.selfIndex);
  w.writeBool(selfDelta);
  if (selfDelta)
    writeDeltaRow(
      w,
      wire.self,
      tr.data,
      t.selfIndex * tr.stride,
      b.selfRows.data,
      b.selfIndex * b.selfRows.stride,
      ctx,
    );
  else writeFullRow(w, wire.self, tr.data, t.selfIndex * tr.stride, ctx);
}

/**
 * One message carrying `spec`'s slice of `target` against `baseline` (null = full), into `w`.
 * `checksum` is the baseline's (`viewChecksum`), `scale` the motion scale of the pair; `rules`
 * writes the rules block (the game's writer, made once by the caller: it keeps scratch rows).
 */
export function writeSnapshotPart(
  w: BitWriter,
  wire: SnapshotWire,
  rules: RulesWriter<unknown>,
  h: SnapshotHeader,
  target: SnapshotView,
  baseline: SnapshotView | null,
  spec: PartSpec,
  scale: number,
  checksum: number,
): void {
  if (baseline && baseline.serverTick >= target.serverTick) {
    throw new RangeError(`baseline tick ${baseline.serverTick} is not older than snapshot tick ${target.serverTick}`);
  }
  const ctx = { serverTick: h.serverTick, motionScale: scale };
  writeHeader(w, wire, h, baseline ? baseline.serverTick : 0, spec, scale, checksum);
  writeSelf(w, wire, target, baseline, ctx);
  for (let i = 0; i < wire.sections.length; i++) {
    const sec = wire.sections[i]!;
    const range = spec.ranges[i]!;
    const t = sliceOf(target.lists[i]!, range, sec.selfCodec ? target.omitId : -1);
    const b = baseline ? sliceOf(baseline.lists[i]!, range, sec.selfCodec ? baseline.omitId : -1) : null;
    writeListHeader(w, t, b);
    writeListEntities(w, sec.codec, t, b, ctx);
  }
  wire.events.writeEncoded(w, spec.events, h.serverTick);
  rules.write(w, target.match, baseline ? baseline.match : null, ctx);
}

/** What every part of one client's snapshot shares: the views, the scale and the checksum. */
export interface PreparedSnapshot {
  wire: SnapshotWire;
  /** The rules-block writer every part is written with (one per prepared snapshot, not per part tried). */
  rules: RulesWriter<unknown>;
  header: SnapshotHeader;
  target: SnapshotView;
  baseline: SnapshotView | null;
  scale: number;
  checksum: number;
  events: readonly EncodedEvent<unknown>[];
}

/** Packs a client's Snapshot (and its baseline) for the encoder: the per-client path. */
export function prepareSnapshot(
  wire: SnapshotWire,
  unsorted: AnySnapshot,
  baselineIn: AnySnapshot | null,
  baselineChecksum?: number,
): PreparedSnapshot {
  const target = viewOfSnapshot(wire, sortedEntities(wire, unsorted));
  const usable = usableBaseline(baselineIn);
  const baseline = usable ? viewOfSnapshot(wire, sortedEntities(wire, usable)) : null;
  return {
    wire,
    rules: wire.rules.newWriter(),
    header: unsorted,
    target,
    baseline,
    scale: baseline ? motionScaleOf(target, baseline) : 0,
    checksum: baseline ? (baselineChecksum ?? viewChecksum(wire, baseline)) : 0,
    events: unsorted.events.map((e) => wire.events.encode(e)),
  };
}

export function encodePrepared(p: PreparedSnapshot, spec: PartSpec, w = new BitWriter(256)): Uint8Array {
  w.reset();
  writeSnapshotPart(w, p.wire, p.rules, p.header, p.target, p.baseline, spec, p.scale, p.checksum);
  return w.finish();
}

export function encodeSnapshot<T extends WireTypes>(
  wire: SnapshotWire<T>,
  target: SnapshotOf<T>,
  baseline: SnapshotOf<T> | null,
): Uint8Array {
  const p = prepareSnapshot(wire, target, baseline);
  return encodePrepared(p, { part: 0, partCount: 1, ranges: wire.allRanges, events: p.events });
}
