/**
 * The arena's snapshot schema, compiled once (`ARENA_WIRE`): what the netcode's snapshot codec
 * runs on for this game. The receiver's own player in full (PLAYER_CODEC), then two entity lists:
 * every other player (their public fields; the receiver's section) and live rockets; the match
 * block as the rules block; the arena's events. The tables themselves are in src/protocol for now
 * (fields.ts, match-*.ts, events.ts); this file is the one place that puts them together, and the
 * wire is byte for byte the one before the schema existed (golden corpora hold it).
 */
import { mixPlayer, mixProjectile, mixPublicPlayer } from './checksum-objects';
import { ARENA_EVENTS } from './events';
import { PLAYER_CODEC, PROJECTILE_CODEC, PUBLIC_PLAYER_CODEC, type TableCodec } from './fields';
import type { AnyEntity } from '../../protocol/snapshot-schema';
import { compileSnapshotSchema, type SnapshotWire } from '../../protocol/snapshot-schema';
import type { ArenaWireTypes } from './arena-messages';
import type { ProjectileState, PublicPlayerState } from '../../sim/types';
import { ARENA_RULES } from './arena-rules';

const asAny = <T>(tc: TableCodec<T>): TableCodec<AnyEntity> => tc as unknown as TableCodec<AnyEntity>;

export type { ArenaWireTypes } from './arena-messages';

export const ARENA_WIRE: SnapshotWire<ArenaWireTypes> = compileSnapshotSchema<ArenaWireTypes>({
  self: PLAYER_CODEC,
  selfMix: mixPlayer,
  sections: [
    {
      name: 'players',
      codec: asAny(PUBLIC_PLAYER_CODEC),
      idBits: 8,
      maxCount: 256,
      receiver: true,
      mix: (h, e) => mixPublicPlayer(h, e as PublicPlayerState),
    },
    {
      name: 'projectiles',
      codec: asAny(PROJECTILE_CODEC),
      idBits: 16,
      maxCount: 4096,
      mix: (h, e) => mixProjectile(h, e as ProjectileState),
    },
  ],
  rules: ARENA_RULES,
  events: ARENA_EVENTS,
});
