/**
 * The field tables of docs/PROTOCOL.md ("Field tables", "Delta of one entity"): for each entity
 * type its fields in wire order, each with a kind and a group, plus the common change masks.
 *
 * Group `key` is the id (never delta-coded), `hot` fields change often, `rare` seldom. A mask has
 * one bit per field of its group, the group's first field as the most significant bit.
 */

export type Kind =
  | 'u8' // u8
  | 'u16' // u16
  | 'bool' // 1 bit; a delta writes nothing (the change bit means "flipped")
  | 'weapon' // 1 bit weapon id
  | 'seq' // u8; delta: varuint(2) step mod 256
  | 'counter' // varuint(4); delta: varint(2) difference
  | 'score' // varint(4), |v| <= 2^31; delta: varint(2) difference (match block, protocol 3)
  | 'mode' // u1: 0 deathmatch, 1 team deathmatch
  | 'phase' // u2: 0 waiting, 1 warm-up, 2 live, 3 ended
  | 'team' // u2: 0 none, 1 red, 2 blue (3 refused)
  | 'ammo' // u8 per weapon (2)
  | 'timer' // [set:1] then varint(5) of (tick - context tick); set = 0 means the tick is 0 ("none")
  | 'vel' // s16 on the 1/16 grid; delta classed+abs(6,9,12; s16)
  | 'pos' // u16 on the 1/16 grid; delta: error of the velocity prediction, classed+abs(2,5,9; u16)
  | 'aim' // u16; delta: shortest signed turn, classed(10,12,14,16)
  | 'move' // s8 in [-127, 127]
  | 'buttons' // u4
  | 'weaponSelect' // u8: a weapon id or 255 = keep
  | 'viewTick'; // full like a timer against the command's tick; delta [set:1] then varint(3) step

export type Group = 'key' | 'hot' | 'rare';

export interface FieldDef {
  name: string;
  kind: Kind;
  group: Group;
  /** For `pos`: the velocity field its prediction uses. */
  vel?: string;
}

export interface Table {
  fields: FieldDef[];
  /** Common masks, in code order: code i is i one-bits then a zero; all ones = raw mask follows. */
  hotPatterns: string[][];
  rarePatterns: string[][];
}

const f = (name: string, kind: Kind, group: Group, vel?: string): FieldDef =>
  vel ? { name, kind, group, vel } : { name, kind, group };

const PUBLIC_PLAYER: FieldDef[] = [
  f('id', 'u8', 'key'),
  f('vx', 'vel', 'hot'),
  f('vy', 'vel', 'hot'),
  f('x', 'pos', 'hot', 'vx'),
  f('y', 'pos', 'hot', 'vy'),
  f('aim', 'aim', 'hot'),
  f('health', 'u8', 'rare'),
  f('alive', 'bool', 'rare'),
  f('crouch', 'bool', 'rare'),
  f('weapon', 'weapon', 'rare'),
  f('teleportSeq', 'seq', 'rare'),
  f('kills', 'counter', 'rare'),
  f('deaths', 'counter', 'rare'),
];

const MOVING = ['vx', 'vy', 'x', 'y', 'aim'];

/** Every other player, as each client sees them. */
export const PLAYER: Table = {
  fields: PUBLIC_PLAYER,
  hotPatterns: [MOVING, ['aim'], []],
  rarePatterns: [[], ['health'], ['health', 'alive', 'teleportSeq'], ['health', 'alive', 'deaths']],
};

/** The receiver's own player (`self`): the public fields plus its weapon state. */
export const SELF: Table = {
  fields: [
    ...PUBLIC_PLAYER,
    f('ammo', 'ammo', 'rare'),
    f('nextFireTick', 'timer', 'rare'),
    f('reloadEndTick', 'timer', 'rare'),
    f('deployEndTick', 'timer', 'rare'),
    f('respawnTick', 'timer', 'rare'),
  ],
  hotPatterns: [MOVING, ['aim'], []],
  rarePatterns: [[]],
};

export const PROJECTILE: Table = {
  fields: [
    f('id', 'u16', 'key'),
    f('owner', 'u8', 'rare'),
    f('vx', 'vel', 'hot'),
    f('vy', 'vel', 'hot'),
    f('x', 'pos', 'hot', 'vx'),
    f('y', 'pos', 'hot', 'vy'),
    f('explodeTick', 'timer', 'rare'),
  ],
  hotPatterns: [['x', 'y'], []],
  rarePatterns: [[]],
};

/** A command without its tick (the packet carries the ticks). All seven fields are hot; the rare group is empty. */
export const COMMAND: Table = {
  fields: [
    f('moveX', 'move', 'hot'),
    f('moveY', 'move', 'hot'),
    f('aim', 'aim', 'hot'),
    f('buttons', 'buttons', 'hot'),
    f('weaponSelect', 'weaponSelect', 'hot'),
    f('viewTick', 'viewTick', 'hot'),
    f('viewFrac', 'u8', 'hot'),
  ],
  hotPatterns: [['viewTick'], ['viewTick', 'viewFrac'], ['viewTick', 'aim']],
  rarePatterns: [[]],
};

/** The match block's header (protocol 3): every field rare; the empty hot group has one pattern (none). */
export const MATCH_HEADER: Table = {
  fields: [
    f('mode', 'mode', 'rare'),
    f('mapId', 'u8', 'rare'),
    f('phase', 'phase', 'rare'),
    f('phaseEndTick', 'timer', 'rare'),
    f('fragLimit', 'u8', 'rare'),
    f('timeLimitS', 'u16', 'rare'),
    f('friendlyFire', 'bool', 'rare'),
    f('seq', 'seq', 'rare'),
    f('redScore', 'score', 'rare'),
    f('blueScore', 'score', 'rare'),
  ],
  hotPatterns: [[]],
  rarePatterns: [[], ['redScore'], ['blueScore'], ['phase', 'phaseEndTick']],
};

/** One player's row in the match block: team, score, bot. */
export const MATCH_PLAYER: Table = {
  fields: [f('id', 'u8', 'key'), f('team', 'team', 'rare'), f('score', 'score', 'rare'), f('bot', 'bool', 'rare')],
  hotPatterns: [[]],
  rarePatterns: [[], ['score']],
};

export const groupOf = (t: Table, g: Group): FieldDef[] => t.fields.filter((x) => x.group === g);

/** The mask of `names` within group `fields` (first field = most significant bit). */
export function maskOf(fields: FieldDef[], names: string[]): number {
  return fields.reduce((m, x, i) => (names.includes(x.name) ? m + 2 ** (fields.length - 1 - i) : m), 0);
}
