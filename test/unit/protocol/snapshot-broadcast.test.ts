import { describe, expect, it } from 'vitest';
import { ARENA_WIRE as wire } from '../../../src/arena/protocol/arena-wire';
import fc from 'fast-check';
import { encodeEvent } from '../../../src/arena/protocol/events';
import type { NetEvent, Snapshot } from '../../../src/arena/protocol/arena-messages';
import { DatagramArena } from '../../../src/protocol/datagram-arena';
import { decodeSnapshot } from '../../../src/protocol/snapshot';
import { SnapshotBroadcast, type BroadcastClient } from '../../../src/protocol/snapshot-broadcast';
import { encodeSnapshotParts } from '../../../src/protocol/snapshot-parts';
import { SnapshotFrame } from '../../../src/protocol/snapshot-view';
import type { PublicMatchState } from '../../../src/sim/match-types';
import type { PlayerState, ProjectileState } from '../../../src/sim/types';
import { Rng, evolveMatch, matchBlock, netEvents, player, projectile } from './gen';

/** The world of one tick, as the host holds it. */
interface World {
  tick: number;
  players: PlayerState[];
  projectiles: ProjectileState[];
  /** Protocol 3's match block; sometimes absent (a world without match rules). */
  match?: PublicMatchState;
}

function ids(r: Rng, max: number, count: number): number[] {
  const set = new Set<number>();
  while (set.size < count) set.add(r.int(0, max));
  return [...set].sort((a, b) => a - b);
}

function world(r: Rng, tick: number, players: number, projectiles: number): World {
  return {
    tick,
    players: ids(r, 255, players).map((id) => player(r, id, tick)),
    projectiles: ids(r, 65535, projectiles).map((id) => projectile(r, id, tick)),
    match: r.bool(0.1) ? undefined : matchBlock(r, tick),
  };
}

/** Some entities stay as they were, some change a few fields, some leave, a few join. */
function evolveList<T extends { id: number }>(r: Rng, list: readonly T[], make: (id: number) => T, maxId: number): T[] {
  const out: T[] = [];
  for (const e of list) {
    const roll = r.next();
    if (roll < 0.1) continue;
    if (roll < 0.4) out.push({ ...e });
    else {
      const fresh = make(e.id) as Record<string, unknown>;
      const next: Record<string, unknown> = { ...e };
      for (const key of Object.keys(e)) if (key !== 'id' && r.bool(0.3)) next[key] = fresh[key];
      out.push(next as T);
    }
  }
  for (let n = r.int(0, 3); n > 0; n--) {
    const id = r.int(0, maxId);
    if (!out.some((e) => e.id === id)) out.push(make(id));
  }
  return out.sort((a, b) => a.id - b.id);
}

function later(r: Rng, w: World, ticks: number): World {
  const tick = w.tick + ticks;
  return {
    tick,
    players: evolveList(r, w.players, (id) => player(r, id, tick), 255),
    projectiles: evolveList(r, w.projectiles, (id) => projectile(r, id, tick), 65535),
    match: w.match ? evolveMatch(r, w.match, tick) : undefined,
  };
}

function frameOf(w: World, into = new SnapshotFrame(wire)): SnapshotFrame {
  return into.capture(w.tick, [w.players, w.projectiles], w.match);
}

type Header = Pick<Snapshot, 'serverTick' | 'lastCmdTick' | 'cmdBufferDepth' | 'echoTimeMs' | 'echoHoldMs'>;

function header(r: Rng, tick: number): Header {
  return {
    serverTick: tick,
    lastCmdTick: Math.max(0, tick - r.int(-5, 200)),
    cmdBufferDepth: r.int(-64, 63),
    echoTimeMs: r.int(0, 65535),
    echoHoldMs: r.int(0, 2000),
  };
}

/** Client `id`'s snapshot of `w`, as the per-client path builds it. */
function snapshotOf(w: World, id: number, h: Header, events: NetEvent[]): Snapshot {
  const self = w.players.find((p) => p.id === id)!;
  return {
    ...h,
    baselineTick: 0,
    part: 0,
    partCount: 1,
    self,
    players: w.players.filter((p) => p.id !== id),
    projectiles: w.projectiles,
    events,
    match: w.match,
  };
}

interface Case {
  client: BroadcastClient;
  /** The per-client encoding of the same snapshot. */
  expected: Uint8Array[];
  baselineSnapshot: Snapshot | null;
}

