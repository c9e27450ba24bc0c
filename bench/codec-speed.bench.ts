/**
 * Codec speed (issue 10's yardstick), all in one run on the seeded workload (bench/workload.ts,
 * as snapshot-bytes): microseconds per snapshot for
 *  - ours, one client: `encodeSnapshot` of a 4-old delta from Snapshot objects, and its decode
 *    as the client's SnapshotInbox runs it (what a client pays per snapshot): one SnapshotDecoder,
 *    each delta against the snapshot that decoder returned 4 snapshots before, held only while it
 *    is a baseline; of it, the baseline checksum the protocol has every delta check;
 *  - ours, the host's path: every player is a client on the 4-old baseline, the tick's world is
 *    packed once and SnapshotBroadcast encodes each client's datagram (shared pieces spliced):
 *    the tick's total divided by the client count, i.e. the cost of one delta as the host pays it
 *    (datagrams as views of one reused buffer, as the worker sends them on its DataChannels; and
 *    with a new buffer per datagram, as a MessagePort transfer needs);
 *  - @colyseus/schema: `encode()` of the patch after the state was updated (its diffing happens
 *    while fields are set, so "update + encode" is shown too), and `decode()` of each patch in
 *    order into a fresh Decoder (the first, full patch untimed);
 *  - an encode floor: copying the same quantized fields into a preallocated Int32Array (no format);
 *  - a decode floor (decode-floor.ts): every field a snapshot carries, bit-packed at full width,
 *    read straight-line into a preallocated Int32Array (no masks, deltas, checks or objects).
 * Each figure is the best of five passes over 300 snapshots, after a throw-away round at every size
 * (JIT warm-up and a stray GC excluded),
 * timed in CPU time of the process (the machine is shared: wall time counts other processes too),
 * so the ratios compare like with like; GC is the share of the host-path passes spent collecting.
 * Issue 10's targets: encode <= 0.5 x colyseus and <= 3 x the floor; decode <= 1 x colyseus;
 * the compiled decoder's: decode <= 3 x the decode floor.
 */
import { ARENA_WIRE } from '../src/arena/protocol/arena-wire';
import { Decoder, Encoder } from '@colyseus/schema';
import type { Snapshot } from '../src/arena/protocol/arena-messages';
import { encodeSnapshot, quantizeSnapshot } from '../src/protocol/snapshot';
import { measureDecode } from './client-decode';
import { FloorReader, packFloor } from './decode-floor';
import { DatagramArena } from '../src/protocol/datagram-arena';
import { SnapshotBroadcast } from '../src/protocol/snapshot-broadcast';
import { SnapshotFrame } from '../src/protocol/snapshot-view';
import type { WorldState } from '../src/sim/types';
import { GcMeter, cpuMs } from './gc-meter';
import { POS_SCALE } from '../src/sim';
import { ColState, applyToColyseus } from './colyseus-state';
import type { BenchModule } from './run';
import { snapshotFor, workloadFrames } from './workload';

const PLAYER_COUNTS = [16, 32, 64, 128];
const FRAMES = 300;
const SEED = 20260;
const PASSES = 5;

/** Best per-item microseconds of `PASSES` runs of `pass` (which handles `items` snapshots). */
function bestUs(items: number, pass: () => void): number {
  let best = Infinity;
  for (let i = 0; i < PASSES; i++) {
    const start = cpuMs();
    pass();
    best = Math.min(best, ((cpuMs() - start) * 1000) / items);
  }
  return best;
}

/** The floor: every field a delta carries, as integers on the wire grid, into a reused typed array. */
function copyToTypedArray(s: Snapshot, out: Int32Array): number {
  let i = 0;
  const put = (v: number): void => {
    out[i++] = v;
  };
  for (const p of [s.self, ...s.players]) {
    put(p.id);
    put(Math.round(p.x * POS_SCALE));
    put(Math.round(p.y * POS_SCALE));
    put(Math.round(p.vx * POS_SCALE));
    put(Math.round(p.vy * POS_SCALE));
    put(p.aim);
    put(p.health);
    put(p.alive ? 1 : 0);
    put(p.crouch ? 1 : 0);
    put(p.weapon);
    put(p.teleportSeq);
    put(p.kills);
    put(p.deaths);
  }
  for (const j of s.projectiles) {
    put(j.id);
    put(Math.round(j.x * POS_SCALE));
    put(Math.round(j.y * POS_SCALE));
    put(Math.round(j.vx * POS_SCALE));
    put(Math.round(j.vy * POS_SCALE));
  }
  return i;
}

interface Row {
  players: number;
  oursEncode: number;
  broadcastEncode: number;
  broadcastOwnBuffers: number;
  broadcastGcShare: number;
  oursDecode: number;
  checksum: number;
  decodeFloor: number;
  bytes: number;
  colEncode: number;
  colUpdateEncode: number;
  colDecode: number;
  floor: number;
}

