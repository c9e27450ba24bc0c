/**
 * Encode once, send many: the host's snapshot encoder for every client due a snapshot in one tick.
 *
 * What one client's datagram holds that no other client's does: its header (acked baseline,
 * command timing), its own player (`self`), the players-list header (it leaves itself out of the
 * list) and its unacked events (each already encoded once, src/arena/protocol/events.ts for the arena). Everything else depends only
 * on the pair (target tick, baseline tick): the motion scale, every other player's delta, the
 * whole projectile list and the match block (protocol 3: scores, clock, pickups are public). Those *shared pieces* are written once per baseline tick in use (typically
 * one or two per tick, plus one for "full") and spliced into each datagram with a bit-level copy
 * (`BitWriter.appendBits`), so the bytes are exactly what the per-client encoder writes
 * (`encodeSnapshotParts` of the same snapshot): the wire does not change.
 *
 * Inputs: `begin(target, due)` once per tick with the world of that tick packed in a SnapshotFrame
 * (and the ids of the clients due a snapshot);
 * then `encode(client)` per client, naming its baseline as the frame of that tick (null = full).
 * Outputs: the client's datagrams (one, or parts when it does not fit `maxBytes`: then the
 * per-client part splitter runs, from the same packed rows).
 * Invariants: a shared piece is keyed by the baseline frame *and its tick*, and all pieces are
 * dropped by `begin`, so nothing encoded against another target or a reused frame is ever spliced.
 * A baseline frame that lacks the receiver's player is no snapshot that client held: it gets a
 * full snapshot. A datagram too large for one message takes the per-client part splitter. Writers and row-start arrays are reused: per client, nothing is allocated that
 * grows with the number of entities (the finished datagram aside).
 */
import { BitWriter } from './bits';
import type { DatagramArena } from './datagram-arena';
import { FrameChecksums } from './frame-checksums';
import { sameIds, sliceOf, writeListEntities, writeListHeader, writeSameIdsHeader } from './entity-list';
import type { EncodedEvent } from './event-codec';
import { MAX_DATAGRAM_BYTES } from './wire';
import { usableBaseline, writeHeader, writeSelf, type PartSpec, type SnapshotHeader } from './snapshot';
import { encodePreparedParts } from './snapshot-parts';
import type { RulesWriter, SnapshotWire } from './snapshot-schema';
import { FrameView, motionScaleOf, type MotionScratch, type SnapshotFrame, type SnapshotView } from './snapshot-view';

export interface BroadcastClient {
  /** The receiver's player id: its row of the target frame travels as `self`. */
  receiverId: number;
  /** `serverTick` must be the target frame's tick. */
  header: SnapshotHeader;
  /** The frame of the snapshot the client acked (older than the target), or null for a full snapshot. */
  baseline: SnapshotFrame | null;
  /** `viewChecksum` of the client's view of the baseline, when the caller keeps it already. */
  baselineChecksum?: number;
  events: readonly EncodedEvent<unknown>[];
}

/**
 * What an observer frame can take of a shared piece: per section its bits (the receiver's section:
 * every entity, no list header; the others: the whole list), whether the receiver section's ids are
 * the baseline's, the motion scale, the rules block's bits.
 */
export interface BroadcastPiece {
  readonly writers: readonly BitWriter[];
  readonly receiverIdsSame: boolean;
  readonly ctx: { readonly serverTick: number; readonly motionScale: number };
  readonly match: BitWriter;
}

/** The pieces shared by every client on one baseline. */
interface SharedPiece extends BroadcastPiece {
  baseline: SnapshotFrame | null;
  baselineTick: number;
  ctx: { serverTick: number; motionScale: number };
  /** Per section: its entities (receiver's section: every row, no list header) or its whole list. */
  readonly writers: BitWriter[];
  /** Per section: the bit where each target row's entity starts, and `[count]` the end. */
  starts: Float64Array[];
  /** The baseline's checksum bytes (each client's checksum is then a loop over two byte ranges). */
  readonly checksums: FrameChecksums;
  /** The match block against the baseline's: the same bits end every client's datagram. */
  readonly match: BitWriter;
  /** Whether the receiver's section lists the same ids in the target and in the (non-null) baseline. */
  receiverIdsSame: boolean;
  /** The clients due this tick that name this piece's baseline (`begin`). */
  companions: number[];
}

export class SnapshotBroadcast {
  private target: SnapshotFrame | null = null;
  private targetTick = -1;
  private readonly pieces: SharedPiece[] = [];
  private used = 0;
  private readonly out = new BitWriter(2048);
  /** Counters for benchmarks and tests: pieces written, datagrams spliced, per-client fallbacks. */
  readonly counters = { pieces: 0, spliced: 0, fallbacks: 0 };