/** A client of `target` acking `base` (null: none): the broadcast input and the per-client bytes. */
function clientCase(r: Rng, target: World, id: number, base: { world: World; frame: SnapshotFrame } | null): Case {
  const h = header(r, target.tick);
  const events = netEvents(r, target.tick, r.int(0, 6));
  // The client can only hold a snapshot of a tick its player was in.
  const held = base && base.world.players.some((p) => p.id === id) ? base : null;
  const baselineSnapshot = held ? snapshotOf(held.world, id, header(r, held.world.tick), []) : null;
  return {
    client: { receiverId: id, header: h, baseline: base ? base.frame : null, events: events.map(encodeEvent) },
    expected: encodeSnapshotParts(wire, snapshotOf(target, id, h, events), baselineSnapshot),
    baselineSnapshot,
  };
}

function decodeAll(parts: readonly Uint8Array[], baseline: Snapshot | null): Snapshot[] {
  return parts.map((bytes) => {
    const out = decodeSnapshot(wire, bytes, (t) => (baseline && t === baseline.serverTick ? baseline : undefined));
    if (!out.ok) throw new Error(out.error);
    return out.value;
  });
}

function expectSame(broadcast: SnapshotBroadcast, c: Case): void {
  const got = broadcast.encode(c.client);
  expect(got).toEqual(c.expected);
  expect(decodeAll(got, c.baselineSnapshot)).toEqual(decodeAll(c.expected, c.baselineSnapshot));
}

