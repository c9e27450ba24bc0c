/**
 * SnapshotDecoder: the snapshot decoder compiled from the field tables. Every entity of a message
 * is read as wire integers into rows (row-read.ts, row-list-read.ts: typed-array descriptors, one
 * `switch` per field, no keyed property access), then made into the sim's object, one literal
 * each (TableOptions.unpack). The rows stay in a ring (decoded-ring.ts): a later delta against
 * this snapshot reads its baseline from them without packing objects, and its baseline checksum
 * is computed once, the first time it is a baseline. The match block is shared where it did not
 * change (quantized blocks are never changed).
 *
 * Contract: `decode` returns what the general decoder (snapshot-read.ts) returns for the same
 * bytes and baselines, refusals and their messages included (a property test holds them equal on
 * valid, mutated and random bytes); it never throws. Keep one decoder per snapshot stream: the
 * ring only answers for snapshots this decoder returned (a baseline from anywhere else is packed
 * and hashed as it is, so results never depend on what the ring holds).
 */
import { snapshotChecksum } from './baseline-checksum';
import { BitReader } from './bits';
import { DecodedRing, DecodedSlot } from './decoded-ring';
import { readEvents } from './events';
import type { FieldContext } from './field-codecs';
import { PLAYER_CODEC, type TableCodec } from './fields';
import { readQuantizedBlock, type MatchPlayersReader } from './match-block';
import { EMPTY_MATCH, quantizeMatch } from './match-value';
import { MATCH_PLAYER_CODEC, MAX_MATCH_PLAYERS } from './match-codecs';
import type { DecodeResult } from './wire';
import type { NetEvent, Snapshot } from './game-messages';
import { ListScratch, RowListReader, copyRow, readListRows, rowsInRange } from './row-list-read';
import { compileRowCodec, readDeltaRow, readFullRow } from './row-read';
import {
  decodeSnapshotGeneral,
  lookupBaseline,
  mismatch,
  readHeader,
  snapshotOf,
  type EntityLists,
  type Header,
} from './snapshot-read';
import { SECTIONS, sortedEntities, type AnyEntity } from './snapshot-view';
import type { PublicMatchState } from '../sim/match-types';
import type { PlayerState, Tick } from '../sim/types';

// Compiled once, at module load: the tables as typed-array descriptors.
const SELF_ROWS = compileRowCodec(PLAYER_CODEC as TableCodec<unknown>);
const LIST_ROWS = SECTIONS.map((sec) => compileRowCodec(sec.codec as TableCodec<unknown>));
const MATCH_PLAYER_ROWS = compileRowCodec(MATCH_PLAYER_CODEC as TableCodec<unknown>);

/** The baseline a message is read against: its rows and its match block (as `quantizeMatch` returns it). */
interface Base {
  rows: DecodedSlot;
  block: PublicMatchState;
}

export class SnapshotDecoder {
  private readonly ring = new DecodedRing();
  /** A baseline the ring does not hold, packed from its objects. */
  private readonly packed = new DecodedSlot();
  /** A part of a split snapshot (the assembler merges parts into a new object, never found in the ring). */
  private readonly part = new DecodedSlot();
  private readonly scratch = new ListScratch();
  /** The match block's players, through rows too (sharing the baseline's unchanged ones). */
  private readonly matchPlayers = new RowListReader(MATCH_PLAYER_CODEC, MATCH_PLAYER_ROWS, MAX_MATCH_PLAYERS, {
    lo: 0,
    hi: MAX_MATCH_PLAYERS - 1,
  });
  private readonly readMatchPlayers: MatchPlayersReader = (r, base, ctx) => this.matchPlayers.read(r, base, ctx);

