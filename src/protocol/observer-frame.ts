/**
 * The observer frame: the world of one tick as somebody with no seat sees it (DESIGN §10,
 * "watching is a client"). A replay is a file of these frames (replay-format.ts); a spectator's
 * stream will be made of them too. It is a snapshot without a receiver: no `self`, no per-client
 * header (no acked command, buffer depth or echo), every entity in its section's list (the
 * receiver's section included, with the table everybody else sees, so an observer learns nothing
 * a player's opponents do not), the events since the previous frame and the rules block.
 *
 * Layout: [hasBase:1] then [tick:32] (key frame) or [tick - baseTick: varuint(4)][motion scale:16];
 *         per section, its list against the base's (entity-list.ts: list header, then each entity);
 *         the events (the game's event codec, ticks relative to this frame's); the rules block
 *         against the base's. A key frame's lists are coded against empty lists and its rules block in
 *         full (as a full snapshot carries it).
 * The entity bits are the same functions the snapshot codec uses, so a game's schema is all it takes.
 * Invariants: `readObserverFrame` never throws and refuses trailing bytes; what it returns equals
 * the host's world quantized (`observedLists`) at that tick.
 */
import { BitReader } from './bit-reader';
import type { BitWriter } from './bits';
import { readEntityList, sliceOf, writeListEntities, writeListHeader } from './entity-list';
import type { EncodedEvent } from './event-codec';
import type { FieldContext } from './field-codecs';
import { pickFields } from './table-codec';
import type { BroadcastPiece } from './snapshot-broadcast';
import type { AnyEntity, RulesWriter, SnapshotWire } from './snapshot-schema';
import type { TaggedEvent } from './snapshot-types';
import { byId, FrameView, motionScaleOf, type MotionScratch, type SnapshotFrame } from './snapshot-view';
import type { Tick } from './ticks';
import type { DecodeResult } from './wire';

/** The longest step from a delta frame's base to its tick (a longer gap needs a key frame). */
export const MAX_FRAME_STEP = 0xffff;
/** The last tick a frame may have (a key frame writes its tick in 32 bits). */
const MAX_FRAME_TICK = 0xffffffff;

/** One decoded observer frame: every section's entities (public fields), the events since the base, the rules block. */
export interface ObservedFrame {
  tick: Tick;
  /** One list per section of the wire, in its order, sorted by id. */
  lists: AnyEntity[][];
  events: TaggedEvent<unknown>[];
  /** Quantized (the game's rules codec). */
  rules: unknown;
}

/** Writes observer frames (one per game; keeps its views and scratch from frame to frame). */
export class ObserverFrameWriter {
  private readonly target = new FrameView();
  private readonly base = new FrameView();
  private readonly scratch: MotionScratch = { ratios: new Float64Array(64) };
  private readonly rules: RulesWriter<unknown>;

  constructor(private readonly wire: SnapshotWire) {
    this.rules = wire.rules.newWriter();
  }

  /** `target` against `base` (null: a key frame), with `events` (encoded once by the caller). */
  write(w: BitWriter, target: SnapshotFrame, base: SnapshotFrame | null, events: readonly EncodedEvent[]): void {
    if (base && base.serverTick >= target.serverTick)
      throw new RangeError(`base tick ${base.serverTick} is not older than frame tick ${target.serverTick}`);
    // Never write what readObserverFrame refuses. A gap wider than a delta's step (a host paused
    // 18 minutes at 60 Hz skips that many ticks) needs a key frame; thrown, it ends a recording
    // before the gap and the file still opens, where the delta made the whole file unreadable.
    if (base && target.serverTick - base.serverTick > MAX_FRAME_STEP)
      throw new RangeError(`frame step ${target.serverTick - base.serverTick} is more than ${MAX_FRAME_STEP}`);
    if (target.serverTick > MAX_FRAME_TICK) throw new RangeError(`frame tick ${target.serverTick} is past 32 bits`);
    const tv = this.target.of(target, -1);
    const bv = base ? this.base.of(base, -1) : null;
    const ctx: FieldContext = {
      serverTick: target.serverTick,
      motionScale: bv ? motionScaleOf(tv, bv, this.scratch) : 0,
    };
    w.writeBool(bv !== null);
    if (bv) {
      w.writeVarUint(target.serverTick - bv.serverTick, 4);
      w.writeBits(ctx.motionScale ?? 0, 16);
    } else w.writeBits(target.serverTick, 32);
    const sections = this.wire.sections;
    for (let i = 0; i < sections.length; i++) {
      const sec = sections[i]!;
      const t = sliceOf(tv.lists[i]!, sec.all, -1);
      const b = bv ? sliceOf(bv.lists[i]!, sec.all, -1) : null;
      writeListHeader(w, t, b);
      writeListEntities(w, sec.codec, t, b, ctx);
    }
    this.wire.events.writeEncoded(w, events, target.serverTick);
    this.rules.write(w, tv.match, bv ? bv.match : null, ctx);
  }
}

