/**
 * SnapshotDecoder: the snapshot decoder compiled from the game's schema (snapshot-schema.ts). Every entity of a message
 * is read as wire integers into rows (row-read.ts, row-list-read.ts: typed-array descriptors, one
 * `switch` per field, no keyed property access), then made into the sim's object, one literal
 * each (TableOptions.unpack). The rows stay in a ring (decoded-ring.ts): a later delta against
 * this snapshot reads its baseline from them without packing objects, and its baseline checksum
 * is computed once, the first time it is a baseline. The rules block's reader is the game's (the
 * arena's shares the baseline's block where it did not change: quantized blocks are never changed).
 *
 * Contract: `decode` returns what the general decoder (snapshot-read.ts) returns for the same
 * bytes and baselines, refusals and their messages included (a property test holds them equal on
 * valid, mutated and random bytes); it never throws. Keep one decoder per snapshot stream: the
 * ring only answers for snapshots this decoder returned (a baseline from anywhere else is packed
 * and hashed as it is, so results never depend on what the ring holds).
 */
import { BitReader } from './bits';
import { DecodedRing, DecodedSlot } from './decoded-ring';
import type { FieldContext } from './field-codecs';
import type { DecodeResult } from './wire';
import { ListScratch, copyRow, readListRows, rowsInRange } from './row-list-read';
import { readDeltaRow, readFullRow } from './row-read';
import { snapshotChecksum } from './snapshot-checksum';
import {
  decodeSnapshotGeneral,
  lookupBaseline,
  mismatch,
  readHeader,
  snapshotOf,
  type EntityLists,
  type Header,
} from './snapshot-read';
import type { AnyEntity, RulesReader, SnapshotWire } from './snapshot-schema';
import { listOf, type AnySnapshot, type TaggedEvent, type SnapshotOf, type WireTypes } from './snapshot-types';
import { sortedEntities } from './snapshot-view';
import type { Tick } from './ticks';

/** The baseline a message is read against: its rows and its rules block (quantized). */
interface Base {
  rows: DecodedSlot;
  block: unknown;
}

export class SnapshotDecoder<T extends WireTypes = WireTypes> {
  private readonly ring: DecodedRing;
  /** A baseline the ring does not hold, packed from its objects. */
  private readonly packed: DecodedSlot;
  /** A part of a split snapshot (the assembler merges parts into a new object, never found in the ring). */
  private readonly part: DecodedSlot;
  private readonly scratch = new ListScratch();
  /** The rules block's reader, with its own scratch (it may share the baseline's unchanged parts). */
  private readonly readRules: RulesReader<unknown>;

  constructor(private readonly wire: SnapshotWire<T>) {
    this.ring = new DecodedRing(wire);
    this.packed = new DecodedSlot(wire);
    this.part = new DecodedSlot(wire);
    this.readRules = wire.rules.newReader();
  }

  /**
   * Decodes one message. A part of a split snapshot decodes on its own: it returns the header,
   * self, and the entities and events of its range (`SnapshotAssembler` merges the parts of a tick).
   */
  decode(bytes: Uint8Array, baselineFor: (tick: Tick) => SnapshotOf<T> | undefined): DecodeResult<SnapshotOf<T>> {
    const wire = this.wire;
    const r = new BitReader(bytes);
    const h = readHeader(r, wire);
    if (!r.ok) return { ok: false, error: `snapshot: ${r.error}` };
    const found = h.baselineTick === 0 ? null : lookupBaseline(baselineFor, h.baselineTick);
    if (found === undefined) return { ok: false, error: `baseline ${h.baselineTick} unknown` };
    const base = found && this.baseOf(found);
    // Our copy of the baseline is not the host's: decoding against it would yield wrong state silently.
    if (base && base.rows.checksum !== h.baselineChecksum) return mismatch(h);
    // A baseline value off the wire's grid cannot be packed: the general decoder reads it as it is.
    if (base && base.rows === this.packed && !this.pack(found)) return decodeSnapshotGeneral(wire, bytes, baselineFor);
    const out = h.partCount === 1 ? this.ring.claim(base ? base.rows : null) : this.part;
    const ctx: FieldContext = { serverTick: h.serverTick, motionScale: h.motionScale };
    this.readSelf(r, base ? base.rows : null, out, ctx);
    for (let i = 0; i < wire.sections.length; i++) {
      const range = h.ranges[i]!;
      // No baseline: an empty slice of some rows.
      const rows = base ? base.rows.lists[i]! : this.packed.lists[i]!;
      const slice = base ? rowsInRange(rows, range) : { from: 0, to: 0 };
      readListRows(
        r,
        wire.sections[i]!.rows,
        wire.sections[i]!.maxCount,
        rows,
        slice.from,
        slice.to,
        range,
        ctx,
        out.lists[i]!,
        this.scratch,
      );
    }
    const events = wire.events.read(r, h.serverTick);
    const match = this.readRules.read(r, base ? base.block : null, ctx);
    r.expectEnd();
    if (!r.ok) return { ok: false, error: `snapshot: ${r.error}` };
    return { ok: true, value: this.snapshot(out, h, events, match) };
  }