  /**
   * Decodes one message. A part of a split snapshot decodes on its own: it returns the header,
   * self, and the entities and events of its range (`SnapshotAssembler` merges the parts of a tick).
   */
  decode(bytes: Uint8Array, baselineFor: (tick: Tick) => Snapshot | undefined): DecodeResult<Snapshot> {
    const r = new BitReader(bytes);
    const h = readHeader(r);
    if (!r.ok) return { ok: false, error: `snapshot: ${r.error}` };
    const found = h.baselineTick === 0 ? null : lookupBaseline(baselineFor, h.baselineTick);
    if (found === undefined) return { ok: false, error: `baseline ${h.baselineTick} unknown` };
    const base = found && this.baseOf(found);
    // Our copy of the baseline is not the host's: decoding against it would yield wrong state silently.
    if (base && base.rows.checksum !== h.baselineChecksum) return mismatch(h);
    // A baseline value off the wire's grid cannot be packed: the general decoder reads it as it is.
    if (base && base.rows === this.packed && !this.pack(found)) return decodeSnapshotGeneral(bytes, baselineFor);
    const out = h.partCount === 1 ? this.ring.claim(base ? base.rows : null) : this.part;
    const ctx: FieldContext = { serverTick: h.serverTick, motionScale: h.motionScale };
    this.readSelf(r, base ? base.rows : null, out, ctx);
    for (let i = 0; i < SECTIONS.length; i++) {
      const range = h.ranges[i]!;
      // No baseline: an empty slice of some rows.
      const rows = base ? base.rows.lists[i]! : this.packed.lists[i]!;
      const slice = base ? rowsInRange(rows, range) : { from: 0, to: 0 };
      readListRows(
        r,
        LIST_ROWS[i]!,
        SECTIONS[i]!.maxCount,
        rows,
        slice.from,
        slice.to,
        range,
        ctx,
        out.lists[i]!,
        this.scratch,
      );
    }
    const events = readEvents(r, h.serverTick);
    const match = readQuantizedBlock(r, base ? base.block : null, ctx, this.readMatchPlayers);
    r.expectEnd();
    if (!r.ok) return { ok: false, error: `snapshot: ${r.error}` };
    return { ok: true, value: this.snapshot(out, h, events, match) };
  }

  /**
   * The rows, checksum and block of baseline `found`: the ring's when this decoder returned it
   * (its checksum over the objects computed the first time), else its checksum over the objects
   * (the rows are packed once the checksum matched).
   */
  private baseOf(found: Snapshot): Base {
    const held = this.ring.find(found);
    if (held) {
      if (held.checksum < 0) held.checksum = snapshotChecksum(found);
      // Our own block, quantized when it was decoded.
      return { rows: held, block: found.match! };
    }
    this.packed.checksum = snapshotChecksum(sortedEntities(found));
    return { rows: this.packed, block: quantizeMatch(found.match ?? EMPTY_MATCH) };
  }

  /** `found`'s entities into the `packed` rows; false when a value cannot be packed. */
  private pack(found: Snapshot): boolean {
    const sorted = sortedEntities(found);
    try {
      this.packed.selfRow.pack([sorted.self]);
      for (let i = 0; i < SECTIONS.length; i++) this.packed.lists[i]!.pack(sorted[SECTIONS[i]!.name]);
      return true;
    } catch {
      return false;
    }
  }

  /** `self`: a delta against the baseline's self (same player), else every field. */
  private readSelf(r: BitReader, base: DecodedSlot | null, out: DecodedSlot, ctx: FieldContext): void {
    const d = out.selfRow.data;
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
  private snapshot(out: DecodedSlot, h: Header, events: NetEvent[], match: PublicMatchState): Snapshot {
    const lists: EntityLists = { players: [], projectiles: [] };
    for (let i = 0; i < SECTIONS.length; i++) {
      const { data, stride, count, codec } = out.lists[i]!;
      const list: AnyEntity[] = [];
      for (let k = 0; k < count; k++) list.push(codec.unpackRow(data, k * stride));
      lists[SECTIONS[i]!.name] = list;
    }
    const value = snapshotOf(h, PLAYER_CODEC.unpackRow(out.selfRow.data, 0) as PlayerState, lists, events, match);
    if (h.partCount === 1) out.hold(value);
    return value;
  }
}

/** Decodes one message (`SnapshotDecoder.decode`); a stream's receiver keeps one decoder and passes it. */
export function decodeSnapshot(
  bytes: Uint8Array,
  baselineFor: (tick: Tick) => Snapshot | undefined,
  decoder = new SnapshotDecoder(),
): DecodeResult<Snapshot> {
  return decoder.decode(bytes, baselineFor);
}
