/**
 * NetEvent codec: every SimEvent type has a field table (a new event type or field without one
 * fails the typecheck). Positions go on the 1/16 grid, damage to an integer byte, aims to u16:
 * `quantizeEvent(e)` is exactly what survives the wire, so decode(encode(e)) equals quantizeEvent(e).
 *
 * List layout: [count varint] then per event [type:3][id][tick offset][fields]. The first id is
 * 16 bits, later ones the step from the previous id (mod 65536; ids are consecutive, so ~4 bits).
 * The tick is written as `serverTick - tick` (events are recent).
 * An event's fields do not depend on the snapshot carrying it, so the host encodes them once
 * (`encodeEvent`) and splices the bits into every snapshot that carries the event.
 */
import { quantizePos, wrapAngle } from '../sim/quantize';
import type { SimEvent, SimEventType, Tick } from '../sim/types';
import { BitWriter, type BitReader } from './bits';
import { FieldKind, angleCodec, posCodec, uintCodec, weaponCodec, type FieldCodec } from './field-codecs';
import { MAX_PICKUPS } from '../sim/maps';
import { PickupKind } from '../sim/match-types';
import { compileTable, readFull, writeFull, type FieldTable, type TableCodec } from './fields';
import type { NetEvent } from './game-messages';

const PICKUP_KIND_MAX = Math.max(...Object.values(PickupKind));

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
  // Protocol 3. The index of the pickup spot on the current map (at most MAX_PICKUPS), and its kind.
  pickup: {
    player: id8,
    pickup: { codec: uintCodec(MAX_PICKUPS - 1), group: 'hot' },
    kind: { codec: uintCodec(PICKUP_KIND_MAX) as FieldCodec<PickupKind>, group: 'hot' },
  },
};

/** Wire order of the type tag. Append only. */
export const EVENT_TYPES: readonly SimEventType[] = [
  'fired',
  'hit',
  'killed',
  'reloaded',
  'switched',
  'respawned',
  'exploded',
  'pickup',
];
const TYPE_BITS = 3;

/** The event as it will come out of the wire. */
export function quantizeEvent(e: SimEvent): SimEvent {
  switch (e.type) {
    case 'fired':
      return {
        ...e,
        x: quantizePos(e.x),
        y: quantizePos(e.y),
        aim: wrapAngle(e.aim),
        endX: quantizePos(e.endX),
        endY: quantizePos(e.endY),
      };
    case 'hit':
      return {
        ...e,
        damage: Math.min(255, Math.max(0, Math.round(e.damage))),
        x: quantizePos(e.x),
        y: quantizePos(e.y),
      };
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

// Event fields are encoded once per event, whatever snapshot carries them: a field written relative
// to the snapshot's tick would make that wrong, so such a field is refused here.
for (const [type, tc] of EVENT_CODECS) {
  if (tc.all.some((f) => f.kind === FieldKind.Timer || f.kind === FieldKind.ViewTick))
    throw new Error(`event ${type} has a tick-relative field`);
}

function tableOf(type: SimEventType): TableCodec<object> {
  return EVENT_CODECS.get(type)!;
}

/** A NetEvent (quantized) with its fields already encoded: what a snapshot splices in. */
export interface EncodedEvent {
  readonly id: number;
  readonly tick: Tick;
  /** Index of the type in EVENT_TYPES (the wire's type tag). */
  readonly typeIndex: number;
  /** The event's fields in full, MSB first (readable a few bytes past the end). */
  readonly body: Uint8Array;
  readonly bodyBits: number;
  /** The event as it comes out of the wire. */
  readonly net: NetEvent;
}

export function encodeEvent(e: NetEvent): EncodedEvent {
  const q = quantizeEvent(e.event);
  const w = new BitWriter(32);
  const { type: _type, ...body } = q;
  writeFull<object>(w, tableOf(q.type), body, { serverTick: e.tick });
  const bodyBits = w.bitLength;
  return {
    id: e.id,
    tick: e.tick,
    typeIndex: EVENT_TYPES.indexOf(q.type),
    body: w.view().slice(0, (bodyBits >> 3) + 4),
    bodyBits,
    net: { id: e.id, tick: e.tick, event: q },
  };
}

/** The list layout above, from events encoded beforehand: a few small writes and one splice each. */
export function writeEncodedEvents(w: BitWriter, events: readonly EncodedEvent[], serverTick: Tick): void {
  w.writeVarUint(events.length, 3);
  let prevId = -1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    w.writeBits(e.typeIndex, TYPE_BITS);
    if (prevId < 0) w.writeBits(e.id, 16);
    else w.writeVarUint((e.id - prevId + 65536) % 65536, 3);
    prevId = e.id;
    w.writeVarInt(serverTick - e.tick, 4);
    w.appendBits(e.body, 0, e.bodyBits);
  }
}

export function writeEvents(w: BitWriter, events: readonly NetEvent[], serverTick: Tick): void {
  writeEncodedEvents(w, events.map(encodeEvent), serverTick);
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
