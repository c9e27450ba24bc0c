/**
 * KillCams (issue 24) on a made-up history: player 1 walks right one unit a tick, player 2 walks
 * left, and player 1's commands claim views of `lag` ticks ago. When 1 kills 2 (who asked for
 * kill-cams), the cut shows 1 at each of its ticks and 2 `lag` ticks earlier; it is cut a few
 * frames a tick (queued four ticks after the death); a claim from beyond any lag is taken as the
 * tick itself; nothing is kept or cut for a victim who did not ask.
 */
import { describe, expect, it } from 'vitest';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { openReplay } from '../../../src/protocol/replay-reader';
import { KillCams, type KillCamCut } from '../../../src/server/kill-cams';
import { SnapshotFrames } from '../../../src/server/snapshot-frames';
import { newPlayer } from '../../../src/sim/player-state';
import type { PlayerState, SimEvent } from '../../../src/sim/types';

const DEATH = 600;

function run(opts: { lag: number; wanted: boolean }): { cuts: KillCamCut[]; queuedAt: number | null } {
  const frames = new SnapshotFrames(512, ARENA_WIRE);
  const shared = { frameAt: (t: number) => frames.get(t), encodedFor: () => null, pieceAgainst: () => null };
  const cams = new KillCams<SimEvent, { view: number }>(ARENA_WIRE, 60, {
    killOf: (e) => (e.type === 'killed' ? { killer: e.killer, victim: e.victim } : null),
    viewTimeOf: (cmd) => cmd.view,
    respawnTicks: 180,
  });
  cams.setWanted(2, opts.wanted);
  const cuts: KillCamCut[] = [];
  let queuedAt: number | null = null;
  for (let t = 1; t <= DEATH + 10; t++) {
    const players: PlayerState[] = [newPlayer(1, 100 + t, 500), newPlayer(2, 2000 - t, 500)];
    frames.capture(t, [players, []]);
    const cmds = new Map([[1, { view: t - opts.lag }]]);
    const events =
      t === DEATH ? [{ id: 1, tick: t, event: { type: 'killed', killer: 1, victim: 2, weapon: 0 } as SimEvent }] : [];
    cams.onTick(t, cmds, events, shared);
    const out = cams.drain();
    if (out.length && queuedAt === null) queuedAt = t;
    cuts.push(...out);
  }
  return { cuts, queuedAt };
}

const xOf = (list: readonly unknown[], id: number): number => (list as PlayerState[]).find((p) => p.id === id)!.x;

describe('KillCams', () => {
  it('shows the killer at its own ticks and everyone else at the view its commands claimed', () => {
    const { cuts, queuedAt } = run({ lag: 9, wanted: true });
    expect(cuts.map((c) => [c.clientId, c.killer, c.playTicks])).toEqual([[2, 1, 180]]);
    // 121 frames, 32 a tick: ready on the fourth tick of cutting.
    expect(queuedAt).toBe(DEATH + 3);
    const replay = openReplay(ARENA_WIRE, cuts[0]!.bytes);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.value.frameCount).toBe(121);
    expect([replay.value.firstTick, replay.value.lastTick]).toEqual([DEATH - 240, DEATH]);
    for (let i = 0; i < replay.value.frameCount; i++) {
      const f = replay.value.frame(i);
      expect(xOf(f.lists[0]!, 1)).toBe(100 + f.tick);
      expect(xOf(f.lists[0]!, 2)).toBe(2000 - (f.tick - 9));
    }
    expect(replay.value.events.map((e) => e.event)).toEqual([{ type: 'killed', killer: 1, victim: 2, weapon: 0 }]);
  });

  it('takes a claim from further back than any view lags as the tick itself', () => {
    const { cuts } = run({ lag: 5000, wanted: true });
    const replay = openReplay(ARENA_WIRE, cuts[0]!.bytes);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.value.frameCount).toBe(121);
    const last = replay.value.frame(120);
    expect(xOf(last.lists[0]!, 2)).toBe(2000 - DEATH);
  });

  it('keeps and cuts nothing for a victim who did not ask', () => {
    expect(run({ lag: 9, wanted: false }).cuts).toEqual([]);
  });
});
