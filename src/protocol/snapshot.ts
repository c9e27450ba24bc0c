/**
 * Snapshot codec (host → client, unreliable): a full snapshot, or a delta against a snapshot the
 * client acknowledged (so a lost packet never leaves a field stale, unlike "changes since the
 * last send"). Both ends handle full `Snapshot` values; only the bytes are a delta.
 *
 * Layout (docs/PROTOCOL.md has the details):
 *   header  [serverTick:32][hasBaseline:1 (+ serverTick - baselineTick: varint, motion scale:16,
 *           baseline checksum:16)]
 *           [serverTick - lastCmdTick: varint][cmdBufferDepth:int7][echoTimeMs:16][echoHoldMs: varint]
 *           [partCount-1: varint][part][if split: player id range 8+8, projectile id range 16+16]
 *   self    [delta vs baseline.self:1] then delta or every field
 *   players, projectiles: entity lists (entity-list.ts) against the baseline's entities in range
 *   events  the slice of events this part carries
 * Invariants: the decoder never throws; `quantizeSnapshot` is exactly what a round trip gives.
 */
import { BitReader, BitWriter } from './bits';
import { readEntityList, writeEntityList, type EntityKind, type IdRange } from './entity-list';
import { snapshotChecksum } from './baseline-checksum';
import { quantizeEvent, readEvents, writeEvents } from './events';
import { PLAYER_CODEC, PROJECTILE_CODEC, PUBLIC_PLAYER_CODEC, pickFields, readDelta, readFull, writeDelta, writeFull } from './fields';
import type { DecodeResult, NetEvent, Snapshot } from './messages';
import type { ProjectileState, PublicPlayerState, Tick } from '../sim/types';

export const PLAYER_KIND: EntityKind<PublicPlayerState> = { codec: PUBLIC_PLAYER_CODEC, idBits: 8, maxCount: 256 };
export const PROJECTILE_KIND: EntityKind<ProjectileState> = { codec: PROJECTILE_CODEC, idBits: 16, maxCount: 4096 };
export const ALL_PLAYERS: IdRange = { lo: 0, hi: 255 };
export const ALL_PROJECTILES: IdRange = { lo: 0, hi: 65535 };
export const MAX_PARTS = 64;
/** The start of the decode error for a delta whose baseline checksum does not match ours. */
export const BASELINE_MISMATCH = 'baseline checksum mismatch';
const DEPTH_MIN = -64;
const DEPTH_MAX = 63;

/** Which slice of a snapshot one encoded message carries. */
export interface PartSpec {
  part: number;
  partCount: number;
  players: IdRange;
  projectiles: IdRange;
  events: readonly NetEvent[];
}

const within = (r: IdRange) => (e: { id: number }) => e.id >= r.lo && e.id <= r.hi;

function quantizeTimings(s: Snapshot): Pick<Snapshot, 'cmdBufferDepth' | 'echoTimeMs' | 'echoHoldMs'> {
  return {
    cmdBufferDepth: clampInt(s.cmdBufferDepth, DEPTH_MIN, DEPTH_MAX),
    echoTimeMs: ((finiteInt(s.echoTimeMs) % 65536) + 65536) % 65536,
    echoHoldMs: clampInt(s.echoHoldMs, 0, 65535),
  };
}

/** Diagnostics must never stop a snapshot: NaN or infinite timings become 0. */
const finiteInt = (v: number): number => (Number.isFinite(v) ? Math.round(v) : 0);
const clampInt = (v: number, lo: number, hi: number): number => Math.min(Math.max(finiteInt(v), lo), hi);

const byId = (a: { id: number }, b: { id: number }): number => a.id - b.id;
const isSorted = (list: readonly { id: number }[]): boolean => list.every((e, i) => i === 0 || list[i - 1]!.id < e.id);

/**
 * The snapshot with its entity lists in id order, as the wire carries them (projectile ids wrap
 * at 65536, so creation order is not always id order). Returns `s` itself when already sorted.
 */
export function sortedEntities(s: Snapshot): Snapshot {
  if (isSorted(s.players) && isSorted(s.projectiles)) return s;
  return { ...s, players: [...s.players].sort(byId), projectiles: [...s.projectiles].sort(byId) };
}

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
  };
}

