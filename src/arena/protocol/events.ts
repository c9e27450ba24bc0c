/**
 * The arena's events on the wire: every SimEvent type has a field table (a new event type or
 * field without one fails the typecheck). Positions go on the 1/16 grid, damage to an integer
 * byte, aims to u16: `quantizeEvent(e)` is exactly what survives the wire, so decode(encode(e))
 * equals quantizeEvent(e). The list layout and the splice are the netcode's (event-codec.ts).
 */
import { quantizePos, wrapAngle } from '../../sim/quantize';
import type { SimEvent, SimEventType, Tick } from '../../sim/types';
import type { BitReader, BitWriter } from '../../protocol/bits';
import { compileEventCodec, type EncodedEvent, type EventCodec } from '../../protocol/event-codec';
import { angleCodec, posCodec, uintCodec, type FieldCodec } from '../../protocol/field-codecs';
import { MAX_PICKUPS } from '../../sim/maps';
import { PickupKind } from '../../sim/match-types';
import { weaponCodec, type FieldTable } from './fields';
import type { NetEvent } from './arena-messages';

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

/** The arena's event codec (event-codec.ts: the list layout and the splice). */
export const ARENA_EVENTS: EventCodec<SimEvent> = compileEventCodec<SimEvent>({
  types: EVENT_TYPES,
  typeBits: 3,
  tables: EVENT_FIELDS,
  quantize: quantizeEvent,
});

export { MAX_EVENTS } from '../../protocol/event-codec';

export const encodeEvent = (e: NetEvent): EncodedEvent<SimEvent> => ARENA_EVENTS.encode(e);

export function writeEvents(w: BitWriter, events: readonly NetEvent[], serverTick: Tick): void {
  ARENA_EVENTS.writeEncoded(w, events.map(encodeEvent), serverTick);
}

export const readEvents = (r: BitReader, serverTick: Tick): NetEvent[] => ARENA_EVENTS.read(r, serverTick);
