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
 *   entity lists (players, projectiles: snapshot-view.ts SECTIONS) against the baseline's in range
 *   events  the slice of events this part carries
 *   match   the match block (match-block.ts, protocol 3), in every part; the same for every
 *           client, so the host writes it once per baseline (snapshot-broadcast.ts)
 * The encoder reads packed rows (SnapshotView); `encodeSnapshot` packs a Snapshot first, the host
 * packs each tick's world once for every client (snapshot-broadcast.ts). Both give the same bytes.
 * Invariants: the decoder never throws; `quantizeSnapshot` is exactly what a round trip gives.
 */
import { BitWriter } from './bits';
import { sliceOf, writeListEntities, writeListHeader } from './entity-list';
import { viewChecksum } from './baseline-checksum';
import { encodeEvent, quantizeEvent, writeEncodedEvents, type EncodedEvent } from './events';
import { writeQuantizedMatchBlock } from './match-block';
import { quantizeMatch } from './match-value';
import { PLAYER_CODEC, PROJECTILE_CODEC, PUBLIC_PLAYER_CODEC, pickFields, writeDeltaRow, writeFullRow } from './fields';
import type { Snapshot } from './game-messages';
import { bitsFor } from './snapshot-read';
import {
  SECTIONS,
  byId,
  motionScaleOf,
  sortedEntities,
  viewOfSnapshot,
  type IdRange,
  type SnapshotView,
} from './snapshot-view';
import type { Tick } from '../sim/types';

export type { IdRange } from './snapshot-view';
export { BASELINE_MISMATCH, MAX_PARTS } from './snapshot-read';
export { decodeSnapshot, SnapshotDecoder } from './snapshot-decoder';
export { sortedEntities } from './snapshot-view';
const DEPTH_MIN = -64;
const DEPTH_MAX = 63;

/** The per-client header fields a snapshot carries besides its entities. */
export type SnapshotHeader = Pick<
  Snapshot,
  'serverTick' | 'lastCmdTick' | 'cmdBufferDepth' | 'echoTimeMs' | 'echoHoldMs'
>;

/** Which slice of a snapshot one encoded message carries. */
export interface PartSpec {
  part: number;
  partCount: number;
  /** One id range per entity list (SECTIONS order). */
  ranges: readonly IdRange[];
  events: readonly EncodedEvent[];
}

export const ALL_RANGES: readonly IdRange[] = SECTIONS.map((s) => s.all);

// The header's timings as the wire carries them (a function each: the header writer runs per
// client per tick and builds no object for them).
const wireDepth = (s: SnapshotHeader): number => clampInt(s.cmdBufferDepth, DEPTH_MIN, DEPTH_MAX);
const wireEchoTime = (s: SnapshotHeader): number => ((finiteInt(s.echoTimeMs) % 65536) + 65536) % 65536;
const wireEchoHold = (s: SnapshotHeader): number => clampInt(s.echoHoldMs, 0, 65535);

function quantizeTimings(s: SnapshotHeader): Pick<Snapshot, 'cmdBufferDepth' | 'echoTimeMs' | 'echoHoldMs'> {
  return { cmdBufferDepth: wireDepth(s), echoTimeMs: wireEchoTime(s), echoHoldMs: wireEchoHold(s) };
}

/** Diagnostics must never stop a snapshot: NaN or infinite timings become 0. */
const finiteInt = (v: number): number => (Number.isFinite(v) ? Math.round(v) : 0);
const clampInt = (v: number, lo: number, hi: number): number => Math.min(Math.max(finiteInt(v), lo), hi);

/** The snapshot exactly as `decodeSnapshot(encodeSnapshot(s, baseline))` returns it. */
export function quantizeSnapshot(s: Snapshot, baselineTick: Tick): Snapshot {
  return {
    serverTick: s.serverTick,
    baselineTick,
    lastCmdTick: s.lastCmdTick,
    ...quantizeTimings(s),
    part: 0,
    partCount: 1,
    self: pickFields(PLAYER_CODEC, s.self),
    players: [...s.players].sort(byId).map((p) => pickFields(PUBLIC_PLAYER_CODEC, p)),
    projectiles: [...s.projectiles].sort(byId).map((p) => pickFields(PROJECTILE_CODEC, p)),
    events: s.events.map((e) => ({ id: e.id, tick: e.tick, event: quantizeEvent(e.event) })),
    match: quantizeMatch(s.match),
  };
}