/** A baseline at tick 0 cannot be named on the wire (0 means "full"), so it is not used. */
export function usableBaseline(baseline: Snapshot | null): Snapshot | null {
  return baseline && baseline.serverTick > 0 && baseline.serverTick < Number.MAX_SAFE_INTEGER ? baseline : null;
}

interface Moving {
  id: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
}

/**
 * The factor k (in 1/65536) of "displacement = k * (base velocity + target velocity)": the median
 * over every moving entity and axis in both snapshots, so a respawn (a jump) or a player stopped by
 * a wall does not skew it. Roughly (ticks between the two) / (2 * tickrate). Any k decodes
 * correctly; a good one makes position errors small.
 */
export function motionScale(target: Snapshot, baseline: Snapshot): number {
  const ratios: number[] = [];
  const fit = (t: Moving, b: Moving | undefined): void => {
    if (!b) return;
    for (const [p, v] of [['x', 'vx'], ['y', 'vy']] as const) {
      const sum = b[v] + t[v];
      // Below 2 units/s the ratio is mostly rounding noise.
      if (Math.abs(sum) >= 2) ratios.push((t[p] - b[p]) / sum);
    }
  };
  fit(target.self, baseline.self.id === target.self.id ? baseline.self : undefined);
  const players = new Map<number, Moving>(baseline.players.map((p) => [p.id, p]));
  for (const p of target.players) fit(p, players.get(p.id));
  const rockets = new Map<number, Moving>(baseline.projectiles.map((p) => [p.id, p]));
  for (const p of target.projectiles) fit(p, rockets.get(p.id));
  if (ratios.length === 0) return 0;
  ratios.sort((a, b) => a - b);
  const median = ratios[ratios.length >> 1]!;
  return Math.min(Math.max(Math.round(median * 65536), 0), 65535);
}

function writeHeader(w: BitWriter, s: Snapshot, baseline: Snapshot | null, spec: PartSpec, scale: number, checksum: number): void {
  const q = quantizeTimings(s);
  w.writeBits(s.serverTick, 32);
  w.writeBool(baseline !== null);
  if (baseline) {
    w.writeVarUint(s.serverTick - baseline.serverTick, 4);
    w.writeBits(scale, 16);
    w.writeBits(checksum & 0xffff, 16);
  }
  w.writeVarInt(s.serverTick - s.lastCmdTick, 4);
  w.writeSigned(q.cmdBufferDepth, 7);
  w.writeBits(q.echoTimeMs, 16);
  w.writeVarUint(q.echoHoldMs, 4);
  w.writeVarUint(spec.partCount - 1, 2);
  w.writeBits(spec.part, bitsFor(spec.partCount));
  if (spec.partCount > 1) {
    w.writeBits(spec.players.lo, 8);
    w.writeBits(spec.players.hi, 8);
    w.writeBits(spec.projectiles.lo, 16);
    w.writeBits(spec.projectiles.hi, 16);
  }
}

function bitsFor(partCount: number): number {
  return partCount <= 1 ? 0 : Math.ceil(Math.log2(partCount));
}

/**
 * Encodes one message carrying `spec`'s slice of `target`. Exported for the part splitter.
 * `baselineChecksum` is `snapshotChecksum` of the baseline, when the caller keeps it already.
 */
export function encodeSnapshotPart(unsorted: Snapshot, baselineIn: Snapshot | null, spec: PartSpec, baselineChecksum?: number): Uint8Array {
  const target = sortedEntities(unsorted);
  const baseline = usableBaseline(baselineIn && sortedEntities(baselineIn));
  if (baseline && baseline.serverTick >= target.serverTick) {
    throw new RangeError(`baseline tick ${baseline.serverTick} is not older than snapshot tick ${target.serverTick}`);
  }
  const scale = baseline ? motionScale(target, baseline) : 0;
  const ctx = { serverTick: target.serverTick, motionScale: scale };
  const w = new BitWriter(256);
  const checksum = baseline ? (baselineChecksum ?? snapshotChecksum(baseline)) : 0;
  writeHeader(w, target, baseline, spec, scale, checksum);
  const selfDelta = baseline !== null && baseline.self.id === target.self.id;
  w.writeBool(selfDelta);
  if (selfDelta) writeDelta(w, PLAYER_CODEC, target.self, baseline.self, ctx);
  else writeFull(w, PLAYER_CODEC, target.self, ctx);
  const basePlayers = baseline ? baseline.players.filter(within(spec.players)) : [];
  const baseProjectiles = baseline ? baseline.projectiles.filter(within(spec.projectiles)) : [];
  writeEntityList(w, PLAYER_KIND, target.players.filter(within(spec.players)), basePlayers, ctx);
  writeEntityList(w, PROJECTILE_KIND, target.projectiles.filter(within(spec.projectiles)), baseProjectiles, ctx);
  writeEvents(w, spec.events, target.serverTick);
  return w.finish();
}

