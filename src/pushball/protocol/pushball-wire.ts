/**
 * Pushball's snapshot schema, compiled once (`PUSHBALL_WIRE`): what the netcode's snapshot codec
 * (src/protocol) runs on for this game, built from the netcode's field codecs with no edit to it.
 *
 * - `self`: the receiver's own player, every field (its prediction starts from it).
 * - sections: `players` (everyone else; the receiver's section) and `balls` (the one ball, as an
 *   entity with id 0: an object nobody owns, interpolated and corrected like any other).
 * - rules: the scoreboard and clock (rules-block.ts). events: kick, goal, match end.
 * Positions and velocities ride on the sim's 1/16 grid (quantize.ts), the same grid the codecs
 * carry, so a decoded state equals the server's exactly.
 */
import { compileEventCodec } from '../../protocol/event-codec';
import { predictedPosCodec, scoreCodec, uintCodec, velCodec, type FieldCodec } from '../../protocol/field-codecs';
import { compileSnapshotSchema, type AnyEntity, type SnapshotWire } from '../../protocol/snapshot-schema';
import { compileTable, type FieldTable, type TableCodec } from '../../protocol/table-codec';
import type { BallState, PitchPlayer, PushEvent, PitchTeam } from '../sim';
import { PUSHBALL_RULES, type PushballRulesBlock } from './rules-block';

/** The ball as a snapshot entity: always id 0. */
export interface BallEntity extends BallState {
  id: number;
}

export interface PushballWireTypes {
  self: PitchPlayer;
  lists: { players: PitchPlayer; balls: BallEntity };
  rules: PushballRulesBlock;
  event: PushEvent;
}

const team = uintCodec(1) as FieldCodec<PitchTeam>;

export const PLAYER_FIELDS: FieldTable<PitchPlayer> = {
  id: { codec: uintCodec(255), group: 'key' },
  // Velocities before positions: a position delta is predicted from them.
  vx: { codec: velCodec, group: 'hot' },
  vy: { codec: velCodec, group: 'hot' },
  x: { codec: predictedPosCodec('vx'), group: 'hot' },
  y: { codec: predictedPosCodec('vy'), group: 'hot' },
  team: { codec: team, group: 'rare' },
  kickCooldown: { codec: uintCodec(255), group: 'rare' },
};

const BALL_FIELDS: FieldTable<BallEntity> = {
  id: { codec: uintCodec(1), group: 'key' },
  vx: { codec: velCodec, group: 'hot' },
  vy: { codec: velCodec, group: 'hot' },
  x: { codec: predictedPosCodec('vx'), group: 'hot' },
  y: { codec: predictedPosCodec('vy'), group: 'hot' },
  // -1 = nobody: a signed field.
  lastTouch: { codec: scoreCodec, group: 'rare' },
};

/** Decoded objects keep the sim's key order, so a decoded state's JSON equals the server's. */
const PLAYER_CODEC = compileTable(PLAYER_FIELDS, {
  objectOrder: ['id', 'team', 'x', 'y', 'vx', 'vy', 'kickCooldown'],
  rarePatterns: [[], ['kickCooldown']],
});
const BALL_CODEC = compileTable(BALL_FIELDS, { objectOrder: ['id', 'x', 'y', 'vx', 'vy', 'lastTouch'] });

const asAny = <T>(tc: TableCodec<T>): TableCodec<AnyEntity> => tc as unknown as TableCodec<AnyEntity>;

/** The id the ball has on the wire. */
export const BALL_ID = 0;

const PUSHBALL_EVENTS = compileEventCodec<PushEvent>({
  types: ['kick', 'goal', 'match-end'],
  tables: {
    kick: { playerId: { codec: uintCodec(255), group: 'hot' } },
    goal: { team: { codec: team, group: 'hot' }, scorerId: { codec: scoreCodec, group: 'hot' } },
    'match-end': {
      winner: { codec: scoreCodec as FieldCodec<PitchTeam | -1>, group: 'hot' },
      goals0: { codec: uintCodec(255), group: 'hot' },
      goals1: { codec: uintCodec(255), group: 'hot' },
    },
  },
  // Every field is already an integer in range.
  quantize: (e) => ({ ...e }),
});

export const PUSHBALL_WIRE: SnapshotWire<PushballWireTypes> = compileSnapshotSchema<PushballWireTypes>({
  self: PLAYER_CODEC,
  sections: [
    { name: 'players', codec: asAny(PLAYER_CODEC), idBits: 8, maxCount: 256, receiver: true },
    { name: 'balls', codec: asAny(BALL_CODEC), idBits: 1, maxCount: 1 },
  ],
  rules: PUSHBALL_RULES,
  events: PUSHBALL_EVENTS,
});

/** The ball as the snapshot's `balls` list carries it. */
export const ballEntity = (ball: BallState): BallEntity => ({ id: BALL_ID, ...ball });
