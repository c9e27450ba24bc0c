/**
 * Opening a replay file for watching (src/app/replay-watch.ts, replay-hosts.ts), without a page:
 * the header picks the game (arena or Pushball) and its client game; a file of another game, a
 * damaged or foreign one gets a sentence; the control bar's target marks every kill (arena) and
 * goal (Pushball) and lists everyone in the recorded world, bots included, by the roster's names.
 */
import { describe, expect, it } from 'vitest';
import { Match } from '../../harness';
import { openReplayBytes } from '../../../src/app/replay-watch';
import { arenaReplayHost, replayTarget } from '../../../src/app/replay-hosts';
import { pushballRuntimeGame } from '../../../src/pushball/server/pushball-checkpoint';
import { GameServer } from '../../../src/server/game-server';
import type { PushballTypes } from '../../../src/pushball/server/pushball-types';
import { ReplayRecorder } from '../../../src/server/replay-recorder';

let annId = -1;

function arenaBytes(): Uint8Array {
  const match = new Match({ server: { seed: 4, maxPlayers: 8 } });
  const ids = [0, 1, 2, 3].map(() => match.server.addBot()!);
  match.server.recording.start({ game: 'arena', map: 'plaza' });
  // One of them named on the roster, as a person would be.
  match.server.recording.roster([{ id: ids[0]!, name: 'Ann' }]);
  annId = ids[0]!;
  match.run(20_000);
  return match.server.recording.replay()!;
}

function pushballBytes(): Uint8Array {
  const server = new GameServer<PushballTypes>(
    { tickrate: 60, maxUnlagS: 1, lagCompensation: false, seed: 3, maxPlayers: 8 },
    pushballRuntimeGame,
  );
  for (let i = 0; i < 4; i++) server.addBot();
  server.startMatch({ goalsToWin: 9, matchSeconds: 60 });
  server.recording.start({ game: 'pushball', map: 'pushball' });
  for (let t = 0; t < 60 * 40; t++) server.tick(t * (1000 / 60));
  return server.recording.replay()!;
}

describe('watching a replay file', () => {
  it('plays an arena replay with the arena, marking its kills and naming its players', () => {
    const opened = openReplayBytes(arenaBytes());
    if (!opened.ok) throw new Error(opened.error);
    expect(opened.value.game).toBe('arena');
    const target = replayTarget(opened.value.playback, () => undefined);
    const kills = opened.value.playback.replay.events.filter((e) => (e.event as { type: string }).type === 'killed');
    expect(kills.length).toBeGreaterThan(0);
    expect(target.markers().map((m) => m.tick)).toEqual(kills.map((e) => e.tick));
    expect(target.markers()[0]!.label).toMatch(/ (killed|died)/);
    const players = target.players();
    expect(players).toHaveLength(4);
    expect(players.find((p) => p.id === annId)?.name).toBe('Ann');
    expect(players.filter((p) => p.name.startsWith('Bot '))).toHaveLength(3);
  });

  it('keeps the players list and the names while nothing changes, and pans the free camera at 900 units/s', () => {
    const opened = openReplayBytes(arenaBytes());
    if (!opened.ok || opened.value.game !== 'arena') throw new Error('not an arena replay');
    const playback = opened.value.playback;
    const target = replayTarget(playback, () => undefined);
    const host = arenaReplayHost(playback, () => undefined);
    playback.pause();
    playback.seek(playback.replay.firstTick + 120);
    expect(target.players()).toBe(target.players());
    expect(host.names()).toBe(host.names());
    // Another frame shown, the same people: still the same list (the bar rebuilds nothing).
    const before = target.players();
    playback.seek(playback.replay.firstTick + 124);
    expect(playback.frameNow().tick).toBeGreaterThan(playback.replay.firstTick + 120);
    expect(target.players()).toBe(before);
    playback.seek(playback.replay.firstTick + 600);
    const still = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: 255 };
    const first = host.frame(0, still);
    const start = first.focus!;
    const mapWidth = first.match!.map.width;
    // Half a second of the stick held right, in 100 ms frames: 450 units right (as far as the map goes).
    for (let t = 100; t <= 500; t += 100) host.frame(t, { ...still, moveX: 127 });
    const moved = host.frame(500, still).focus!;
    expect(moved.x - start.x).toBeCloseTo(Math.min(450, mapWidth - start.x), 6);
    expect(moved.y).toBe(start.y);
    // Following a player: the camera is on that player as drawn.
    const who = target.players()[0]!.id;
    playback.follow(who);
    const view = host.frame(520, still);
    const drawn = view.remotes.find((r) => r.id === who)!;
    expect(view.focus).toEqual({ x: drawn.x, y: drawn.y });
    expect(view.watching).toBe(true);
  });

  it('plays a Pushball replay with Pushball, marking its goals', () => {
    const opened = openReplayBytes(pushballBytes());
    if (!opened.ok) throw new Error(opened.error);
    expect(opened.value.game).toBe('pushball');
    const view = opened.value.playback.frame(0);
    expect(view.localId).toBe(-1);
    const goals = opened.value.playback.replay.events.filter((e) => (e.event as { type: string }).type === 'goal');
    expect(replayTarget(opened.value.playback, () => undefined).markers()).toHaveLength(goals.length);
  });

  it('says why it cannot play a file', () => {
    const err = (bytes: Uint8Array): string => {
      const r = openReplayBytes(bytes);
      return r.ok ? 'played' : r.error;
    };
    expect(err(new TextEncoder().encode('hello'))).toBe('not a replay file');
    const rec = new ReplayRecorder({ ...new Match().server.game.wire }, 60, { game: 'snake', map: 'garden' }, 0);
    expect(err(rec.bytes())).toBe('it was recorded in "snake", a game this page does not have');
    const good = arenaBytes();
    expect(err(good.subarray(0, good.length - 10))).toMatch(/^damaged at byte \d+: cut short$/);
  });
});