  /** Groups of four baseline checksums hashed so far (tests: the lanes are not wasted). */
  checksumGroups(): number {
    let groups = 0;
    for (const p of this.pieces) groups += p.checksums.counters.groups;
    return groups;
  }
  /**
   * Where spliced datagrams go: null, each its own buffer; an arena (the host's worker), views of
   * its slab, valid until its owner resets it (datagram-arena.ts). Split parts are always their own.
   */
  arena: DatagramArena | null = null;

  /** Views reused by every `encode` (a client's target and baseline) and every `writePiece` (no receiver). */
  private readonly targetView = new FrameView();
  private readonly baseView = new FrameView();
  private readonly pieceTargetView = new FrameView();
  private readonly pieceBaseView = new FrameView();
  /** Scratch of the shared pieces' motion scale and match block, kept from tick to tick. */
  private readonly motionScratch: MotionScratch = { ratios: new Float64Array(256) };
  private readonly writeRules: RulesWriter<unknown>;
  /** The part spec of a datagram that is not split (its events set per client). */
  private readonly spec: PartSpec;
  /** The clients due this tick and the baseline tick each names (`begin`): each piece's checksums hash its own together. */
  private dueIds: readonly number[] = [];
  private dueBaselines: readonly number[] = [];

  constructor(private readonly wire: SnapshotWire) {
    this.writeRules = wire.rules.newWriter();
    this.spec = { part: 0, partCount: 1, ranges: wire.allRanges, events: [] };
  }

  /**
   * Starts a tick: `target` is the world every datagram of this tick describes. `dueIds` and
   * `dueBaselines` (a hint: any other client may still be encoded): the clients that will be
   * encoded and the baseline tick each names (-1: none).
   */
  begin(target: SnapshotFrame, dueIds: readonly number[] = [], dueBaselines: readonly number[] = []): void {
    this.target = target;
    this.dueIds = dueIds;
    this.dueBaselines = dueBaselines;
    this.targetTick = target.serverTick;
    this.used = 0;
  }

  /**
   * The shared piece this tick wrote against baseline `base` (the same frame object, holding the
   * same tick), or null when no due client named it: the replay recorder splices its bits into an
   * observer frame (observer-frame.ts `writeSpliced`) instead of writing them again.
   */
  pieceAgainst(tick: number, base: SnapshotFrame, baseTick: number): BroadcastPiece | null {
    const target = this.target;
    if (!target || this.targetTick !== tick || target.serverTick !== tick || base.serverTick !== baseTick) return null;
    for (let k = 0; k < this.used; k++) {
      const p = this.pieces[k]!;
      if (p.baseline === base && p.baselineTick === baseTick) return p;
    }
    return null;
  }

  /** The datagrams of one client's snapshot (see the file comment). */
  encode(c: BroadcastClient, maxBytes: number = MAX_DATAGRAM_BYTES): Uint8Array[] {
    const target = this.target;
    if (!target || target.serverTick !== this.targetTick)
      throw new Error('SnapshotBroadcast.encode before begin (or the target frame was reused)');
    if (c.header.serverTick !== target.serverTick)
      throw new RangeError(`header tick ${c.header.serverTick} is not the target's ${target.serverTick}`);
    const tv = this.targetView.of(target, c.receiverId);
    if (tv.selfIndex < 0) throw new RangeError(`player ${c.receiverId} is not in the target frame`);
    const usable = usableBaseline(c.baseline);
    if (usable && usable.serverTick >= target.serverTick)
      throw new RangeError(`baseline tick ${usable.serverTick} is not older than snapshot tick ${target.serverTick}`);
    // A frame without the receiver's player is no snapshot this client ever held: send it in full.
    const held = usable ? this.baseView.of(usable, c.receiverId) : null;
    const bv = held && held.selfIndex >= 0 ? held : null;
    const base = bv ? usable : null;
    const piece = this.pieceFor(base);
    const checksum =
      base && bv ? (c.baselineChecksum ?? piece.checksums.checksumOfRow(base, bv.selfIndex, piece.companions)) : 0;
    const w = this.out;
    // With an arena, the datagram is written straight into its slab (no copy when it is done).
    if (this.arena) this.arena.lend(w);
    else w.reset();
    const spec = this.spec;
    spec.events = c.events;
    const wire = this.wire;
    writeHeader(w, wire, c.header, piece.baselineTick, spec, piece.ctx.motionScale, checksum);
    writeSelf(w, wire, tv, bv, piece.ctx);
    for (let i = 0; i < wire.sections.length; i++) this.spliceSection(w, piece, i, tv, bv);
    wire.events.writeEncoded(w, c.events, target.serverTick);
    w.appendBits(piece.match.view(), 0, piece.match.bitLength);
    if (w.bitLength <= maxBytes * 8) {
      this.counters.spliced++;
      return [this.arena ? this.arena.commit(w) : w.finish()];
    }
    return this.perClient(c, tv, bv, piece.ctx.motionScale, checksum, maxBytes);
  }