/**
 * `target` against `base` from what the host's snapshot encoder already wrote for this pair (its
 * shared piece, snapshot-broadcast.ts, written with no receiver): the same bits as
 * `ObserverFrameWriter.write`, spliced rather than written again. Only the receiver section's list
 * header (the piece has none) and the events are written here.
 */
export function writeSplicedFrame(
  w: BitWriter,
  wire: SnapshotWire,
  target: SnapshotFrame,
  base: SnapshotFrame,
  piece: BroadcastPiece,
  events: readonly EncodedEvent[],
): void {
  const step = target.serverTick - base.serverTick;
  if (step < 1 || step > MAX_FRAME_STEP || piece.ctx.serverTick !== target.serverTick)
    throw new RangeError(`cannot splice tick ${target.serverTick} against ${base.serverTick}`);
  w.writeBool(true);
  w.writeVarUint(step, 4);
  w.writeBits(piece.ctx.motionScale, 16);
  for (let i = 0; i < wire.sections.length; i++) {
    const bits = piece.writers[i]!;
    if (i === wire.receiverSection) {
      const all = wire.sections[i]!.all;
      writeListHeader(w, sliceOf(target.lists[i]!, all, -1), sliceOf(base.lists[i]!, all, -1));
    }
    w.appendBits(bits.view(), 0, bits.bitLength);
  }
  wire.events.writeEncoded(w, events, target.serverTick);
  w.appendBits(piece.match.view(), 0, piece.match.bitLength);
}

/**
 * One observer frame from `bytes` (exactly one frame, zero-padded to a byte), against `base` (the
 * decoded frame it was written against; null for a key frame). Never throws.
 */
export function readObserverFrame(
  wire: SnapshotWire,
  bytes: Uint8Array,
  base: ObservedFrame | null,
): DecodeResult<ObservedFrame> {
  const r = new BitReader(bytes);
  const hasBase = r.readBool();
  if (r.ok && hasBase !== (base !== null))
    r.fail(hasBase ? 'delta frame without its base' : 'key frame read as a delta');
  let tick = 0;
  let motionScale = 0;
  if (base) {
    const step = r.readVarUint(4);
    if (step < 1 || step > MAX_FRAME_STEP) r.fail('frame step out of range');
    tick = base.tick + step;
    // A tick is 32 bits (a key frame's, the header's, every tick field's): a delta must not step
    // past it, or the frame is one no key frame could carry (found by test/unit/protocol/replay-fuzz).
    if (tick > MAX_FRAME_TICK) r.fail('frame tick out of range');
    motionScale = r.readBits(16);
  } else tick = r.readBits(32);
  const ctx: FieldContext = { serverTick: tick, motionScale };
  const lists: AnyEntity[][] = [];
  for (let i = 0; i < wire.sections.length && r.ok; i++) {
    const sec = wire.sections[i]!;
    lists.push(readEntityList(r, sec.codec, sec.maxCount, base ? base.lists[i]! : [], sec.all, ctx));
  }
  const events = r.ok ? wire.events.read(r, tick) : [];
  const rules = r.ok ? wire.rules.read(r, base ? base.rules : null, ctx) : wire.rules.empty;
  r.expectEnd();
  if (!r.ok) return { ok: false, error: `frame: ${r.error}` };
  return { ok: true, value: { tick, lists, events, rules } };
}

/**
 * What an observer frame of the world `lists` (one per section) carries: each entity's public
 * fields, sorted by id: the definition of what a replay must reproduce (the tests compare decoded
 * frames with it).
 */
export function observedLists(wire: SnapshotWire, lists: readonly (readonly AnyEntity[])[]): AnyEntity[][] {
  return wire.sections.map((sec, i) => [...(lists[i] ?? [])].sort(byId).map((e) => pickFields(sec.codec, e)));
}