/**
 * The host's path: per tick, pack the world once and encode a datagram for every player on the
 * 4-old baseline. Returns best µs per client datagram and the GC share of all passes.
 */
async function measureBroadcast(
  worlds: readonly WorldState[],
  check: readonly Uint8Array[],
): Promise<{ us: number; ownBuffers: number; gcShare: number }> {
  // Protocol 3: the match block rides in every snapshot (snapshotFor's), so the frame carries it too.
  const matches = worlds.map((w) => snapshotFor(w, w.players[0]!.id).match);
  const frames = worlds.map((w, i) =>
    new SnapshotFrame(ARENA_WIRE).capture(w.tick, [w.players, w.projectiles], matches[i]),
  );
  const broadcast = new SnapshotBroadcast(ARENA_WIRE);
  const headers = worlds.map((w) => snapshotFor(w, w.players[0]!.id));
  const ids = worlds.map((w) => w.players.map((p) => p.id));
  const first = (i: number): Uint8Array => {
    broadcast.begin(frames[i]!);
    return broadcast.encode({ receiverId: ids[i]![0]!, header: headers[i]!, baseline: frames[i - 4]!, events: [] })[0]!;
  };
  // The shared path must give the per-client bytes (the tests prove it; this keeps the bench honest).
  for (let i = 4; i < worlds.length; i += 50)
    if (!Buffer.from(first(i)).equals(check[i - 4]!)) throw new Error('broadcast bytes differ');
  let clients = 0;
  for (let i = 4; i < worlds.length; i++) clients += ids[i]!.length;
  const pass = (): void => {
    for (let i = 4; i < worlds.length; i++) {
      const w = worlds[i]!;
      broadcast.arena?.reset();
      broadcast.begin(frames[i]!.capture(w.tick, [w.players, w.projectiles], matches[i]));
      for (const id of ids[i]!)
        broadcast.encode({ receiverId: id, header: headers[i]!, baseline: frames[i - 4]!, events: [] });
    }
  };
  // Each datagram in a buffer of its own (what a MessagePort transfer needs), measured first.
  const ownBuffers = bestUs(clients, pass);
  // As the host's worker runs it: datagrams are views of one arena reused every tick (DataChannel.send copies).
  broadcast.arena = new DatagramArena();
  const gc = new GcMeter();
  gc.start();
  const us = bestUs(clients, pass);
  return { us, ownBuffers, gcShare: await gc.stop() };
}

/** Best µs per patch of colyseus' decode, patches applied in order (the first, full one untimed). */
function measureColyseusDecode(patches: readonly Buffer[]): number {
  let best = Infinity;
  for (let pass = 0; pass < PASSES; pass++) {
    const decoder = new Decoder(new ColState());
    decoder.decode(patches[0]!);
    const start = cpuMs();
    for (let i = 1; i < patches.length; i++) decoder.decode(patches[i]!);
    best = Math.min(best, ((cpuMs() - start) * 1000) / (patches.length - 1));
  }
  return best;
}

async function measure(players: number): Promise<Row> {
  const frames = [...workloadFrames({ players, seed: SEED, frames: FRAMES })];
  const snaps = frames.map((f) => quantizeSnapshot(ARENA_WIRE, snapshotFor(f.world, 0), 0));
  const pairs = snaps.slice(4).map((s, i) => ({ target: s, baseline: snaps[i]! }));
  const encoded = pairs.map((p) => encodeSnapshot(ARENA_WIRE, p.target, p.baseline));
  const oursEncode = bestUs(pairs.length, () => {
    for (const p of pairs) encodeSnapshot(ARENA_WIRE, p.target, p.baseline);
  });
  const decode = measureDecode(snaps, encoded, PASSES);
  const floorBytes = pairs.map((p) => packFloor(p.target));
  const floorReader = new FloorReader();
  const floorOut = new Int32Array(32 * (players + 64));
  const decodeFloor = bestUs(floorBytes.length, () => {
    for (const b of floorBytes) floorReader.read(b, floorOut);
  });
  const broadcast = await measureBroadcast(
    frames.map((f) => f.world),
    encoded,
  );
  // Colyseus: a fresh state per pass (its encoder diffs against the previous patch).
  let colEncodeOnly = Infinity;
  const patches: Buffer[] = [];
  const colUpdateEncode = bestUs(snaps.length, () => {
    const state = new ColState();
    const encoder = new Encoder(state);
    let encodeMs = 0;
    for (const s of snaps) {
      applyToColyseus(state, s);
      const t0 = cpuMs();
      const patch = encoder.encode();
      encodeMs += cpuMs() - t0;
      if (patches.length < snaps.length) patches.push(Buffer.from(patch));
      encoder.discardChanges();
    }
    colEncodeOnly = Math.min(colEncodeOnly, (encodeMs * 1000) / snaps.length);
  });
  const scratch = new Int32Array(16 * (players + 64));
  const floor = bestUs(pairs.length, () => {
    for (const p of pairs) copyToTypedArray(p.target, scratch);
  });
  const bytes = encoded.reduce((n, e) => n + e.length, 0) / encoded.length;
  return {
    players,
    oursEncode,
    broadcastEncode: broadcast.us,
    broadcastOwnBuffers: broadcast.ownBuffers,
    broadcastGcShare: broadcast.gcShare,
    oursDecode: decode.us,
    checksum: decode.checksum,
    decodeFloor,
    bytes,
    colEncode: colEncodeOnly,
    colUpdateEncode,
    colDecode: measureColyseusDecode(patches),
    floor,
  };
}

