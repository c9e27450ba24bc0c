/**
 * The baseline checksum over a snapshot as the client holds it, as objects (`snapshotChecksum`:
 * the decoder's side; baseline-checksum.ts has the encoder's side over packed rows, and the
 * document). For any game: self, then every section's list (its length, then each entity), then
 * the rules block, each mixed by the schema's hand-written mixer when it has one, else field by
 * field in table order (`mixEntity`). Both must mix the same bytes.
 */
import { FNV_OFFSET, fold, mixNumber, mixWord } from './fnv';
import type { SnapshotWire } from './snapshot-schema';
import { listOf, type AnySnapshot, type SnapshotOf, type WireTypes } from './snapshot-types';
import type { TableCodec } from './table-codec';

function mixValue(h: number, v: unknown): number {
  if (typeof v === 'number') return mixNumber(h, v);
  if (typeof v === 'boolean') return mixWord(h, v ? 1 : 0);
  if (Array.isArray(v)) {
    let out = mixWord(h, v.length);
    for (const item of v) out = mixValue(out, item);
    return out;
  }
  return mixWord(h, 0xffff);
}

/** One entity, field by field in table order (what every hand-written mixer must equal). */
export function mixEntity(h: number, codec: TableCodec<unknown>, entity: unknown): number {
  const bag = entity as Record<string, unknown>;
  let out = h;
  for (const f of codec.all) out = mixValue(out, bag[f.key]);
  return out;
}

export function snapshotChecksum<T extends WireTypes>(wire: SnapshotWire<T>, s: SnapshotOf<T> | AnySnapshot): number {
  const selfMix = wire.schema.selfMix;
  let h = selfMix ? selfMix(FNV_OFFSET, s.self) : mixEntity(FNV_OFFSET, wire.self, s.self);
  for (const sec of wire.sections) {
    const list = listOf(s, sec.name);
    h = mixWord(h, list.length);
    const mix = sec.mix;
    if (mix) for (const e of list) h = mix(h, e);
    else for (const e of list) h = mixEntity(h, sec.codec, e);
  }
  // The rules block is delta-coded against the baseline's too.
  return fold(wire.rules.mix(h, s.match));
}
