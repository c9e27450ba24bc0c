/**
 * Pushball over the netcode's snapshot codec, unedited: the game's schema (PUSHBALL_WIRE) runs
 * through the same encoder, compiled decoder, reference decoder, broadcast and checksums as the
 * arena's. A match with bots is played on the server table; every snapshot a person would get is
 * encoded (full, and as a delta against one a few ticks older) and decoded back to exactly the
 * server's state: the ball's position and velocity equal the world's bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { PUSHBALL_WIRE, type PushballWireTypes } from '../../../src/pushball/protocol/pushball-wire';
import { PUSHBALL_RULES } from '../../../src/pushball/protocol/rules-block';
import type { PushEvent } from '../../../src/pushball/sim';
import { viewChecksum } from '../../../src/protocol/baseline-checksum';
import { FNV_OFFSET, fold, mixBytes } from '../../../src/protocol/fnv';
import { encodeSnapshot, quantizeSnapshot, SnapshotDecoder } from '../../../src/protocol/snapshot';
import { SnapshotBroadcast } from '../../../src/protocol/snapshot-broadcast';
import { encodeSnapshotParts } from '../../../src/protocol/snapshot-parts';
import { decodeSnapshotGeneral } from '../../../src/protocol/snapshot-read';
import { snapshotChecksum } from '../../../src/protocol/snapshot-checksum';
import type { TaggedEvent, SnapshotOf } from '../../../src/protocol/snapshot-types';
import { SnapshotFrame, viewOfSnapshot } from '../../../src/protocol/snapshot-view';
import type { PushballServerGame } from '../../../src/pushball/server/pushball-server-game';
import { gameWith, tickGame, walk } from './server-helpers';

type PushSnapshot = SnapshotOf<PushballWireTypes>;
const ME = 1;

/** What client ME gets of the game's world now (the receiver left out of `players`). */
function snapshotOf(game: PushballServerGame, events: TaggedEvent<PushEvent>[]): PushSnapshot {
  const [players, balls] = game.snapshotLists() as [PushSnapshot['players'], PushSnapshot['balls']];
  const world = game.world;
  return {
    serverTick: world.tick,
    baselineTick: 0,
    lastCmdTick: world.tick - 1,
    cmdBufferDepth: 2,
    echoTimeMs: world.tick * 16,
    echoHoldMs: 3,
    part: 0,
    partCount: 1,
    self: players.find((p) => p.id === ME)!,
    players: players.filter((p) => p.id !== ME),
    balls,
    events,
    match: game.rulesBlock(),
  };
}

/** 20 s of a match: ME walks, three bots chase the ball; one snapshot per tick, with that tick's events. */
function playMatch(): PushSnapshot[] {
  const game = gameWith([ME], 3, 7);
  const out: PushSnapshot[] = [];
  let eventId = 0;
  for (let t = 0; t < 1200; t++) {
    const { tick, events } = tickGame(game, (k) => new Map([[ME, walk(k)]]));
    out.push(
      snapshotOf(
        game,
        events.map((event) => ({ id: eventId++ % 65536, tick, event })),
      ),
    );
  }
  return out;
}

const snaps = playMatch();

describe('Pushball snapshots through the netcode codec', () => {
  it('the match has what the codec must carry: a moving ball, kicks and goals', () => {
    const types = new Set(snaps.flatMap((s) => s.events.map((e) => e.event.type)));
    expect(types.has('kick')).toBe(true);
    expect(snaps.some((s, i) => i > 0 && s.balls[0]!.x !== snaps[i - 1]!.balls[0]!.x)).toBe(true);
    expect(new Set(snaps.map((s) => s.match!.phase)).size).toBeGreaterThan(1);
  });

  it('full and delta snapshots decode to exactly the server state, in both decoders', () => {
    const decoder = new SnapshotDecoder<PushballWireTypes>(PUSHBALL_WIRE);
    const held = new Map<number, PushSnapshot>();
    let deltas = 0;
    for (let i = 0; i < snaps.length; i++) {
      const s = snaps[i]!;
      const base = i >= 6 && i % 3 === 0 ? held.get(snaps[i - 6]!.serverTick)! : null;
      const bytes = encodeSnapshot(PUSHBALL_WIRE, s, base);
      const got = decoder.decode(bytes, (t) => held.get(t));
      const general = decodeSnapshotGeneral(PUSHBALL_WIRE, bytes, (t) => held.get(t));
      if (!got.ok) throw new Error(got.error);
      expect(general).toEqual(got);
      expect(got.value).toEqual(quantizeSnapshot(PUSHBALL_WIRE, s, base ? base.serverTick : 0));
      // Nothing rounded: the sim keeps everything on the wire's grid.
      expect(got.value.balls).toEqual(s.balls);
      expect(got.value.self).toEqual(s.self);
      held.set(s.serverTick, got.value);
      if (base) deltas++;
    }
    expect(deltas).toBeGreaterThan(300);
  });

  it('the host encodes once for many (broadcast) the same bytes as per client', () => {
    const frames = snaps.slice(0, 40).map((s) => {
      const all = [...s.players, s.self].sort((a, b) => a.id - b.id);
      return new SnapshotFrame(PUSHBALL_WIRE).capture(s.serverTick, [all, s.balls], s.match);
    });
    const broadcast = new SnapshotBroadcast(PUSHBALL_WIRE);
    for (let i = 10; i < 40; i++) {
      const s = snaps[i]!;
      const base = snaps[i - 5]!;
      broadcast.begin(frames[i]!);
      const events = s.events.map((e) => PUSHBALL_WIRE.events.encode(e));
      const got = broadcast.encode({ receiverId: ME, header: s, baseline: frames[i - 5]!, events });
      expect(got).toEqual(encodeSnapshotParts(PUSHBALL_WIRE, s, quantizeSnapshot(PUSHBALL_WIRE, base, 0)));
    }
  });

  it('baseline checksums agree between objects and rows, and the rules block mixes what it emits', () => {
    for (const s of snaps.filter((_s, i) => i % 50 === 0)) {
      const q = quantizeSnapshot(PUSHBALL_WIRE, s, 0);
      expect(snapshotChecksum(PUSHBALL_WIRE, q)).toBe(viewChecksum(PUSHBALL_WIRE, viewOfSnapshot(PUSHBALL_WIRE, q)));
      const block = q.match!;
      const bytes = new Uint8Array(PUSHBALL_RULES.emitBound(block));
      const end = PUSHBALL_RULES.emit(bytes, 0, block);
      expect(fold(PUSHBALL_RULES.mix(FNV_OFFSET, block))).toBe(fold(mixBytes(FNV_OFFSET, bytes, 0, end)));
    }
  });

  it('refuses damaged bytes without throwing, and a changed ball is caught by the baseline checksum', () => {
    const s = snaps[100]!;
    const base = snaps[90]!;
    const bytes = encodeSnapshot(PUSHBALL_WIRE, s, base);
    const decoder = new SnapshotDecoder<PushballWireTypes>(PUSHBALL_WIRE);
    const wrongBall = { ...base, balls: [{ ...base.balls[0]!, x: base.balls[0]!.x + 1 }] };
    const refused = decoder.decode(bytes, () => wrongBall);
    expect(refused.ok ? '' : refused.error).toMatch(/baseline checksum mismatch/);
    for (let i = 0; i < 200; i++) {
      const bad = bytes.slice(0, Math.max(1, bytes.length - 1 - (i % bytes.length)));
      const at = i % bad.length;
      bad[at] = bad[at]! ^ (1 << (i % 8));
      expect(() => decoder.decode(bad, () => base)).not.toThrow();
    }
  });
});
