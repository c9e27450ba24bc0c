/**
 * NetEvent codec: every SimEvent type has a field table (a new event type or field without one
 * fails the typecheck). Positions go on the 1/16 grid, damage to an integer byte, aims to u16:
 * `quantizeEvent(e)` is exactly what survives the wire, so decode(encode(e)) equals quantizeEvent(e).
 *
 * List layout: [count varint] then per event [type:3][id][tick offset][fields]. The first id is
 * 16 bits, later ones the step from the previous id (mod 65536; ids are consecutive, so ~4 bits).
 * The tick is written as `serverTick - tick` (events are recent).
 */
import { quantizePos, wrapAngle } from '../sim/quantize';
import type { SimEvent, SimEventType, Tick } from '../sim/types';
import type { BitReader, BitWriter } from './bits';
import { uintCodec, weaponCodec } from './field-codecs';
import { angleCodec, posCodec } from './motion-codecs';
import { compileTable, readFull, writeFull, type FieldTable, type TableCodec } from './fields';
import type { NetEvent } from './messages';

type EventBody<K extends SimEventType> = Omit<Extract<SimEvent, { type: K }>, 'type'>;
type EventTables = { readonly [K in SimEventType]: FieldTable<EventBody<K>> };

const id8 = { codec: uintCodec(255), group: 'hot' } as const;
const id16 = { codec: uintCodec(65535), group: 'hot' } as const;
const weapon = { codec: weaponCodec, group: 'hot' } as const;
const pos = { codec: posCodec, group: 'hot' } as const;

export const EVENT_FIELDS: EventTables = {
  fired: { shooter: id8, weapon, x: pos, y: pos, aim: { codec: angleCodec, group: 'hot' }, endX: pos, endY: pos },
  hit: { shooter: id8, target: id8, weapon, damage: { codec: uintCodec(255), group: 'hot' }, x: pos, y: pos },
  killed: { killer: id8, victim: id8, weapon },
  reloaded: { player: id8, weapon },
  switched: { player: id8, weapon },
  respawned: { player: id8, x: pos, y: pos },
  exploded: { projectile: id16, owner: id8, x: pos, y: pos },
};

/** Wire order of the type tag. Append only. */
export const EVENT_TYPES: readonly SimEventType[] = ['fired', 'hit', 'killed', 'reloaded', 'switched', 'respawned', 'exploded'];
const TYPE_BITS = 3;

/** The event as it will come out of the wire. */
export function quantizeEvent(e: SimEvent): SimEvent {
  switch (e.type) {
    case 'fired':
      return { ...e, x: quantizePos(e.x), y: quantizePos(e.y), aim: wrapAngle(e.aim), endX: quantizePos(e.endX), endY: quantizePos(e.endY) };
    case 'hit':
      return { ...e, damage: Math.min(255, Math.max(0, Math.round(e.damage))), x: quantizePos(e.x), y: quantizePos(e.y) };
    case 'respawned':
    case 'exploded':
      return { ...e, x: quantizePos(e.x), y: quantizePos(e.y) };
    default:
      return { ...e };
  }
}

const EVENT_CODECS: ReadonlyMap<SimEventType, TableCodec<object>> = new Map(
  EVENT_TYPES.map((t) => [t, compileTable(EVENT_FIELDS[t] as FieldTable<object>)]),
);

function tableOf(type: SimEventType): TableCodec<object> {
  return EVENT_CODECS.get(type)!;
}

export function writeEvents(w: BitWriter, events: readonly NetEvent[], serverTick: Tick): void {
  w.writeVarUint(events.length, 3);
  let prevId = -1;
  for (const { id, tick, event } of events) {
    const q = quantizeEvent(event);
    w.writeBits(EVENT_TYPES.indexOf(q.type), TYPE_BITS);
    if (prevId < 0) w.writeBits(id, 16);
    else w.writeVarUint((id - prevId + 65536) % 65536, 3);
    prevId = id;
    w.writeVarInt(serverTick - tick, 4);
    const { type: _type, ...body } = q;
    writeFull<object>(w, tableOf(q.type), body, { serverTick });
  }
}

/**
 * Cap on a decoded list (a hostile count cannot make us allocate for long). Far above what a
 * snapshot carries: unacked events of a few hundred milliseconds.
 */
export const MAX_EVENTS = 4096;

export function readEvents(r: BitReader, serverTick: Tick): NetEvent[] {
  const count = r.readVarUint(3);
  if (count > MAX_EVENTS) r.fail(`${count} events`);
  const out: NetEvent[] = [];
  let prevId = -1;
  for (let i = 0; i < count && r.ok; i++) {
    const type = EVENT_TYPES[r.readBits(TYPE_BITS)];
    if (type === undefined) r.fail('unknown event type');
    const id = prevId < 0 ? r.readBits(16) : (prevId + r.readVarUint(3)) % 65536;
    prevId = id;
    const tick = serverTick - r.readVarInt(4);
    if (tick < 0) r.fail('event tick out of range');
    if (!r.ok || type === undefined) break;
    const body = readFull(r, tableOf(type), { serverTick });
    out.push({ id, tick, event: { type, ...body } as SimEvent });
  }
  return out;
}
