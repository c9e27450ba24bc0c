/**
 * A game's snapshot schema, and `compileSnapshotSchema`: the one step that turns it into what the
 * snapshot codec runs on (a SnapshotWire). The netcode's codec (snapshot.ts, snapshot-read.ts,
 * snapshot-decoder.ts, snapshot-broadcast.ts, the checksums) knows no game: it walks the wire's
 * sections and calls the wire's rules-block and event codecs.
 *
 * A schema names:
 *  - `self`: the table of the receiver's own entity (every field, what its prediction needs);
 *  - `sections`: the entity lists in wire order, each with the table everybody else sees. Exactly
 *    one is the receiver's section (`receiver: true`): the receiver is left out of that list and
 *    travels as `self`; its table's columns must be a prefix-compatible view of `self`'s
 *    (TableOptions.layout), so one packed row serves the owner and everyone else;
 *  - `rules`: the block every client gets in every snapshot (scores, clock, …), delta-coded;
 *  - `events`: the game's event codec (event-codec.ts `compileEventCodec`).
 * Everything derived from the tables (row readers, id ranges, checksum bounds) is computed here
 * once, so no module holds a game's constants.
 */
import type { BitReader, BitWriter } from './bits';
import type { EventCodec } from './event-codec';
import type { FieldContext } from './field-codecs';
import { compileRowCodec, type RowCodec } from './row-read';
import type { WireTypes } from './snapshot-types';
import type { TableCodec } from './table-codec';

export type AnyEntity = { id: number };

export interface IdRange {
  lo: number;
  hi: number;
}

/** One entity list of the snapshot, as the game declares it. */
export interface SectionDef<Name extends string = string> {
  /** The snapshot field this list fills. */
  readonly name: Name;
  /** The table every client but the entity's owner sees. */
  readonly codec: TableCodec<AnyEntity>;
  /** Bits of an id on the wire (ids are 0 .. 2^idBits - 1). */
  readonly idBits: number;
  /** Decoding refuses lists longer than this (a hostile count cannot make us loop). */
  readonly maxCount: number;
  /** The receiver's own entity belongs to this list (exactly one section says so). */
  readonly receiver?: boolean;
  /**
   * The baseline checksum's mix of one entity, written out for speed; must equal the table-driven
   * mix (snapshot-checksum.ts `mixEntity`): a unit test of each game checks its own.
   */
  mix?(h: number, entity: AnyEntity): number;
}

// Methods, not function-typed fields, so a game's wire passes where the codec takes any game's.
export interface RulesWriter<R> {
  write(w: BitWriter, target: R, base: R | null, ctx: FieldContext): void;
}
export interface RulesReader<R> {
  read(r: BitReader, base: R | null, ctx: FieldContext): R;
}

/**
 * The rules block: one value per snapshot, the same for every receiver. Values handed to `write`
 * and kept by views are *quantized* (what a round trip gives) and never changed once built, so a
 * decoder may share unchanged parts with the baseline's block.
 */
export interface RulesBlockCodec<R> {
  /** The block of a world without rules (what a snapshot built without one encodes as). */
  readonly empty: R;
  /** Exactly what a round trip gives; `undefined` → `empty`. */
  quantize(value: R | undefined): R;
  /** A cache of `quantize` for the host's frame ring (the same block object is asked for tick after tick). */
  newMemo(): { of(value: R | undefined): R };
  /** A writer with its own scratch: `target` against the baseline's block (null: a full snapshot). */
  newWriter(): RulesWriter<R>;
  /** A reader with its own scratch, for one decoder; `base` quantized (or null). Never throws. */
  newReader(): RulesReader<R>;
  /** The reference reader (the general decoder's): the same results as `newReader`'s on every input. */
  read(r: BitReader, base: R | null, ctx: FieldContext): R;
  /** The baseline checksum's mix of the block (`undefined`: the empty block's). */
  mix(h: number, value: R | undefined): number;
  /** The bytes `mix` mixes, written at `at` (room for `emitBound(value)`); returns the new end. */
  emit(out: Uint8Array, at: number, value: R): number;
  emitBound(value: R): number;
}

export interface SnapshotSchema<T extends WireTypes> {
  readonly self: TableCodec<T['self']>;
  /** The baseline checksum's mix of `self`, written out (must equal the table-driven mix). */
  selfMix?(h: number, self: T['self']): number;
  readonly sections: readonly SectionDef<keyof T['lists'] & string>[];
  readonly rules: RulesBlockCodec<T['rules']>;
  readonly events: EventCodec<T['event']>;
}

/** A section, compiled. */
export interface EntitySection extends SectionDef {
  readonly all: IdRange;
  /** The receiver's own table when the receiver is an entity of this list, else null. */
  readonly selfCodec: TableCodec<AnyEntity> | null;
  /** The table as the decoder's typed-array descriptors. */
  readonly rows: RowCodec;
}

/** A schema compiled: what every function of the snapshot codec takes first. */
export interface SnapshotWire<T extends WireTypes = WireTypes> {
  readonly schema: SnapshotSchema<T>;
  readonly sections: readonly EntitySection[];
  /** Index of the receiver's section. */
  readonly receiverSection: number;
  readonly self: TableCodec<AnyEntity>;
  readonly selfRows: RowCodec;
  /** One range per section covering every id (a snapshot that is not split). */
  readonly allRanges: readonly IdRange[];
  readonly rules: RulesBlockCodec<T['rules']>;
  readonly events: EventCodec<T['event']>;
  /** Whether the receiver section's fields lead the self table (same keys, kinds, columns). */
  readonly publicLeadsSelf: boolean;
}

function leads(pub: TableCodec<AnyEntity>, self: TableCodec<AnyEntity>): boolean {
  return pub.all.every((f, i) => {
    const g = self.all[i];
    return g !== undefined && g.key === f.key && g.kind === f.kind && g.col === f.col && g.width === f.width;
  });
}

/** Checks a schema and derives everything the codec needs from it (once per game, at load). */
export function compileSnapshotSchema<T extends WireTypes>(schema: SnapshotSchema<T>): SnapshotWire<T> {
  const self = schema.self as unknown as TableCodec<AnyEntity>;
  const receiverSection = schema.sections.findIndex((s) => s.receiver === true);
  if (receiverSection < 0 || schema.sections.filter((s) => s.receiver).length !== 1)
    throw new Error('a snapshot schema needs exactly one receiver section');
  if (self.stride !== schema.sections[receiverSection]!.codec.stride)
    throw new Error("the receiver section's table must share the self table's columns (TableOptions.layout)");
  const names = new Set(schema.sections.map((s) => s.name));
  if (names.size !== schema.sections.length) throw new Error('two sections with one name');
  const sections = schema.sections.map((def, i): EntitySection =>
    Object.freeze({
      ...def,
      all: { lo: 0, hi: 2 ** def.idBits - 1 },
      selfCodec: i === receiverSection ? self : null,
      rows: compileRowCodec(def.codec as TableCodec<unknown>),
    }),
  );
  return Object.freeze({
    schema,
    sections,
    receiverSection,
    self,
    selfRows: compileRowCodec(self as TableCodec<unknown>),
    allRanges: sections.map((s) => s.all),
    rules: schema.rules,
    events: schema.events,
    publicLeadsSelf: leads(sections[receiverSection]!.codec, self),
  });
}
