/**
 * ReplayPlayback (issue 24): a recorded arena match (four server bots, 10 s) played through the
 * arena's own client game. At a recorded tick the view shows that frame's world exactly; between
 * two frames each player is between its two recorded places; playing straight through at any
 * speed shows every recorded event once, in order; a seek shows no events for what it jumped
 * over and plays on from there; the end pauses; following a player makes it the view's localId.
 */
import { describe, expect, it } from 'vitest';
import { Match } from '../../harness';
import { arenaClientGame } from '../../../src/arena/client/arena-client-game';
import { openReplay, type Replay } from '../../../src/protocol/replay-reader';
import { ReplayPlayback } from '../../../src/client/replay-playback';

function recorded(seconds: number): Replay {
  const match = new Match({ server: { seed: 9, maxPlayers: 8 } });
  for (let i = 0; i < 4; i++) match.server.addBot();
  match.server.recording.start({ game: 'arena', map: 'test' });
  match.run(seconds * 1000);
  const r = openReplay(match.server.game.wire, match.server.recording.replay()!);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const replay = recorded(10);
const xy = (p: { x: number; y: number }) => [p.x, p.y];

describe('ReplayPlayback', () => {
  it('shows a recorded frame exactly at its tick, and blends between two frames', () => {
    const pb = new ReplayPlayback(replay, arenaClientGame);
    const i = 100;
    pb.pause();
    pb.seek(replay.frameTicks[i]!);
    const at = pb.frame(0);
    const frame = replay.frame(i);
    expect(at.remotes.map((p) => ({ ...p, extrapolating: undefined }))).toEqual(
      frame.lists[0]!.map((p) => ({ ...p, extrapolating: undefined })),
    );
    expect(at.local).toBeNull();
    expect(at.match?.phase).toBe((frame.rules as { phase: number }).phase);
    const next = replay.frame(i + 1);
    pb.seek((replay.frameTicks[i]! + replay.frameTicks[i + 1]!) / 2);
    const mid = pb.frame(0);
    let between = 0;
    for (const p of mid.remotes) {
      const a = frame.lists[0]!.find((q) => q.id === p.id) as { x: number; y: number } | undefined;
      const b = next.lists[0]!.find((q) => q.id === p.id) as { x: number; y: number } | undefined;
      if (!a || !b || (a.x === b.x && a.y === b.y)) continue;
      const [x, y] = xy(p);
      expect(x).toBeGreaterThanOrEqual(Math.min(a.x, b.x) - 1e-9);
      expect(x).toBeLessThanOrEqual(Math.max(a.x, b.x) + 1e-9);
      expect(y).toBeGreaterThanOrEqual(Math.min(a.y, b.y) - 1e-9);
      expect(y).toBeLessThanOrEqual(Math.max(a.y, b.y) + 1e-9);
      between++;
    }
    expect(between).toBeGreaterThan(0);
  });

  it('plays at its speed, shows every event once in order, and pauses at the end', () => {
    const pb = new ReplayPlayback(replay, arenaClientGame);
    expect(pb.setSpeed(9)).toBe(4);
    expect(pb.setSpeed(0.1)).toBe(0.25);
    pb.setSpeed(2);
    pb.frame(0);
    pb.frame(100);
    expect(pb.tick).toBeCloseTo(replay.firstTick + 12, 6); // 100 ms × 60 ticks/s × 2
    pb.setSpeed(4);
    const shown: string[] = [];
    for (let t = 100; !pb.paused; t += 16)
      for (const e of pb.frame(t).events) shown.push(`${e.tick}:${JSON.stringify(e.event)}`);
    const all = replay.events.map((e) => `${e.tick}:${JSON.stringify(e.event)}`);
    expect(shown.length).toBeGreaterThan(10);
    expect(shown).toEqual(all.slice(all.length - shown.length));
    expect(pb.tick).toBe(replay.lastTick);
    pb.play();
    expect(pb.tick).toBe(replay.firstTick);
  });

  it('shows nothing of what a seek jumped over, then plays on; follows whom it is told', () => {
    const pb = new ReplayPlayback(replay, arenaClientGame);
    pb.frame(0);
    const target = replay.firstTick + 300;
    pb.seek(target);
    const events = pb.frame(0).events;
    expect(events.every((e) => e.tick <= target)).toBe(true);
    expect(events.filter((e) => e.tick < target)).toEqual([]);
    pb.seek(replay.firstTick - 50);
    expect(pb.tick).toBe(replay.firstTick);
    pb.seek(Number.NaN);
    expect(pb.tick).toBe(replay.firstTick);
    pb.follow(2);
    expect(pb.frame(16).localId).toBe(2);
    pb.follow(null);
    expect(pb.frame(32).localId).toBe(-1);
  });
});