export function encodeSnapshot(target: Snapshot, baseline: Snapshot | null): Uint8Array {
  return encodeSnapshotPart(target, baseline, { part: 0, partCount: 1, players: ALL_PLAYERS, projectiles: ALL_PROJECTILES, events: target.events });
}

/** The snapshot's own header fields, plus what only the wire needs: the id ranges this part covers and the motion scale. */
type Header = Pick<Snapshot, 'serverTick' | 'baselineTick' | 'lastCmdTick' | 'cmdBufferDepth' | 'echoTimeMs' | 'echoHoldMs' | 'part' | 'partCount'> & {
  players: IdRange;
  projectiles: IdRange;
  motionScale: number;
  baselineChecksum: number;
};

function readHeader(r: BitReader): Header {
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
  const players = split ? { lo: r.readBits(8), hi: r.readBits(8) } : ALL_PLAYERS;
  const projectiles = split ? { lo: r.readBits(16), hi: r.readBits(16) } : ALL_PROJECTILES;
  if (hasBaseline && (baselineTick < 1 || baselineTick >= serverTick)) r.fail('baseline tick out of range');
  if (lastCmdTick < 0 || lastCmdTick > 0xffffffff) r.fail('last command tick out of range');
  if (echoHoldMs > 65535) r.fail('echo hold out of range');
  if (part >= partCount) r.fail(`part ${part} of ${partCount}`);
  return { serverTick, baselineTick, lastCmdTick, cmdBufferDepth, echoTimeMs, echoHoldMs, part, partCount, players, projectiles, motionScale, baselineChecksum };
}

/** The caller's lookup, kept from throwing past the decoder's boundary. */
function lookupBaseline(baselineFor: (tick: Tick) => Snapshot | undefined, tick: Tick): Snapshot | undefined {
  try {
    return baselineFor(tick);
  } catch {
    return undefined;
  }
}

/**
 * Decodes one message. A part of a split snapshot decodes on its own: it returns the header, self,
 * and the entities and events of its range (`SnapshotAssembler` merges the parts of a tick).
 */
export function decodeSnapshot(bytes: Uint8Array, baselineFor: (tick: Tick) => Snapshot | undefined): DecodeResult<Snapshot> {
  const r = new BitReader(bytes);
  const h = readHeader(r);
  if (!r.ok) return { ok: false, error: `snapshot: ${r.error}` };
  const baseline = h.baselineTick === 0 ? null : lookupBaseline(baselineFor, h.baselineTick);
  if (baseline === undefined) return { ok: false, error: `baseline ${h.baselineTick} unknown` };
  // Our copy of the baseline is not the host's: decoding against it would yield wrong state silently.
  if (baseline && snapshotChecksum(baseline) !== h.baselineChecksum) return { ok: false, error: `${BASELINE_MISMATCH} (tick ${h.baselineTick})`, baselineMismatch: h.baselineTick };
  const ctx = { serverTick: h.serverTick, motionScale: h.motionScale };
  const selfDelta = r.readBool();
  if (selfDelta && !baseline) r.fail('self delta without a baseline');
  const self = selfDelta && baseline ? readDelta(r, PLAYER_CODEC, baseline.self, ctx) : readFull(r, PLAYER_CODEC, ctx);
  const basePlayers = baseline ? baseline.players.filter(within(h.players)) : [];
  const baseProjectiles = baseline ? baseline.projectiles.filter(within(h.projectiles)) : [];
  const players = readEntityList(r, PLAYER_KIND, basePlayers, h.players, ctx);
  const projectiles = readEntityList(r, PROJECTILE_KIND, baseProjectiles, h.projectiles, ctx);
  const events = readEvents(r, h.serverTick);
  r.expectEnd();
  if (!r.ok) return { ok: false, error: `snapshot: ${r.error}` };
  const { players: _pr, projectiles: _jr, motionScale: _ms, baselineChecksum: _bc, ...header } = h;
  return { ok: true, value: { ...header, self, players, projectiles, events } };
}