describe('SnapshotBroadcast (encode once, send many)', () => {
  it("hashes each baseline's due clients together: 8 + 8 clients on two baselines, interleaved by id, take 2 + 2 groups of lanes", () => {
    const r = new Rng(11);
    const w0 = { ...world(r, 500, 0, 2), players: Array.from({ length: 16 }, (_, id) => player(r, id, 500)) };
    const w1 = later(r, w0, 2);
    const w2 = later(r, w1, 2);
    const f0 = frameOf(w0);
    const f1 = frameOf(w1);
    const stayed = w2.players
      .filter((p) => w0.players.some((q) => q.id === p.id) && w1.players.some((q) => q.id === p.id))
      .map((p) => p.id);
    // Every other client acked the older snapshot (a longer round trip).
    const onOld = (id: number): boolean => stayed.indexOf(id) % 2 === 0;
    const broadcast = new SnapshotBroadcast(wire);
    broadcast.begin(
      frameOf(w2),
      stayed,
      stayed.map((id) => (onOld(id) ? w0.tick : w1.tick)),
    );
    for (const id of stayed)
      expectSame(broadcast, clientCase(r, w2, id, onOld(id) ? { world: w0, frame: f0 } : { world: w1, frame: f1 }));
    const perBaseline = (old: boolean): number => Math.ceil(stayed.filter((id) => onOld(id) === old).length / 4);
    expect(broadcast.checksumGroups()).toBe(perBaseline(true) + perBaseline(false));
  });

  it('every client’s spliced datagram is the per-client encoding, for random worlds, clients and acked baselines', () => {
    const broadcast = new SnapshotBroadcast(wire);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
        const r = new Rng(seed);
        // Large worlds now and then, so full snapshots split into parts.
        const big = r.bool(0.15);
        let w = world(r, r.int(1, 2 ** 20), big ? r.int(40, 120) : r.int(1, 40), big ? r.int(0, 80) : r.int(0, 12));
        const history: Array<{ world: World; frame: SnapshotFrame }> = [];
        for (let n = r.int(1, 6); n > 0; n--) {
          history.push({ world: w, frame: frameOf(w) });
          w = later(r, w, r.int(1, 8));
        }
        if (w.players.length === 0) return;
        broadcast.begin(frameOf(w));
        const clients = w.players.filter(() => r.bool(0.7));
        for (const p of clients) {
          const base = r.bool(0.2) ? null : history[r.int(0, history.length - 1)]!;
          expectSame(broadcast, clientCase(r, w, p.id, base));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('clients whose baseline lists the same players as the target (the usual tick: the piece answers the list header) get the per-client encoding (property)', () => {
    const broadcast = new SnapshotBroadcast(wire);
    let same = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
        const r = new Rng(seed);
        const w0 = world(r, r.int(1, 2 ** 20), r.int(1, 40), r.int(0, 12));
        // Same player ids (fields move on); projectiles come and go as usual.
        const moved = later(r, w0, r.int(1, 8));
        const w = {
          ...moved,
          players: w0.players.map((p) => ({
            ...player(r, p.id, moved.tick),
            ammo: r.bool() ? p.ammo : player(r, p.id, moved.tick).ammo,
          })),
        };
        const base = { world: w0, frame: frameOf(w0) };
        broadcast.begin(frameOf(w));
        for (const p of w.players) {
          expectSame(broadcast, clientCase(r, w, p.id, r.bool(0.1) ? null : base));
          same++;
        }
      }),
      { numRuns: 100 },
    );
    expect(same).toBeGreaterThan(100);
  });

  it('with a datagram arena (the worker’s path), a whole tick of datagrams stays each client’s per-client encoding until the next tick', () => {
    const broadcast = new SnapshotBroadcast(wire);
    // A small slab, so ticks outgrow it and views handed out before the growth must stay intact.
    const arena = new DatagramArena(64);
    broadcast.arena = arena;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
        const r = new Rng(seed);
        let w = world(r, r.int(1, 2 ** 20), r.int(1, 40), r.int(0, 12));
        const history: Array<{ world: World; frame: SnapshotFrame }> = [];
        for (let n = r.int(1, 4); n > 0; n--) {
          history.push({ world: w, frame: frameOf(w) });
          w = later(r, w, r.int(1, 8));
        }
        if (w.players.length === 0) return;
        arena.reset();
        broadcast.begin(frameOf(w));
        const sent = w.players.map((p) => {
          const c = clientCase(r, w, p.id, r.bool(0.2) ? null : history[r.int(0, history.length - 1)]!);
          return { c, got: broadcast.encode(c.client) };
        });
        // Checked only once every client's datagram is out: no view was overwritten by a later one.
        for (const { c, got } of sent) {
          expect(got.map((b) => Uint8Array.from(b))).toEqual(c.expected.map((b) => Uint8Array.from(b)));
          expect(decodeAll(got, c.baselineSnapshot)).toEqual(decodeAll(c.expected, c.baselineSnapshot));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('invalidates shared pieces: clients on different baselines, a joiner, an expired baseline, a reused frame', () => {
    const r = new Rng(7);
    const broadcast = new SnapshotBroadcast(wire);
    const w0 = world(r, 100, 12, 5);
    const w1 = later(r, w0, 2);
    const w2 = later(r, w1, 2);
    const f0 = frameOf(w0);
    const f1 = frameOf(w1);
    // A player joins in the target tick: no baseline holds it.
    const joined = { ...player(r, w2.players.length ? 255 : 254, w2.tick + 3) };
    const w3 = { ...later(r, w2, 3), players: [] as PlayerState[] };
    w3.players = [...later(r, w2, 0).players.filter((p) => p.id !== joined.id), joined].sort((a, b) => a.id - b.id);
    broadcast.begin(frameOf(w3));
    const [a, b, c, d] = w3.players.filter(
      (p) => p.id !== joined.id && w0.players.some((q) => q.id === p.id) && w1.players.some((q) => q.id === p.id),
    );
    expect(d).toBeDefined();
    expectSame(broadcast, clientCase(r, w3, a!.id, { world: w0, frame: f0 }));
    expectSame(broadcast, clientCase(r, w3, b!.id, { world: w1, frame: f1 }));
    expectSame(broadcast, clientCase(r, w3, c!.id, { world: w0, frame: f0 }));
    // Expired baseline: the host no longer has it, so the client gets a full snapshot.
    expectSame(broadcast, clientCase(r, w3, d!.id, null));
    // The joiner names a baseline it was never in (a stale ack from a previous session): full.
    expectSame(broadcast, clientCase(r, w3, joined.id, { world: w1, frame: f1 }));
    expect(broadcast.counters.pieces).toBe(3);

    // Next tick: the frame object of tick w0 is reused for a new tick (a ring slot overwritten);
    // nothing written against its old contents may be spliced.
    const w4 = later(r, w3, 2);
    frameOf(w3, f0);
    broadcast.begin(frameOf(w4));
    expectSame(broadcast, clientCase(r, w4, a!.id, { world: w3, frame: f0 }));
    expectSame(broadcast, clientCase(r, w4, b!.id, { world: w1, frame: f1 }));
  });

  it('refuses a header for another tick, a receiver not in the target, and a baseline not older than the target', () => {
    const r = new Rng(3);
    const w = world(r, 50, 4, 1);
    const broadcast = new SnapshotBroadcast(wire);
    const frame = frameOf(w);
    broadcast.begin(frame);
    const id = w.players[0]!.id;
    const missing = [...Array(256).keys()].find((k) => !w.players.some((p) => p.id === k))!;
    expect(() => broadcast.encode({ receiverId: id, header: header(r, 51), baseline: null, events: [] })).toThrow(
      RangeError,
    );
    expect(() => broadcast.encode({ receiverId: missing, header: header(r, 50), baseline: null, events: [] })).toThrow(
      RangeError,
    );
    expect(() => broadcast.encode({ receiverId: id, header: header(r, 50), baseline: frame, events: [] })).toThrow(
      RangeError,
    );
  });
});