/** A baseline at tick 0 cannot be named on the wire (0 means "full"), so it is not used. */
export function usableBaseline<T extends { serverTick: Tick }>(baseline: T | null): T | null {
  return baseline && baseline.serverTick > 0 && baseline.serverTick < Number.MAX_SAFE_INTEGER ? baseline : null;
}

/** The motion scale of `target` against `baseline` (see `motionScaleOf`). */
export function motionScale(target: Snapshot, baseline: Snapshot): number {
  return motionScaleOf(viewOfSnapshot(sortedEntities(target)), viewOfSnapshot(sortedEntities(baseline)));
}

/** The header: `baselineTick` 0 = full (then `scale` and `checksum` are not written). */
export function writeHeader(
  w: BitWriter,
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
    SECTIONS.forEach((sec, i) => {
      w.writeBits(spec.ranges[i]!.lo, sec.idBits);
      w.writeBits(spec.ranges[i]!.hi, sec.idBits);
    });
  }
}

/** `self`: a delta against the baseline's self when it is the same player, else every field. */
export function writeSelf(
  w: BitWriter,
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
      PLAYER_CODEC,
      tr.data,
      t.selfIndex * tr.stride,
      b.selfRows.data,
      b.selfIndex * b.selfRows.stride,
      ctx,
    );
  else writeFullRow(w, PLAYER_CODEC, tr.data, t.selfIndex * tr.stride, ctx);
}

/**
 * One message carrying `spec`'s slice of `target` against `baseline` (null = full), into `w`.
 * `checksum` is the baseline's (`viewChecksum`), `scale` the motion scale of the pair.
 */
export function writeSnapshotPart(
  w: BitWriter,
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
  writeHeader(w, h, baseline ? baseline.serverTick : 0, spec, scale, checksum);
  writeSelf(w, target, baseline, ctx);
  for (let i = 0; i < SECTIONS.length; i++) {
    const sec = SECTIONS[i]!;
    const range = spec.ranges[i]!;
    const t = sliceOf(target.lists[i]!, range, sec.selfCodec ? target.omitId : -1);
    const b = baseline ? sliceOf(baseline.lists[i]!, range, sec.selfCodec ? baseline.omitId : -1) : null;
    writeListHeader(w, t, b);
    writeListEntities(w, sec.codec, t, b, ctx);
  }
  writeEncodedEvents(w, spec.events, h.serverTick);
  writeQuantizedMatchBlock(w, target.match, baseline ? baseline.match : null, ctx);
}

/** What every part of one client's snapshot shares: the views, the scale and the checksum. */
export interface PreparedSnapshot {
  header: SnapshotHeader;
  target: SnapshotView;
  baseline: SnapshotView | null;
  scale: number;
  checksum: number;
  events: readonly EncodedEvent[];
}

/** Packs a client's Snapshot (and its baseline) for the encoder: the per-client path. */
export function prepareSnapshot(
  unsorted: Snapshot,
  baselineIn: Snapshot | null,
  baselineChecksum?: number,
): PreparedSnapshot {
  const target = viewOfSnapshot(sortedEntities(unsorted));
  const usable = usableBaseline(baselineIn);
  const baseline = usable ? viewOfSnapshot(sortedEntities(usable)) : null;
  return {
    header: unsorted,
    target,
    baseline,
    scale: baseline ? motionScaleOf(target, baseline) : 0,
    checksum: baseline ? (baselineChecksum ?? viewChecksum(baseline)) : 0,
    events: unsorted.events.map(encodeEvent),
  };
}

export function encodePrepared(p: PreparedSnapshot, spec: PartSpec, w = new BitWriter(256)): Uint8Array {
  w.reset();
  writeSnapshotPart(w, p.header, p.target, p.baseline, spec, p.scale, p.checksum);
  return w.finish();
}

export function encodeSnapshot(target: Snapshot, baseline: Snapshot | null): Uint8Array {
  const p = prepareSnapshot(target, baseline);
  return encodePrepared(p, { part: 0, partCount: 1, ranges: ALL_RANGES, events: p.events });
}
