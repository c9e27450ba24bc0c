/**
 * The wire protocol's public surface: message types, codecs (command packet, snapshot and its
 * parts, control, events, the migration checkpoint's envelope) and the bit writer/reader they
 * share. No game's wire is here (the arena's is src/arena/protocol). A game
 * brings its snapshot schema (`compileSnapshotSchema`) and command schema (`CommandSchema`); the
 * snapshot and command functions take them first. Everything here is pure.
 */
export * from './wire';
export * from './control-messages';
export type { DebugMessage, RewindAdjustmentWire, RewindDebugWire } from './debug-messages';
export type { Hitbox } from './hitbox';
export type { PlayerId, Tick } from './ids';
export { BitReader, BitWriter, zigzag, unzigzag } from './bits';
export type { FieldTable, FieldSpec } from './table-codec';
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
export { CHECKPOINT_LIMITS, type CheckpointCvar } from './checkpoint-fields';
export { encodeCoreCheckpoint, decodeCoreCheckpoint, type CoreCheckpoint } from './core-checkpoint-codec';
