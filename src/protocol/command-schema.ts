/**
 * A game's command, as the netcode carries it (cmd-packet.ts) and buffers it (server/command-buffer.ts):
 * one per player per tick, stamped with its tick. The game names its field table (the tick is the
 * key; other fields are the game's) and the rules that keep commands trustworthy:
 *
 *  - `sanitize` makes any command valid (clamps, masks); `isSanitized` says whether a command is
 *    already what `sanitize` returns. The packet decoder refuses any command that is not, so a
 *    decoded command is trusted as `C` and never checked again (the host's one trust boundary).
 *  - `restamp` is how the server reuses a command for a tick the client sent none for (a late or
 *    lost packet): the same input held on, or, after too long, no input at all (`neutral`).
 *
 * `C` is the sanitized command type (often a branded `Raw`); `Raw` is any command a caller builds.
 */
import type { TableCodec } from './table-codec';
import type { Tick } from './ticks';

export interface CommandSchema<C extends Raw, Raw extends { tick: Tick } = C> {
  /** The command's fields; `tick` is the key, and the field context's tick is the command's own. */
  readonly codec: TableCodec<Raw>;
  /** A command the decoder overwrites field by field (any valid values). */
  blank(): Raw;
  /** `out` takes every field of `from`; returns `out`. */
  copyInto(out: Raw, from: Raw): Raw;
  sanitize(cmd: Raw): C;
  isSanitized(cmd: Raw): cmd is C;
  /**
   * `cmd` run again at the server's `tick`, `shift` ticks after the tick it was made for (a
   * game that records when its client saw the world moves that on by `shift`); `neutral`: as if
   * the player held nothing (a dead link must not keep running and firing). Still sanitized.
   */
  restamp(cmd: C, tick: Tick, shift: number, neutral: boolean): C;
}

/**
 * Client → host, unreliable, every client tick: the newest commands (redundancy against loss)
 * and the ack. `C`: sanitized commands (the decoder hands out no other).
 */
export interface CommandPacket<C> {
  /**
   * Server tick of the newest complete snapshot this client received and still holds, or null when
   * it holds none it trusts (the host then sends a full snapshot). Independent of the command ticks:
   * it may lie before or after them, but it only ever names a snapshot that really arrived.
   */
  ackTick: Tick | null;
  /** Client clock in ms, mod 65536; echoed back in snapshots to measure the round trip. */
  sendTimeMs: number;
  /** 1..CMDS_PER_PACKET commands with consecutive ticks, oldest first. */
  cmds: C[];
}

/** How many of the newest commands ride in every command packet (redundancy against loss). */
export const CMDS_PER_PACKET = 3;
