/**
 * SnapshotFrames' match block: a block object seen at an earlier tick is quantized once and shared
 * by the frames that carry it, a new block object is quantized afresh, and what a frame holds is
 * always `quantizeMatch` of what it was captured with.
 */
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import { QuantizedMatchMemo, quantizeMatch } from '../../../src/arena/protocol/match-value';
import { SnapshotFrames } from '../../../src/server/snapshot-frames';
import { GameMode, MatchPhase, Team, type PublicMatchState } from '../../../src/sim/match-types';
import { DEFAULT_MAP, addPlayer, createWorld } from '../../../src/sim';
import type { WorldState } from '../../../src/sim/types';

const block = (score: number): PublicMatchState => ({
  mode: GameMode.TeamDeathmatch,
  mapId: 1,
  phase: MatchPhase.Live,
  phaseEndTick: 9000,
  fragLimit: 30,
  timeLimitS: 600,
  friendlyFire: false,
  seq: 2,
  teamScores: [score, 0],
  // Out of id order on purpose: quantizing sorts.
  players: [
    { id: 9, team: Team.Red, score, bot: false },
    { id: 3, team: Team.Blue, score: 1, bot: true },
  ],
  pickups: [0, 700],
  results: null,
});

function worldAt(tick: number): WorldState {
  let w = createWorld(1);
  w = addPlayer(w, 3, { tickrate: 60, map: DEFAULT_MAP });
  return { ...w, tick };
}

/** `capture`'s tick and entity lists (the arena's sections: players, projectiles) of `worldAt(tick)`. */
function listsAt(tick: number): [number, [WorldState['players'], WorldState['projectiles']]] {
  const w = worldAt(tick);
  return [w.tick, [w.players, w.projectiles]];
}

describe('SnapshotFrames: the match block', () => {
  it('quantizes a block object once for every frame that carries it, and a new object afresh', () => {
    const frames = new SnapshotFrames(32, ARENA_WIRE);
    const a = block(4);
    const f1 = frames.capture(...listsAt(10), a);
    const f2 = frames.capture(...listsAt(11), a);
    expect(f1.match).toEqual(quantizeMatch(a));
    expect(f2.match).toBe(f1.match);
    // A new block with other contents (a team point): its own quantized block, not the old one.
    const b = block(5);
    const f3 = frames.capture(...listsAt(12), b);
    expect(f3.match).toEqual(quantizeMatch(b));
    expect(f3.match).not.toEqual(f1.match);
    // Rows that did not change are shared with the block before (quantized blocks are never changed).
    expect((f3.match as PublicMatchState).players.find((p) => p.id === 3)).toBe(
      (f1.match as PublicMatchState).players.find((p) => p.id === 3),
    );
    expect((f3.match as PublicMatchState).players.find((p) => p.id === 9)).not.toBe(
      (f1.match as PublicMatchState).players.find((p) => p.id === 9),
    );
    // The earlier frames keep what they were captured with.
    expect(frames.get(10)!.match).toEqual(quantizeMatch(a));
    // No block (a world without match rules): the empty block.
    expect(frames.capture(...listsAt(13)).match).toEqual(quantizeMatch(undefined));
    expect(frames.capture(...listsAt(14), a).match).toEqual(quantizeMatch(a));
  });

  it('QuantizedMatchMemo answers by identity: an equal but new object is quantized again', () => {
    const memo = new QuantizedMatchMemo();
    const a = block(4);
    const first = memo.of(a);
    expect(memo.of(a)).toBe(first);
    const again = memo.of(block(4));
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(memo.of(undefined)).toEqual(quantizeMatch(undefined));
    expect(memo.of(undefined)).toBe(memo.of(undefined));
  });
});
