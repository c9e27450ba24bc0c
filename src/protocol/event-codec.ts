/**
 * The event list of a snapshot, for any game: `compileEventCodec` takes the game's event types (a
 * union tagged by `type`) with one field table per type, and returns the codec the snapshot path
 * calls. `quantize(e)` is the game's: exactly what survives its tables, so decode(encode(e))
 * equals quantize(e).
 *
 * List layout: [count varint] then per event [type: typeBits][id][tick offset][fields]. The first
 * id is 16 bits, later ones the step from the previous id (mod 65536; ids are consecutive, so ~4
 * bits). The tick is written as `serverTick - tick` (events are recent).
 * An event's fields do not depend on the snapshot carrying it, so the host encodes them once
 * (`encode`) and splices the bits into every snapshot that carries the event.
 */
import { BitWriter, type BitReader } from './bits';
import { FieldKind } from './field-codecs';
import type { TaggedEvent } from './snapshot-types';
import { compileTable, type FieldTable, type TableCodec } from './table-codec';
import { readFull } from './table-read';
import { writeFull } from './table-write';
import type { Tick } from './ticks';

type Tagged = { type: string };
type BodyOf<E extends Tagged, K extends E['type']> = Omit<Extract<E, { type: K }>, 'type'>;

export interface EventSchema<E extends Tagged> {
  /** Wire order of the type tag. Append only. */
  readonly types: readonly E['type'][];
  /** The type tag's width; default the fewest bits that hold every type. */
  readonly typeBits?: number;
  readonly tables: { readonly [K in E['type']]: FieldTable<BodyOf<E, K>> };
  /** The event as it will come out of the wire. */
  quantize(e: E): E;
}

/** A NetEvent (quantized) with its fields already encoded: what a snapshot splices in. */
export interface EncodedEvent<E = unknown> {
  readonly id: number;
  readonly tick: Tick;
  /** Index of the type in the schema's `types` (the wire's type tag). */
  readonly typeIndex: number;
  /** The event's fields in full, MSB first (readable a few bytes past the end). */
  readonly body: Uint8Array;
  readonly bodyBits: number;
  /** The event as it comes out of the wire. */
  readonly net: TaggedEvent<E>;
}

export interface EventCodec<E> {
  quantize(e: E): E;
  encode(e: TaggedEvent<E>): EncodedEvent<E>;
  /** The list layout above, from events encoded beforehand: a few small writes and one splice each. */
  writeEncoded(w: BitWriter, events: readonly EncodedEvent<E>[], serverTick: Tick): void;
  /** Never throws: a bad list fails `r`. */
  read(r: BitReader, serverTick: Tick): TaggedEvent<E>[];
}

/**
 * Cap on a decoded list (a hostile count cannot make us allocate for long). Far above what a
 * snapshot carries: unacked events of a few hundred milliseconds.
 */
export const MAX_EVENTS = 4096;

export function compileEventCodec<E extends Tagged>(schema: EventSchema<E>): EventCodec<E> {
  const types = schema.types;
  const typeBits = schema.typeBits ?? Math.max(1, Math.ceil(Math.log2(types.length)));
  if (types.length > 2 ** typeBits) throw new Error(`${types.length} event types do not fit ${typeBits} bits`);
  const tables: TableCodec<object>[] = types.map((t) =>
    compileTable<object>(schema.tables[t as E['type']] as unknown as FieldTable<object>),
  );
  // Fields are encoded once per event, whatever snapshot carries them: a field written relative
  // to the snapshot's tick would make that wrong, so such a field is refused here.
  tables.forEach((tc, i) => {
    if (tc.all.some((f) => f.kind === FieldKind.Timer || f.kind === FieldKind.ViewTick))
      throw new Error(`event ${types[i]} has a tick-relative field`);
  });
  return {
    quantize: (e) => schema.quantize(e),
    encode(e: TaggedEvent<E>): EncodedEvent<E> {
      const q = schema.quantize(e.event);
      const typeIndex = types.indexOf(q.type);
      const w = new BitWriter(32);
      const { type: _type, ...body } = q;
      writeFull<object>(w, tables[typeIndex]!, body, { serverTick: e.tick });
      const bodyBits = w.bitLength;
      const net = { id: e.id, tick: e.tick, event: q };
      return { id: e.id, tick: e.tick, typeIndex, body: w.view().slice(0, (bodyBits >> 3) + 4), bodyBits, net };
    },
    writeEncoded(w: BitWriter, events: readonly EncodedEvent<E>[], serverTick: Tick): void {
      w.writeVarUint(events.length, 3);
      let prevId = -1;
      for (let i = 0; i < events.length; i++) {
        const e = events[i]!;
        w.writeBits(e.typeIndex, typeBits);
        if (prevId < 0) w.writeBits(e.id, 16);
        else w.writeVarUint((e.id - prevId + 65536) % 65536, 3);
        prevId = e.id;
        w.writeVarInt(serverTick - e.tick, 4);
        w.appendBits(e.body, 0, e.bodyBits);
      }
    },
    read(r: BitReader, serverTick: Tick): TaggedEvent<E>[] {
      const count = r.readVarUint(3);
      if (count > MAX_EVENTS) r.fail(`${count} events`);
      const out: TaggedEvent<E>[] = [];
      let prevId = -1;
      for (let i = 0; i < count && r.ok; i++) {
        const typeIndex = r.readBits(typeBits);
        const type = types[typeIndex];
        if (type === undefined) r.fail('unknown event type');
        const id = prevId < 0 ? r.readBits(16) : (prevId + r.readVarUint(3)) % 65536;
        prevId = id;
        const tick = serverTick - r.readVarInt(4);
        if (tick < 0) r.fail('event tick out of range');
        if (!r.ok || type === undefined) break;
        const body = readFull(r, tables[typeIndex]!, { serverTick });
        out.push({ id, tick, event: { type, ...body } as unknown as E });
      }
      return out;
    },
  };
}
