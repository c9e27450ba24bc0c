/**
 * The 'debug' control message's body (host → a client that asked): the other players' hitboxes
 * and the client's last rewind, on the wire grids (positions 1/16, view times 1/256 tick as signed
 * offsets behind the shot's tick). control.ts writes the type byte and dispatches here.
 * Invariants: at most MAX_DEBUG_HITBOXES per list; the decoder never throws and refuses counts,
 * offsets and adjustments out of range; decode(encode(m)) equals normalizeDebug(m).
 */
import type { BitReader, BitWriter } from './bits';
import type { DebugMessage, RewindAdjustmentWire, RewindDebugWire } from './debug-messages';
import type { Hitbox } from './hitbox';
import { GRID_SCALE } from './wire-grid';
import { clampInt } from './clamp';

export const REWIND_ADJUSTMENTS: readonly RewindAdjustmentWire[] = ['none', 'estimate', 'clamped'];
/** Per list in a 'debug' message (live and rewound); more players than this are cut. */
export const MAX_DEBUG_HITBOXES = 64;
/** View times travel as signed 1/256-tick offsets behind the shot's tick, within this bound. */
const VIEW_OFFSET_LIMIT = 2 ** 34;
const TICK_MAX = 2 ** 36 - 1;

function readRange(r: BitReader, bits: number, lo: number, hi: number, what: string): number {
  const v = r.readBits(bits);
  if (v < lo || v > hi) r.fail(`${what} ${v} out of range`);
  return v;
}

/** Positions and radii travel as 16 unsigned bits on the wire's 1/16 grid (GRID_SCALE), within [0, 4096). */
const POS_SCALE = GRID_SCALE;
const POS_TOP = 65536 / POS_SCALE - 1 / POS_SCALE;

function gridPos(v: number): number {
  return Math.min(Math.max(Math.round(v * POS_SCALE) / POS_SCALE, 0), POS_TOP);
}

const finitePos = (v: number): number => gridPos(Number.isFinite(v) ? v : 0);

function normalizeHitbox(h: Hitbox): Hitbox {
  return {
    id: clampInt(h.id, 0, 255),
    x: finitePos(h.x),
    y: finitePos(h.y),
    radius: finitePos(h.radius),
    alive: h.alive === true,
    crouch: h.crouch === true,
  };
}

const normalizeHitboxes = (list: readonly Hitbox[]): Hitbox[] => list.slice(0, MAX_DEBUG_HITBOXES).map(normalizeHitbox);

/** `viewTime` on the grid the wire carries: a whole number of 1/256 ticks behind `tick`. */
function viewOffset(tick: number, viewTime: number): number {
  return clampInt((tick - (Number.isFinite(viewTime) ? viewTime : tick)) * 256, -VIEW_OFFSET_LIMIT, VIEW_OFFSET_LIMIT);
}

function normalizeRewind(r: RewindDebugWire): RewindDebugWire {
  const tick = clampInt(r.tick, 0, TICK_MAX);
  return {
    tick,
    claimedViewTime: tick - viewOffset(tick, r.claimedViewTime) / 256,
    viewTime: tick - viewOffset(tick, r.viewTime) / 256,
    adjustment: REWIND_ADJUSTMENTS.includes(r.adjustment) ? r.adjustment : 'none',
    lagCompensated: r.lagCompensated === true,
    hitboxes: normalizeHitboxes(r.hitboxes),
    hit: r.hit === null ? null : clampInt(r.hit, 0, 255),
  };
}

export function normalizeDebug(m: DebugMessage): DebugMessage {
  return {
    type: 'debug',
    tick: clampInt(m.tick, 0, TICK_MAX),
    hitboxes: normalizeHitboxes(m.hitboxes),
    rewind: m.rewind ? normalizeRewind(m.rewind) : null,
  };
}

function writeHitboxes(w: BitWriter, list: readonly Hitbox[]): void {
  w.writeBits(list.length, 8);
  for (const h of list) {
    w.writeBits(h.id, 8);
    w.writeBits(h.x * POS_SCALE, 16);
    w.writeBits(h.y * POS_SCALE, 16);
    w.writeBits(h.radius * POS_SCALE, 16);
    w.writeBool(h.alive);
    w.writeBool(h.crouch);
  }
}

export function writeDebug(w: BitWriter, m: DebugMessage): void {
  w.writeVarUint(m.tick);
  writeHitboxes(w, m.hitboxes);
  const r = m.rewind;
  w.writeBool(r !== null);
  if (!r) return;
  w.writeVarUint(r.tick);
  w.writeVarInt(viewOffset(r.tick, r.claimedViewTime));
  w.writeVarInt(viewOffset(r.tick, r.viewTime));
  w.writeBits(REWIND_ADJUSTMENTS.indexOf(r.adjustment), 2);
  w.writeBool(r.lagCompensated);
  w.writeBool(r.hit !== null);
  if (r.hit !== null) w.writeBits(r.hit, 8);
  writeHitboxes(w, r.hitboxes);
}

function readHitboxes(r: BitReader): Hitbox[] {
  const count = readRange(r, 8, 0, MAX_DEBUG_HITBOXES, 'hitbox count');
  const out: Hitbox[] = [];
  const pos = (): number => r.readBits(16) / POS_SCALE;
  for (let i = 0; i < count && r.ok; i++)
    out.push({ id: r.readBits(8), x: pos(), y: pos(), radius: pos(), alive: r.readBool(), crouch: r.readBool() });
  return out;
}

function readViewTime(r: BitReader, tick: number, what: string): number {
  const offset = r.readVarInt();
  if (Math.abs(offset) > VIEW_OFFSET_LIMIT) r.fail(`${what} out of range`);
  return tick - offset / 256;
}

function readRewind(r: BitReader): RewindDebugWire {
  const tick = r.readVarUint();
  const claimedViewTime = readViewTime(r, tick, 'claimed view time');
  const viewTime = readViewTime(r, tick, 'view time');
  const adjustment = REWIND_ADJUSTMENTS[r.readBits(2)];
  if (adjustment === undefined) r.fail('unknown rewind adjustment');
  const lagCompensated = r.readBool();
  const hit = r.readBool() ? r.readBits(8) : null;
  return {
    tick,
    claimedViewTime,
    viewTime,
    adjustment: adjustment ?? 'none',
    lagCompensated,
    hitboxes: readHitboxes(r),
    hit,
  };
}

export function readDebug(r: BitReader): DebugMessage {
  const tick = r.readVarUint();
  const hitboxes = readHitboxes(r);
  return { type: 'debug', tick, hitboxes, rewind: r.readBool() ? readRewind(r) : null };
}
