/**
 * A fixed corpus of wire encodings and decodings, so a change of the codecs' implementation can be
 * checked to leave every bit on the wire as it was (protocol version 3; snapshots carry the match block). `wireCorpus()` returns,
 * per category, one short hash per item: the encoded bytes (snapshots full and delta, split parts,
 * command packets, the bench workload's deltas) and what the decoders make of mutated bytes
 * (accepted value or refusal). `wire-golden.test.ts` compares it with the committed fixture
 * (write-wire-corpus.ts writes it; run it only for a deliberate wire change).
 */
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { createHash } from 'node:crypto';
import { decodeCmdPacket, encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { decodeSnapshot, encodeSnapshot, quantizeSnapshot } from '../../../src/protocol/snapshot';
import { encodeSnapshotParts } from '../../../src/protocol/snapshot-parts';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { snapshotFor, workloadFrames } from '../../../bench/workload';
import { Rng, evolve, snapshot, userCmd } from './gen';

export const short = (data: Uint8Array | string): string =>
  createHash('sha256').update(data).digest('hex').slice(0, 10);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length + 2, 0));
  let at = 0;
  for (const p of parts) {
    out[at++] = p.length >> 8;
    out[at++] = p.length & 0xff;
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Bit flips, truncation or extension of a valid encoding (as the fuzz test does). */
export function mutate(r: Rng, valid: Uint8Array): Uint8Array {
  const bytes = [...valid];
  const kind = r.int(0, 2);
  if (kind === 0 || bytes.length === 0) {
    for (let n = r.int(1, 3); n > 0 && bytes.length; n--) {
      const i = r.int(0, bytes.length - 1);
      bytes[i] = bytes[i]! ^ (1 << r.int(0, 7));
    }
  } else if (kind === 1) bytes.length = r.int(0, bytes.length - 1);
  else for (let n = r.int(1, 4); n > 0; n--) bytes.push(r.int(0, 255));
  return Uint8Array.from(bytes);
}

function snapshotItems(): { full: string[]; delta: string[]; decoded: string[] } {
  const full: string[] = [];
  const delta: string[] = [];
  const decoded: string[] = [];
  for (let seed = 1; seed <= 300; seed++) {
    const r = new Rng(seed);
    const baseline = quantizeSnapshot(
      ARENA_WIRE,
      snapshot(r, { players: r.int(0, 40), projectiles: r.int(0, 12), events: r.int(0, 12) }),
      0,
    );
    const target = evolve(r, baseline, r.int(1, 40));
    full.push(short(encodeSnapshot(ARENA_WIRE, target, null)));
    const bytes = encodeSnapshot(ARENA_WIRE, target, baseline);
    delta.push(short(bytes));
    for (let k = 0; k < 3; k++) {
      const out = decodeSnapshot(ARENA_WIRE, mutate(r, bytes), (t) =>
        t === baseline.serverTick ? baseline : undefined,
      );
      decoded.push(short(out.ok ? JSON.stringify(out.value) : 'refused'));
    }
  }
  return { full, delta, decoded };
}

function partItems(): string[] {
  const out: string[] = [];
  for (let seed = 1; seed <= 40; seed++) {
    const r = new Rng(1000 + seed);
    const withBaseline = r.bool();
    const baseline = withBaseline
      ? quantizeSnapshot(ARENA_WIRE, snapshot(r, { players: r.int(0, 120), projectiles: r.int(0, 40) }), 0)
      : null;
    const target = baseline
      ? evolve(r, baseline, 4)
      : snapshot(r, { players: r.int(60, 200), projectiles: r.int(0, 40), events: r.int(0, 30) });
    out.push(short(concat(encodeSnapshotParts(ARENA_WIRE, target, baseline, r.int(200, 1150)))));
  }
  return out;
}

function cmdItems(): { encoded: string[]; decoded: string[] } {
  const encoded: string[] = [];
  const decoded: string[] = [];
  const r = new Rng(77);
  for (let i = 0; i < 300; i++) {
    const t = r.int(0, 2 ** 31 - 10);
    const bytes = encodeCmdPacket(
      ARENA_COMMANDS,
      quantizeCmdPacket(ARENA_COMMANDS, {
        ackTick: r.bool(0.1) ? null : r.int(Math.max(0, t - 500), t + 20),
        sendTimeMs: r.int(0, 65535),
        cmds: [userCmd(r, t), userCmd(r, t + 1), userCmd(r, t + 2)].slice(r.int(0, 2)),
      }),
    );
    encoded.push(short(bytes));
    const out = decodeCmdPacket(ARENA_COMMANDS, mutate(r, bytes));
    decoded.push(short(out.ok ? JSON.stringify(out.value) : 'refused'));
  }
  return { encoded, decoded };
}

/** The bench workload (real sim states, events included): 4-old deltas as player 0 gets them. */
function workloadItems(players: number): string[] {
  const frames = [...workloadFrames({ players, seed: 5150, frames: 40 })];
  const snaps: Snapshot[] = frames.map((f) => quantizeSnapshot(ARENA_WIRE, snapshotFor(f.world, 0, f.events), 0));
  return snaps.slice(4).map((s, i) => short(encodeSnapshot(ARENA_WIRE, s, snaps[i]!)));
}

export function wireCorpus(): Record<string, string[]> {
  const s = snapshotItems();
  const c = cmdItems();
  return {
    snapshotFull: s.full,
    snapshotDelta: s.delta,
    snapshotDecodeMutated: s.decoded,
    snapshotParts: partItems(),
    cmdPacket: c.encoded,
    cmdDecodeMutated: c.decoded,
    workload16: workloadItems(16),
    workload64: workloadItems(64),
  };
}
