/**
 * The client's snapshot decode as the codec-speed bench times it (codec-speed.bench.ts): one
 * SnapshotDecoder per pass, the first four snapshots decoded in full (untimed), then each 4-old
 * delta against the snapshot that decoder returned for its baseline tick, held only while it is
 * a baseline (as SnapshotInbox holds its snapshots), so its ring answers as it does in a client.
 * Also times the baseline checksum of each decoded snapshot alone: the protocol has every delta
 * check its baseline's, so it is part of the decode (every snapshot is a later one's baseline).
 */
import type { ArenaWireTypes } from '../src/arena/protocol/arena-messages';
import { ARENA_WIRE } from '../src/arena/protocol/arena-wire';
import { snapshotChecksum } from '../src/protocol/baseline-checksum';
import type { Snapshot } from '../src/arena/protocol/arena-messages';
import { encodeSnapshot } from '../src/protocol/snapshot';
import { SnapshotDecoder } from '../src/protocol/snapshot-decoder';
import type { DecodeResult } from '../src/protocol/wire';
import { cpuMs } from './gc-meter';

function ok(r: DecodeResult<Snapshot>): Snapshot {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** Best µs per item of `passes` runs of `pass` (CPU time of the process). */
function bestUs(passes: number, items: number, pass: () => void): number {
  let best = Infinity;
  for (let i = 0; i < passes; i++) {
    const start = cpuMs();
    pass();
    best = Math.min(best, ((cpuMs() - start) * 1000) / items);
  }
  return best;
}

/**
 * `deltas[i]` is `snaps[i + 4]` against `snaps[i]`. Returns the best µs per delta and the best µs
 * of the checksum of one decoded snapshot; throws if the last decoded snapshots are not the sent ones.
 */
export function measureDecode(
  snaps: readonly Snapshot[],
  deltas: readonly Uint8Array[],
  passes: number,
): { us: number; checksum: number } {
  const fulls = snaps.slice(0, 4).map((s) => encodeSnapshot(ARENA_WIRE, s, null));
  const held: Snapshot[] = [];
  const lookup = (slot: number) => (tick: number) => (held[slot]?.serverTick === tick ? held[slot] : undefined);
  let us = Infinity;
  for (let p = 0; p < passes; p++) {
    const decoder = new SnapshotDecoder<ArenaWireTypes>(ARENA_WIRE);
    fulls.forEach((f, i) => (held[i] = ok(decoder.decode(f, () => undefined))));
    // Timed: the deltas only.
    const start = cpuMs();
    for (let i = 0; i < deltas.length; i++) held[i % 4] = ok(decoder.decode(deltas[i]!, lookup(i % 4)));
    us = Math.min(us, ((cpuMs() - start) * 1000) / deltas.length);
  }
  // The bench must not time a broken decoder: the last four decoded are the snapshots sent.
  for (let k = deltas.length; k < deltas.length + 4; k++) {
    const want = { ...snaps[k]!, baselineTick: snaps[k - 4]!.serverTick };
    if (JSON.stringify(held[(k - 4) % 4]) !== JSON.stringify(want)) throw new Error('decoded snapshot differs');
  }
  const outputs = snaps.slice(4);
  const checksum = bestUs(passes, outputs.length, () => {
    for (const s of outputs) snapshotChecksum(ARENA_WIRE, s);
  });
  return { us, checksum };
}