const f1 = (v: number): string => v.toFixed(1);
const ratio = (a: number, b: number): string => (a / b).toFixed(2);

function render(rows: Row[]): string {
  return [
    '## Codec speed (µs per snapshot, same workload, same run)',
    '',
    `Workload: bench/workload.ts, seed ${SEED}, ${FRAMES} snapshots per player count; best of ${PASSES} passes, in CPU time of the process (user + system: the machine is shared, so wall time would count other processes). Ours: a 4-old delta.`,
    '"One client": `encodeSnapshot` from Snapshot objects (packing included). "Host, per client": every player is a client on the 4-old baseline; per tick the world is packed once and SnapshotBroadcast writes every datagram (shared pieces spliced; bytes identical to the one-client encoder): the tick\'s time divided by the number of clients, with the datagrams as views of one buffer reused every tick, as the host\'s worker sends them (RTCDataChannel.send copies); "own buffers": the same with a new ArrayBuffer per datagram, what a MessagePort transfer needs (the dedicated host). GC: share of the host-path passes (reused buffer) spent in garbage collection.',
    '@colyseus/schema: `encode()` of each patch (its change tracking runs while fields are set: "update + encode" includes that); `decode()` of each patch in order into a fresh Decoder. Encode floor: copying the same quantized fields into a preallocated Int32Array.',
    '',
    '| players | ours encode, one client | ours encode, host per client | host per client, own buffers | GC share (host) | colyseus encode | colyseus update + encode | encode floor | host encode / colyseus encode | host encode / colyseus update + encode | host encode / encode floor |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.players} | ${f1(r.oursEncode)} | ${f1(r.broadcastEncode)} | ${f1(r.broadcastOwnBuffers)} | ${(r.broadcastGcShare * 100).toFixed(1)} % | ${f1(r.colEncode)} | ${f1(r.colUpdateEncode)} | ${f1(r.floor)} | ${ratio(r.broadcastEncode, r.colEncode)} | ${ratio(r.broadcastEncode, r.colUpdateEncode)} | ${ratio(r.broadcastEncode, r.floor)} |`,
    ),
    '',
    'Decode, as the client runs it: one SnapshotDecoder, each 4-old delta against the snapshot it decoded for that tick (rows and checksum from its ring, the match block shared where unchanged), returning the Snapshot objects the client keeps. "Of which checksum": the baseline checksum of each decoded snapshot alone (`snapshotChecksum`), which every delta has the decoder check (over the objects of its baseline, once: the first time it is one). Decode floor (bench/decode-floor.ts): every field the snapshot carries (self, players, projectiles, match block), bit-packed at full width, read straight-line into a preallocated Int32Array: no masks, deltas, checks, checksum or objects.',
    '',
    '| players | bytes per delta | ours decode | of which checksum | decode floor | decode / decode floor | colyseus decode | decode / colyseus decode |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.players} | ${f1(r.bytes)} | ${f1(r.oursDecode)} | ${f1(r.checksum)} | ${f1(r.decodeFloor)} | ${ratio(r.oursDecode, r.decodeFloor)} | ${f1(r.colDecode)} | ${ratio(r.oursDecode, r.colDecode)} |`,
    ),
    '',
    'Issue 10 targets: encode ≤ 0.5 × colyseus encode and ≤ 3 × the encode floor; decode ≤ 1 × colyseus decode. Compiled decoder: decode ≤ 3 × the decode floor.',
  ].join('\n');
}

const bench: BenchModule = {
  name: 'codec-speed',
  async run(): Promise<string> {
    // One throw-away round at every size first, so no row pays the JIT's warm-up: with only the
    // first size warmed, the 16- and 32-player decode rows still ran partly unoptimized code
    // (a standalone loop: 29 µs at 16 players after one round, 11 µs after four).
    for (const n of PLAYER_COUNTS) await measure(n);
    const rows: Row[] = [];
    for (const n of PLAYER_COUNTS) rows.push(await measure(n));
    return render(rows);
  },
};

export default bench;