  private perClient(
    c: BroadcastClient,
    tv: SnapshotView,
    bv: SnapshotView | null,
    scale: number,
    checksum: number,
    maxBytes: number,
  ): Uint8Array[] {
    this.counters.fallbacks++;
    return encodePreparedParts(
      {
        wire: this.wire,
        rules: this.writeRules,
        header: c.header,
        target: tv,
        baseline: bv,
        scale,
        checksum,
        events: c.events,
      },
      maxBytes,
      this.out,
    );
  }

  /** Section `i` of one client's datagram: its own list header and the shared entities (less its own). */
  private spliceSection(w: BitWriter, piece: SharedPiece, i: number, tv: SnapshotView, bv: SnapshotView | null): void {
    const src = piece.writers[i]!;
    const starts = piece.starts[i]!;
    if (i !== this.wire.receiverSection) {
      w.appendBits(src.view(), 0, src.bitLength);
      return;
    }
    const all = this.wire.sections[i]!.all;
    // Both frames hold the receiver (`encode` checks), so leaving it out of both keeps equal id
    // lists equal and unequal ones unequal: the piece's answer is this client's, without a walk.
    if (bv && piece.receiverIdsSame) writeSameIdsHeader(w);
    else writeListHeader(w, sliceOf(tv.lists[i]!, all, tv.omitId), bv ? sliceOf(bv.lists[i]!, all, bv.omitId) : null);
    const bytes = src.view();
    const self = tv.selfIndex;
    const count = tv.lists[i]!.count;
    w.appendBits(bytes, 0, starts[self]!);
    w.appendBits(bytes, starts[self + 1]!, starts[count]! - starts[self + 1]!);
  }

  /** The shared piece for `base` (null = full), written on first use this tick. */
  private pieceFor(base: SnapshotFrame | null): SharedPiece {
    const baselineTick = base ? base.serverTick : 0;
    for (let k = 0; k < this.used; k++) {
      const p = this.pieces[k]!;
      if (p.baseline === base && p.baselineTick === baselineTick) return p;
    }
    if (this.used === this.pieces.length) {
      this.pieces.push({
        baseline: null,
        baselineTick: 0,
        ctx: { serverTick: 0, motionScale: 0 },
        writers: this.wire.sections.map(() => new BitWriter(1024)),
        starts: this.wire.sections.map(() => new Float64Array(64)),
        checksums: new FrameChecksums(this.wire),
        match: new BitWriter(64),
        receiverIdsSame: false,
        companions: [],
      });
    }
    const p = this.pieces[this.used++]!;
    // The due clients on this baseline: the ones whose checksums this piece's lanes hash together
    // (a new list each time: FrameChecksums restarts its cursor on a new list).
    p.companions = [];
    if (base)
      for (let k = 0; k < this.dueIds.length; k++)
        if (this.dueBaselines[k] === baselineTick) p.companions.push(this.dueIds[k]!);
    this.writePiece(p, base);
    this.counters.pieces++;
    return p;
  }

  private writePiece(p: SharedPiece, base: SnapshotFrame | null): void {
    const target = this.target!;
    // No receiver: every entity in its list; the scale over all of them equals any receiver's
    // (its own player is in both frames and counted once either way).
    const tv = this.pieceTargetView.of(target, -1);
    const bv = base ? this.pieceBaseView.of(base, -1) : null;
    p.baseline = base;
    p.baselineTick = base ? base.serverTick : 0;
    p.ctx.serverTick = target.serverTick;
    p.ctx.motionScale = bv ? motionScaleOf(tv, bv, this.motionScratch) : 0;
    const sections = this.wire.sections;
    for (let i = 0; i < sections.length; i++) {
      const sec = sections[i]!;
      const w = p.writers[i]!;
      w.reset();
      const t = sliceOf(tv.lists[i]!, sec.all, -1);
      const b = bv ? sliceOf(bv.lists[i]!, sec.all, -1) : null;
      if (p.starts[i]!.length < t.to + 1) p.starts[i] = new Float64Array(Math.max(t.to + 1, p.starts[i]!.length * 2));
      if (i !== this.wire.receiverSection) writeListHeader(w, t, b);
      else p.receiverIdsSame = b !== null && sameIds(t, b);
      writeListEntities(w, sec.codec, t, b, p.ctx, p.starts[i]);
    }
    p.match.reset();
    this.writeRules.write(p.match, tv.match, bv ? bv.match : null, p.ctx);
  }
}
