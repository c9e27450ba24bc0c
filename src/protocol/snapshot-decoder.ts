/**
 * SnapshotDecoder: the snapshot decoder compiled from the field tables. The baseline is packed
 * into rows (entity-rows.ts, the encoder's own layout), every entity of the message is read as
 * wire integers into rows this decoder keeps and reuses from snapshot to snapshot (row-read.ts,
 * row-list-read.ts: typed-array descriptors, one `switch` per field, no keyed property access),
 * and only then is each entity made into the sim's object, one literal each (TableOptions.unpack).
 *
 * Contract: `decode` returns exactly what the general decoder (snapshot-read.ts) returns for the
 * same bytes and baselines, refusals and their messages included (a property test holds them
 * equal on valid, mutated and random bytes); it never throws. A decoder keeps no state between
 * calls that could change a result: one per stream only saves the rows' allocation.
 */
import { BitReader } from './bits';
import { EntityRows } from './entity-rows';
import { readEvents } from './events';
import type { FieldContext } from './field-codecs';
import { PLAYER_CODEC, type TableCodec } from './fields';
import { EMPTY_MATCH, readMatchBlock, type MatchPlayersReader } from './match-block';
import { MATCH_PLAYER_CODEC, MAX_MATCH_PLAYERS } from './match-codecs';
import type { DecodeResult } from './wire';
import type { Snapshot } from './game-messages';
import { compileRowCodec, readDeltaRow, readFullRow } from './row-read';
import { ListScratch, RowListReader, readListRows, rowsInRange } from './row-list-read';
import { decodeSnapshotGeneral, openSnapshot, snapshotOf, type EntityLists, type Header } from './snapshot-read';
import { SECTIONS, type AnyEntity } from './snapshot-view';
import type { PlayerState, Tick } from '../sim/types';

const asAny = <T>(tc: TableCodec<T>): TableCodec<AnyEntity> => tc as unknown as TableCodec<AnyEntity>;

// Compiled once, at module load: the tables as typed-array descriptors.
const SELF_ROWS = compileRowCodec(PLAYER_CODEC as TableCodec<unknown>);
const LIST_ROWS = SECTIONS.map((sec) => compileRowCodec(sec.codec as TableCodec<unknown>));

export class SnapshotDecoder {
  /** The message's `self` and its baseline's (row 0 each). */
  private readonly self = new EntityRows<AnyEntity>(asAny(PLAYER_CODEC), 1);
  private readonly baseSelf = new EntityRows<AnyEntity>(asAny(PLAYER_CODEC), 1);
  /** Per section: the message's entities, and the baseline's. */
  private readonly lists = SECTIONS.map((sec) => new EntityRows<AnyEntity>(sec.codec, 32));
  private readonly bases = SECTIONS.map((sec) => new EntityRows<AnyEntity>(sec.codec, 32));
  private readonly scratch = new ListScratch();
  /** The match block's players, through rows too. */
  private readonly matchPlayers = new RowListReader(MATCH_PLAYER_CODEC, MAX_MATCH_PLAYERS, { lo: 0, hi: MAX_MATCH_PLAYERS - 1 });
  private readonly readMatchPlayers: MatchPlayersReader = (r, base, ctx) => this.matchPlayers.read(r, base, ctx);

  /**
   * Decodes one message. A part of a split snapshot decodes on its own: it returns the header,
   * self, and the entities and events of its range (`SnapshotAssembler` merges the parts of a tick).
   */
  decode(bytes: Uint8Array, baselineFor: (tick: Tick) => Snapshot | undefined): DecodeResult<Snapshot> {
    const r = new BitReader(bytes);
    const opening = openSnapshot(r, baselineFor);
    if (!opening.ok) return opening.refusal;
    const { h, baseline } = opening;
    // A baseline value off the wire's grid cannot be packed (the packers refuse it): the general
    // decoder then reads against the objects as they are, as it always did.
    if (baseline && !this.packBaseline(baseline)) return decodeSnapshotGeneral(bytes, baselineFor);
    const ctx: FieldContext = { serverTick: h.serverTick, motionScale: h.motionScale };
    this.readSelf(r, baseline, ctx);
    for (let i = 0; i < SECTIONS.length; i++) {
      const range = h.ranges[i]!;
      const base = this.bases[i]!;
      // No baseline: an empty slice of the (stale) baseline rows.
      const slice = baseline ? rowsInRange(base, range) : { from: 0, to: 0 };
      readListRows(r, LIST_ROWS[i]!, SECTIONS[i]!.maxCount, base, slice.from, slice.to, range, ctx, this.lists[i]!, this.scratch);
    }
    const events = readEvents(r, h.serverTick);
    const match = readMatchBlock(r, baseline ? (baseline.match ?? EMPTY_MATCH) : null, ctx, this.readMatchPlayers);
    r.expectEnd();
    if (!r.ok) return { ok: false, error: `snapshot: ${r.error}` };
    return { ok: true, value: this.snapshot(h, events, match) };
  }

  /** The baseline into `baseSelf` and `bases`; false when a value cannot be packed. */
  private packBaseline(baseline: Snapshot): boolean {
    try {
      this.baseSelf.pack([baseline.self]);
      for (let i = 0; i < SECTIONS.length; i++) this.bases[i]!.pack(baseline[SECTIONS[i]!.name]);
      return true;
    } catch {
      return false;
    }
  }

  /** `self`: a delta against the baseline's self (same player), else every field. */
  private readSelf(r: BitReader, baseline: Snapshot | null, ctx: FieldContext): void {
    const d = this.self.data;
    const selfDelta = r.readBool();
    if (selfDelta && !baseline) r.fail('self delta without a baseline');
    if (selfDelta && baseline) {
      d.set(this.baseSelf.data.subarray(0, SELF_ROWS.stride));
      readDeltaRow(r, SELF_ROWS, d, 0, this.baseSelf.data, 0, ctx);
    } else {
      readFullRow(r, SELF_ROWS, d, 0, ctx, false);
    }
    // Strict: self is a delta whenever the baseline's self is the same player.
    if (!selfDelta && baseline && d[SELF_ROWS.keyCol] === baseline.self.id) r.fail('self sent in full against a baseline of the same player');
  }

  /** The rows read as the sim's objects. */
  private snapshot(h: Header, events: Snapshot['events'], match: NonNullable<Snapshot['match']>): Snapshot {
    const lists: EntityLists = { players: [], projectiles: [] };
    for (let i = 0; i < SECTIONS.length; i++) {
      const rows = this.lists[i]!;
      const out: AnyEntity[] = [];
      for (let k = 0; k < rows.count; k++) out.push(rows.unpack(k));
      lists[SECTIONS[i]!.name] = out;
    }
    return snapshotOf(h, this.self.unpack(0) as unknown as PlayerState, lists, events, match);
  }
}

/** Decodes one message (`SnapshotDecoder.decode`); a stream's receiver keeps one decoder and passes it. */
export function decodeSnapshot(bytes: Uint8Array, baselineFor: (tick: Tick) => Snapshot | undefined, decoder = new SnapshotDecoder()): DecodeResult<Snapshot> {
  return decoder.decode(bytes, baselineFor);
}
