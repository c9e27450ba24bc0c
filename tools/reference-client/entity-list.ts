/**
 * Entity lists (docs/PROTOCOL.md "Entity list"): the ids against the baseline's entities in the
 * part's id range ("same ids", or kept bits plus added ids), then each entity as a delta against
 * its baseline entity or in full when added. The players, the rockets and the match block's players
 * are all such lists.
 */
import type { BitReader } from './bits';
import { readEntityDelta, readEntityFull, type Entity } from './fields';
import type { Table } from './tables';

export interface IdRange {
  lo: number;
  hi: number;
}

/** One kind of list: its name in traces, its table and how many entities it may hold. */
export interface EntityList {
  name: string;
  entity: string;
  table: Table;
  maxCount: number;
}

/** The ids a list carries: the baseline's ("same ids"), or the kept ones merged with the added ones. */
export function readIds(r: BitReader, base: Entity[], range: IdRange, maxCount: number, name: string): number[] {
  const baseIds = base.map((e) => e.id as number);
  if (r.at(`${name}: same ids as the baseline`).bool()) return baseIds;
  const kept = baseIds.filter((id) => r.at(`${name}: kept ${id}`).bool());
  const added = r.at(`${name}: added count`).varuint(3);
  if (kept.length + added > maxCount) r.fail('too many entities');
  if (kept.length === baseIds.length && added === 0) r.fail('unchanged ids not sent as "same ids"');
  const ids = new Set(kept);
  // The first added id against the last baseline id in range (0 if none), later ones as gaps.
  let ref = baseIds.length > 0 ? baseIds[baseIds.length - 1]! : 0;
  for (let i = 0; i < added && r.ok; i++) {
    const id =
      i === 0
        ? ref + r.at(`${name}: first added id - ${ref}`).varint(4)
        : ref + 1 + r.at(`${name}: added id - ${ref} - 1`).varuint(3);
    r.note(id);
    if (id < range.lo || id > range.hi || ids.has(id)) r.fail(`bad added id ${id}`);
    ids.add(id);
    ref = id;
  }
  return [...ids].sort((a, b) => a - b);
}

export function readList(
  r: BitReader,
  list: EntityList,
  base: Entity[],
  range: IdRange,
  tick: number,
  k: number,
): Entity[] {
  const t = list.table;
  const ids = readIds(r, base, range, list.maxCount, list.name);
  const out: Entity[] = [];
  for (const id of ids) {
    if (!r.ok) break;
    const b = base.find((e) => e.id === id);
    const label = `${list.entity} ${id}`;
    out.push(b ? readEntityDelta(r, t, b, tick, k, label) : readEntityFull(r, t, tick, id, label));
  }
  return out;
}
