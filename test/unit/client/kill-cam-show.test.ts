/**
 * KillCamShow (issue 24): the victim's side of a real kill-cam (the lag-compensation duel of
 * test/integration/duel-scripts.ts). It opens only a whole, well-formed replay; follows the killer;
 * plays at 1x when the cut fits the time to the respawn and faster (at most 2x) when it does not;
 * ends at its last frame, on a skip, or when the own player is seen alive again after its death;
 * and a ClientSession shows one only while cl_killcam is 1.
 */
import { describe, expect, it } from 'vitest';
import { Match } from '../../harness';
import { arenaClientGame } from '../../../src/arena/client/arena-client-game';
import { KillCamShow, MAX_KILL_CAM_SECONDS, MAX_KILL_CAM_SPEED } from '../../../src/client/kill-cam-show';
import type { KillCamMessage } from '../../../src/protocol/kill-cam-codec';
import { arenaSession } from '../../helpers/arena-session';
import { firstKillCam, SHOOTER, TARGET } from '../../integration/duel-scripts';
import { defaultCvars } from '../../../src/config/cvars';
import type { ArenaClientTypes } from '../../../src/arena/client/arena-client-types';

const message = firstKillCam();
function open(m: KillCamMessage = message): KillCamShow<ArenaClientTypes> {
  const r = KillCamShow.open(arenaClientGame, m, 0);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** Frames at 60 fps from `fromMs` until the show ends (or `limit` frames); the views drawn. */
function playOut(
  show: KillCamShow<ArenaClientTypes>,
  fromMs: number,
  deadSinceMs: number | null,
  limit = 10_000,
): number {
  let frames = 0;
  for (let t = fromMs; frames < limit && show.frame(t, deadSinceMs) !== null; t += 1000 / 60) frames++;
  return frames;
}

describe('KillCamShow', () => {
  it('follows the killer and plays the cut to its end, faster when it is longer than the time to the respawn', () => {
    const show = open();
    const replay = show.playback.replay;
    const span = replay.lastTick - replay.firstTick;
    expect(span).toBeGreaterThanOrEqual(236);
    // 180 ticks to the respawn, 0.4 s (24 ticks) kept back: 4 s of history in 2.6 s.
    expect(show.times.speed).toBeCloseTo(Math.min(span / (message.playTicks - 24), MAX_KILL_CAM_SPEED), 9);
    const first = show.frame(0, 0)!;
    expect(first.localId).toBe(SHOOTER);
    expect(first.remotes.some((p) => p.id === SHOOTER)).toBe(true);
    const frames = playOut(show, 1000 / 60, 0);
    // The whole span at that speed, within a frame.
    expect(Math.abs(frames + 1 - (span / show.times.speed / 60) * 60)).toBeLessThanOrEqual(2);
    expect(show.ended).toBe(true);
    expect(show.times).toMatchObject({ startedAtMs: 0, deathSeenAtMs: 0, skipped: false });
    expect(show.frame(99_999, 0)).toBeNull();
  });

  it('plays at 1x when the respawn leaves time for it', () => {
    expect(open({ ...message, playTicks: 600 }).times.speed).toBe(1);
  });

  it('ends on a skip, and when the own player is alive again after its death was seen', () => {
    const skipped = open();
    expect(skipped.frame(0, null)).not.toBeNull();
    skipped.skip(50);
    expect(skipped.frame(60, null)).toBeNull();
    expect(skipped.times).toMatchObject({ skipped: true, endedAtMs: 50 });
    const respawned = open();
    // Alive before the death shows (the message came first): it plays on.
    expect(respawned.frame(0, null)).not.toBeNull();
    expect(respawned.frame(100, 80)).not.toBeNull();
    expect(respawned.times.deathSeenAtMs).toBe(80);
    // Alive again: over, even before its end.
    expect(respawned.frame(200, null)).toBeNull();
    expect(respawned.times.skipped).toBe(false);
  });

  it('never hides a respawn it arrived after, and refuses a kill-cam longer than 10 s', () => {
    // Alive in a snapshot newer than the death: it came after the respawn, so it is not shown.
    const late = open();
    expect(late.frame(0, null, late.playback.replay.lastTick + 1)).toBeNull();
    // Alive in snapshots up to the death: it came before the death showed, so it plays.
    expect(open().frame(0, null, open().playback.replay.lastTick)).not.toBeNull();
    const match = new Match({ server: { seed: 3 } });
    match.server.addClient(1, 0);
    match.server.recording.start({ game: 'arena', map: 'test' });
    match.run(11_000);
    const long = { ...message, bytes: match.server.recording.replay()! };
    const r = KillCamShow.open(arenaClientGame, long, 0);
    expect(r.ok ? 'opened' : r.error).toBe(`a kill-cam longer than ${MAX_KILL_CAM_SECONDS} s`);
  });

  it('refuses a damaged replay, and a session shows none while cl_killcam is 0', () => {
    const cut = { ...message, bytes: message.bytes.slice(0, message.bytes.length - 7) };
    expect(KillCamShow.open(arenaClientGame, cut, 0).ok).toBe(false);
    const session = arenaSession(TARGET);
    session.receiveKillCam(cut);
    expect(session.killCam).toBeNull();
    expect(session.killCamRefused).toBe(1);
    session.receiveKillCam(message);
    expect(session.killCam?.killer).toBe(SHOOTER);
    session.setCvar('cl_killcam', 0);
    expect(session.killCam?.ended).toBe(true);
    const off = arenaSession(TARGET, { ...defaultCvars(), cl_killcam: 0 });
    off.receiveKillCam(message);
    expect(off.killCam).toBeNull();
  });
});
