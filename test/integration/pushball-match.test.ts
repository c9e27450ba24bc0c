/**
 * The second game through the same harness as the arena: Pushball on the netcode's GameServer and
 * NetClient, unedited, a 60-second match at 150 ms RTT, 20 ms jitter and 5 % loss each way (the
 * match and its watchers: pushball-harness.ts, pushball-watchers.ts).
 *
 *  - A walks a loop in its own half's top corner, away from the ball and the goal: nothing touches
 *    it, so after it settled its prediction must be exact. An error is explained only when the
 *    server had none of A's commands for a tick (all three packets carrying one lost: it stepped a
 *    repeat) or when, on the server, something came within reach of A. A kickoff reset after a goal
 *    (everyone to the kickoff spots) is foretold by the rules block and predicted: not an error.
 *    After settling, A must have no error at all.
 *  - B plays the ball (chases it, kicks it), so the ball moves, bounces, is kicked and scores. No
 *    bots: they roam the pitch and would walk into A's corner (with two, A was touched on a third
 *    of the ticks and the check below says nothing about prediction). B's own player is the running
 *    pitch's (its pushes of the ball foreseen): it has no error either.
 *  - The ball, which nobody owns, is drawn predicted while B plays it and interpolated on A (see
 *    pushball-ball.test.ts): it never moves faster between two frames than its top speed (with the
 *    clock's slew) plus what a melting correction adds, except across a reset to the centre.
 */
import { describe, expect, it } from 'vitest';
import { MELT_SPEED } from '../../src/pushball/client/ball-track';
import { pushballClientGame } from '../../src/pushball/client/pushball-client-game';
import { config } from '../../src/pushball/sim';
import { FRAME_MS, playMatch } from './pushball-harness';

describe('Pushball in a 60 s harness match (150 ms RTT, 20 ms jitter, 5 % loss)', () => {
  it('predicts an untouched player exactly and draws the shared ball without jumps', () => {
    const r = playMatch(pushballClientGame);
    const { ballA, ballB } = r;
    const largest = Math.max(ballA.largest, ballB.largest);
    console.log(
      `pushball: A errors after settling ${r.aErrors.length} (${r.aErrors.length - r.aUnexplained.length} explained: ${r.starved} starved ticks, ${r.touches} touch or phase ticks); ` +
        `touched by [${r.touchedBy.join(', ')}]; B errors ${r.bErrors}; B saw ${r.kicks} kicks; ball: ${ballA.over(0) + ballB.over(0)} of ${ballA.n + ballB.n} frame moves over its top speed, ` +
        `${ballA.over(MELT_SPEED) + ballB.over(MELT_SPEED)} over it plus the melt, largest ${largest.toFixed(2)} units (limit ${(config.BALL_MAX_SPEED * (FRAME_MS / 1000)).toFixed(1)})`,
    );
    // Kickoff resets are foretold by the rules block (pushball-prediction.ts): none of them is an error.
    expect(r.aUnexplained).toEqual([]);
    expect(r.aErrors).toEqual([]);
    expect(r.bErrors).toBe(0);
    expect(r.serverTick).toBeGreaterThan(3000);
    expect(r.kicks).toBeGreaterThan(0);
    expect(ballA.n).toBeGreaterThan(3000);
    expect(ballA.over(MELT_SPEED) + ballB.over(MELT_SPEED)).toBe(0);
  });
});
