/**
 * The rewind section of a migration checkpoint (checkpoint-codec.ts): the lag-compensation
 * history of the ticks just before the checkpoint's, so a restored server judges shots made
 * before it exactly as the old host would have.
 *
 * Layout (docs/PROTOCOL.md "Migration checkpoint"): [count varuint(4)] then per tick, oldest
 * first: [(worldTick − tick) varuint(4), ≥ 1, strictly decreasing] [boxes varuint(4)] and per box
 * [id u8, strictly increasing] [x u16] [y u16] (1/16 grid) [alive 1] [crouch 1] [teleportSeq u8].
 * The reader never throws: it calls `r.fail` on anything else; the caller checks `r.ok`.
 */
import { POS_SCALE } from '../../sim/quantize';
import type { Tick } from '../../protocol/ticks';
import type { BitReader, BitWriter } from '../../protocol/bits';
import { CHECKPOINT_LIMITS, type RewindBox, type RewindTick } from './checkpoint-types';
import { checkSorted, readCount } from '../../protocol/checkpoint-fields';

export function writeRewind(w: BitWriter, rewind: readonly RewindTick[], worldTick: Tick): void {
  if (rewind.length > CHECKPOINT_LIMITS.rewindTicks) throw new RangeError(`checkpoint: ${rewind.length} rewind ticks`);
  w.writeVarUint(rewind.length, 4);
  for (const t of rewind) {
    w.writeVarUint(worldTick - t.tick, 4);
    w.writeVarUint(t.boxes.length, 4);
    for (const b of t.boxes) {
      w.writeBits(b.id, 8);
      w.writeBits(b.x * POS_SCALE, 16);
      w.writeBits(b.y * POS_SCALE, 16);
      w.writeBool(b.alive);
      w.writeBool(b.crouch);
      w.writeBits(b.teleportSeq, 8);
    }
  }
}

function readBox(r: BitReader): RewindBox {
  const id = r.readBits(8);
  const x = r.readBits(16) / POS_SCALE;
  const y = r.readBits(16) / POS_SCALE;
  return { id, x, y, alive: r.readBool(), crouch: r.readBool(), teleportSeq: r.readBits(8) };
}

export function readRewind(r: BitReader, worldTick: Tick): RewindTick[] {
  const count = readCount(r, CHECKPOINT_LIMITS.rewindTicks, 'rewind ticks');
  const out: RewindTick[] = [];
  for (let i = 0; i < count && r.ok; i++) {
    const ago = r.readVarUint(4);
    const tick = worldTick - ago;
    if (ago < 1 || tick < 0) r.fail(`rewind tick ${tick} not before the checkpoint's`);
    const n = readCount(r, CHECKPOINT_LIMITS.players, 'rewind boxes');
    const boxes: RewindBox[] = [];
    for (let k = 0; k < n && r.ok; k++) boxes.push(readBox(r));
    checkSorted(
      r,
      boxes.map((b) => b.id),
      'rewind boxes',
    );
    out.push({ tick, boxes });
  }
  checkSorted(
    r,
    out.map((t) => t.tick),
    'rewind ticks',
  );
  return out;
}
