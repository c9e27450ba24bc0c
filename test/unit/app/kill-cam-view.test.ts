/**
 * The arena's kill-cam frames (src/app/kill-cam-view.ts): while the own kill-cam plays, the page
 * draws it (the killer followed, a watched view); once the live match is over the kill-cam closes
 * and the live view, whose match holds the results the end screen shows, is drawn again. Without
 * that, a kill-cam of the match's final kill hid the end screen (and the host's "Start next match").
 */
import { describe, expect, it } from 'vitest';
import { arenaKillCamFrames } from '../../../src/app/kill-cam-view';
import type { ClientSession } from '../../../src/app/client-session';
import type { ArenaClientTypes } from '../../../src/arena/client/arena-client-types';
import type { ClientView } from '../../../src/arena/client/view-model';
import { MatchPhase } from '../../../src/sim/match-types';
import { arenaSession } from '../../helpers/arena-session';
import { firstKillCam, SHOOTER, TARGET } from '../../integration/duel-scripts';

const message = firstKillCam();

function session(): ClientSession<ArenaClientTypes> {
  const s = arenaSession(TARGET);
  s.receiveKillCam(message);
  return s;
}

/** A live view with the own player dead, in a match in `phase` (only what the frame function reads). */
function deadIn(phase: MatchPhase): ClientView {
  return { local: { state: { alive: false } }, match: { phase }, remotes: [] } as unknown as ClientView;
}

describe('arenaKillCamFrames', () => {
  it('draws the kill-cam, following the killer, while the match goes on', () => {
    const client = session();
    const frames = arenaKillCamFrames(client);
    const live = deadIn(MatchPhase.Live);
    const drawn = frames(0, live);
    expect(drawn).not.toBe(live);
    expect(drawn.killCam).toEqual({ killer: SHOOTER });
    expect(drawn.watching).toBe(true);
    expect(frames(100, live).killCam).toEqual({ killer: SHOOTER });
    expect(client.killCam?.ended).toBe(false);
  });

  it('closes the kill-cam when the live match is over: the live view (and its end screen) is drawn', () => {
    const client = session();
    const frames = arenaKillCamFrames(client);
    expect(frames(0, deadIn(MatchPhase.Live)).killCam).toBeTruthy();
    const ended = deadIn(MatchPhase.Ended);
    expect(frames(16, ended)).toBe(ended);
    expect(client.killCam?.ended).toBe(true);
    // Closed by the game, not skipped by the player; it stays closed.
    expect(client.killCam?.times).toMatchObject({ skipped: false, endedAtMs: 16 });
    expect(frames(32, deadIn(MatchPhase.Live))).not.toHaveProperty('killCam');
  });

  it('never starts a kill-cam that arrives after the match ended', () => {
    const client = session();
    const ended = deadIn(MatchPhase.Ended);
    expect(arenaKillCamFrames(client)(0, ended)).toBe(ended);
    expect(client.killCam?.times.startedAtMs).toBeNull();
  });
});
