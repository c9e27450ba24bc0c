/**
 * Gambetta's worked example (seed 002) end to end: a real NetClient and the real server, 250 ms of
 * lag each way. The player holds "right" for two 100 ms steps and lets go. With reconciliation the
 * drawn player moves right at once and never goes back when the (old) server states arrive; with
 * cl_reconcile 0 it snaps back to each stale server position. (The unit version in
 * test/unit/client/predictor.test.ts replays the article's exact timeline.)
 */
import { describe, expect, it } from 'vitest';
import { defaultCvars } from '../../src/config/cvars';
import { Link } from '../harness/link';
import { Match } from '../harness/match';
import { IDLE, PilotedClient } from './client-harness';

function walkRightTwice(reconcile: 0 | 1): {
  xs: number[];
  startX: number;
  moveStartMs: number;
  firstResponseMs: number;
} {
  const match = new Match({ server: { seed: 2 } });
  const cvars = { ...defaultCvars(), cl_reconcile: reconcile };
  let moveStartMs = 0;
  const pilot = (_v: unknown, now: number) => (now >= 3000 && now < 3200 ? { ...IDLE, moveX: 127 } : IDLE);
  const client = new PilotedClient(1, pilot, cvars);
  const xs: number[] = [];
  let startX = 0;
  let firstResponseMs = Number.POSITIVE_INFINITY;
  client.onFrame = (v, now) => {
    const x = v.local?.state.x;
    if (x === undefined) return;
    if (now < 3000) startX = x;
    else {
      if (moveStartMs === 0) moveStartMs = now;
      xs.push(x);
      if (x > startX && firstResponseMs === Number.POSITIVE_INFINITY) firstResponseMs = now;
    }
  };
  expect(match.addClient(client, Link.rtt(500), 1)).toBe(true);
  match.run(5000);
  return { xs, startX, moveStartMs, firstResponseMs };
}

describe('Gambetta worked example in the harness (250 ms each way, two steps right)', () => {
  it('with reconciliation: moves on the first frame, ends two steps right, never goes back', () => {
    const { xs, startX, moveStartMs, firstResponseMs } = walkRightTwice(1);
    expect(firstResponseMs - moveStartMs).toBeLessThanOrEqual(1000 / 60 + 1);
    for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThanOrEqual(xs[i - 1]!);
    expect(xs[xs.length - 1]!).toBeGreaterThan(startX + 40);
  });

  it('with cl_reconcile 0: the stale server states pull it back', () => {
    const { xs } = walkRightTwice(0);
    // Every snapshot drags the player back to where the server was half a second ago, so each step
    // of local progress is undone again and again until the server catches up.
    // (With reconciliation the count is 0: the test above requires every frame to move forward.)
    const backwards = xs.filter((x, i) => i > 0 && x < xs[i - 1]! - 0.25).length;
    expect(backwards).toBeGreaterThanOrEqual(3);
    const reconciled = walkRightTwice(1).xs;
    expect(xs[12]!).toBeLessThan(reconciled[12]! - 10);
  });
});