  /**
   * The rows, checksum and block of baseline `found`: the ring's when this decoder returned it
   * (its checksum over the objects computed the first time), else its checksum over the objects
   * (the rows are packed once the checksum matched).
   */
  private baseOf(found: SnapshotOf<T>): Base {
    const held = this.ring.find(found);
    if (held) {
      if (held.checksum < 0) held.checksum = snapshotChecksum(this.wire, found);
      // Our own block, quantized when it was decoded.
      return { rows: held, block: found.match };
    }
    this.packed.checksum = snapshotChecksum(this.wire, sortedEntities(this.wire, found));
    return { rows: this.packed, block: this.wire.rules.quantize(found.match) };
  }

  /** `found`'s entities into the `packed` rows; false when a value cannot be packed. */
  private pack(found: SnapshotOf<T>): boolean {
    const sorted = sortedEntities(this.wire, found);
    const sections = this.wire.sections;
    try {
      this.packed.selfRow.pack([sorted.self]);
      for (let i = 0; i < sections.length; i++) this.packed.lists[i]!.pack(listOf(sorted, sections[i]!.name));
      return true;
    } catch {
      return false;
    }
  }

  /** `self`: a delta against the baseline's self (same player), else every field. */
  private readSelf(r: BitReader, base: DecodedSlot | null, out: DecodedSlot, ctx: FieldContext): void {
    const d = out.selfRow.data;
    const SELF_ROWS = this.wire.selfRows;
    const selfDelta = r.readBool();
    if (selfDelta && !base) r.fail('self delta without a baseline');
    if (selfDelta && base) {
      copyRow(d, 0, base.selfRow.data, 0, SELF_ROWS.stride);
      readDeltaRow(r, SELF_ROWS, d, 0, base.selfRow.data, 0, ctx);
    } else {
      readFullRow(r, SELF_ROWS, d, 0, ctx, false);
    }
    // Strict: self is a delta whenever the baseline's self is the same player.
    if (!selfDelta && base && d[SELF_ROWS.keyCol] === base.selfRow.id(0))
      r.fail('self sent in full against a baseline of the same player');
  }

  /** The rows of `out` as the sim's objects; a whole snapshot is held in the ring with them. */
  private snapshot(out: DecodedSlot, h: Header, events: TaggedEvent<unknown>[], match: unknown): SnapshotOf<T> {
    const lists: EntityLists = [];
    for (let i = 0; i < out.lists.length; i++) {
      const { data, stride, count, codec } = out.lists[i]!;
      const list: AnyEntity[] = [];
      for (let k = 0; k < count; k++) list.push(codec.unpackRow(data, k * stride));
      lists.push(list);
    }
    const self = this.wire.self.unpackRow(out.selfRow.data, 0);
    const value = snapshotOf<SnapshotOf<T>>(this.wire, h, self, lists, events, match);
    if (h.partCount === 1) out.hold(value);
    return value;
  }
}

/** Decodes one message (`SnapshotDecoder.decode`); a stream's receiver keeps one decoder and passes it. */
export function decodeSnapshot<T extends WireTypes>(
  wire: SnapshotWire<T>,
  bytes: Uint8Array,
  baselineFor: (tick: Tick) => SnapshotOf<T> | undefined,
  decoder = new SnapshotDecoder<T>(wire),
): DecodeResult<SnapshotOf<T>> {
  return decoder.decode(bytes, baselineFor);
}
