/**
 * The wire protocol's public surface: message types, codecs (command packet, snapshot and its
 * parts, control, events, migration checkpoint) and the bit writer/reader they share. A game
 * brings its snapshot schema (`compileSnapshotSchema`) and command schema (`CommandSchema`); the
 * snapshot and command functions take them first. Everything here is pure.
 */
export * from './wire';
export * from './control-messages';
export * from './game-messages';
export { BitReader, BitWriter, zigzag, unzigzag } from './bits';
export {
  PLAYER_FIELDS,
  PUBLIC_PLAYER_FIELDS,
  PROJECTILE_FIELDS,
  USER_CMD_FIELDS,
  type FieldTable,
  type FieldSpec,
} from './fields';
export type { FieldCodec, FieldContext } from './field-codecs';
export { encodeCmdPacket, decodeCmdPacket, quantizeCmdPacket } from './cmd-packet';
export type { CommandPacket, CommandSchema } from './command-schema';
export { compileSnapshotSchema } from './snapshot-schema';
export type {
  EntitySection,
  RulesBlockCodec,
  RulesReader,
  RulesWriter,
  SectionDef,
  SnapshotSchema,
  SnapshotWire,
} from './snapshot-schema';
export type { AnySnapshot, TaggedEvent, SnapshotHead, SnapshotOf, WireTypes } from './snapshot-types';
export { compileEventCodec, type EncodedEvent, type EventCodec, type EventSchema } from './event-codec';
export { SnapshotDecoder } from './snapshot-decoder';
export { encodeSnapshot, decodeSnapshot, quantizeSnapshot, usableBaseline } from './snapshot';
export { encodeSnapshotParts } from './snapshot-parts';
export { SnapshotAssembler } from './snapshot-assembler';
export { encodeControl, decodeControl, normalizeControl, MAX_LOBBY_PLAYERS } from './control';
export { cleanText, textProblem, NAME_RULE, PASSWORD_RULE, MESSAGE_RULE } from './text';
export { encodeCheckpoint, decodeCheckpoint } from './checkpoint-codec';
export {
  CHECKPOINT_VERSION,
  CHECKPOINT_LIMITS,
  type Checkpoint,
  type CheckpointClient,
  type CheckpointCvar,
  type CheckpointServer,
  type DepartedPlayer,
  type RewindTick,
  type RewindBox,
} from './checkpoint-types';
