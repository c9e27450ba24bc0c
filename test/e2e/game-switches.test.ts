/**
 * Each netcode switch of the settings panel, shown by its effect in a real match (host + joiner over
 * real WebRTC), read through `window.rewind`:
 *  - cl_predict: with 300 ms fake lag each way the joiner's own player moves within a frame or two
 *    with prediction, and only after about a round trip without it;
 *  - cl_reconcile: without replaying unacknowledged commands the predicted position keeps snapping
 *    back while moving under lag; with replay it goes backwards far less (only after a command
 *    reached the host too late and was repeated);
 *  - cl_interpolate: with interpolation remote players are drawn several ticks behind the newest
 *    snapshot, between snapshot positions; without it at the newest snapshot, on the wire grid;
 *  - sv_lagcompensation: a shooter with 150 ms fake lag (the host's own client) aiming by eye at a
 *    strafing target hits it far more often when the host rewinds.
 * Margins are wide (real browsers on a loaded machine): each check compares on against off, and
 * each test may run up to three times (the scripted walk and the real network are not exact).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import {
  findFiringLanes,
  freeRun,
  meet,
  ownPosition,
  startMatch,
  walkTo,
  type FiringLane,
  type Match,
} from './game-match';

function setCvar(page: Page, name: string, value: number): Promise<string | null> {
  return page.evaluate(([n, v]) => window.rewind.setCvar(n as string, v as number), [name, value] as const);
}

/** Towards the middle of the arena, so the first steps are in the open. */
async function inward(page: Page): Promise<number> {
  const p = await ownPosition(page);
  return p && p.x > 800 ? -1 : 1;
}

/** The axis direction (±x or ±y) with the longest free run from the player's position. */
async function roomiest(page: Page): Promise<{ x: number; y: number }> {
  const p = await ownPosition(page);
  if (!p) throw new Error('no local player');
  const dirs = [
    { x: 1, y: 0 },
    { x: -1, y: 0 },
    { x: 0, y: 1 },
    { x: 0, y: -1 },
  ];
  return dirs.reduce((best, d) => (freeRun(p, d.x, d.y) > freeRun(p, best.x, best.y) ? d : best));
}

/** Milliseconds from starting a scripted move (along the roomiest axis) until the local player's state has moved. */
async function responseMs(page: Page): Promise<number> {
  const dir = await roomiest(page);
  return page.evaluate(
    async ([dx, dy]) => {
      const at = (): { x: number; y: number } => window.rewind.view()?.local?.state ?? { x: 0, y: 0 };
      const p0 = at();
      const t0 = performance.now();
      window.rewind.input({ moveX: 127 * dx, moveY: 127 * dy, ms: 800 });
      return new Promise<number>((resolve) => {
        const poll = (): void => {
          const p = at();
          if (Math.abs(p.x - p0.x) + Math.abs(p.y - p0.y) > 0.5) return resolve(performance.now() - t0);
          if (performance.now() - t0 > 5000) return resolve(Infinity);
          setTimeout(poll, 5);
        };
        poll();
      });
    },
    [dir.x, dir.y] as const,
  );
}

/** Moves along an axis direction for `ms` (where there is room) and counts frames where the predicted position went backwards. */
async function backwardSteps(page: Page, ms: number): Promise<number> {
  const dir = await roomiest(page);
  return page.evaluate(
    async ([dx, dy, dur]) => {
      const along = (): number => {
        const s = window.rewind.view()?.local?.state;
        return s ? s.x * dx + s.y * dy : 0;
      };
      window.rewind.input({ moveX: 127 * dx, moveY: 127 * dy, ms: dur });
      const t0 = performance.now();
      let last = along();
      let back = 0;
      while (performance.now() - t0 < dur) {
        await new Promise((r) => requestAnimationFrame(r));
        const now = along();
        if (now - last < -0.5) back++;
        last = now;
      }
      return back;
    },
    [dir.x, dir.y, ms] as const,
  );
}

/** While `mover` walks, samples on `observer`: render lag behind the newest snapshot, and off-grid remote positions. */
async function observeRemote(
  observer: Page,
  mover: Page,
  moverId: number,
): Promise<{ lagTicks: number; offGrid: number; samples: number }> {
  const dir = await inward(mover);
  await mover.evaluate((d) => window.rewind.input({ moveX: 127 * d, moveY: 60, ms: 1500 }), dir);
  return observer.evaluate(async (id) => {
    const lags: number[] = [];
    let offGrid = 0;
    let samples = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < 1200) {
      await new Promise((r) => requestAnimationFrame(r));
      const v = window.rewind.view();
      const r = v?.remotes.find((p) => p.id === id);
      if (!v || !r) continue;
      lags.push(v.stats.serverTick - v.stats.renderTick);
      samples++;
      if (r.x * 16 !== Math.round(r.x * 16) || r.y * 16 !== Math.round(r.y * 16)) offGrid++;
    }
    lags.sort((a, b) => a - b);
    return { lagTicks: lags[Math.floor(lags.length / 2)] ?? NaN, offGrid, samples };
  }, moverId);
}

/**
 * The target walks to the start of a firing lane (open ground, in the shooter's line of sight all
 * along), then runs across the line of fire while the shooter aims by eye (at the target as drawn
 * on its screen) and fires for `ms`; returns the hits the host confirmed and the shots fired.
 */
async function hitsOnStrafer(
  shooter: Page,
  shooterId: number,
  target: Page,
  targetId: number,
  ms: number,
): Promise<{ hits: number; shots: number }> {
  const from = await ownPosition(shooter);
  if (!from) throw new Error('no shooter position');
  const here = await ownPosition(target);
  if (!here) throw new Error('no target position');
  // The nearest lanes first; a walk can be blocked (by the shooter's own body, say): try the next.
  let lane: FiringLane | null = null;
  for (const candidate of findFiringLanes(from, here).slice(0, 4)) {
    if ((await walkTo(target, candidate.start.x, candidate.start.y, 10_000)) < 40) {
      lane = candidate;
      break;
    }
  }
  if (!lane) throw new Error(`the target reached no firing lane around the shooter at ${from.x},${from.y}`);
  await target.waitForTimeout(400);
  const count = (type: string): Promise<number> =>
    shooter.evaluate(
      ([me, t]) =>
        window.rewind
          .events()
          .filter(
            (e) =>
              e.event.type === t && 'shooter' in e.event && e.event.shooter === me && (t === 'fired' || !e.predicted),
          ).length,
      [shooterId, type] as const,
    );
  const before = { hits: await count('hit'), shots: await count('fired') };
  // One long run across the line of fire (reversing often would let a late shot land by chance).
  await target.evaluate(
    ([ax, ay, dur]) => window.rewind.input({ moveX: Math.round(127 * ax), moveY: Math.round(127 * ay), ms: dur }),
    [lane.dir.x, lane.dir.y, ms + 300] as const,
  );
  await shooter.waitForTimeout(250);
  await shooter.evaluate(([t, dur]) => window.rewind.input({ aimAt: t, fire: true, ms: dur }), [targetId, ms] as const);
  await shooter.waitForTimeout(ms + 800);
  return { hits: (await count('hit')) - before.hits, shots: (await count('fired')) - before.shots };
}

/**
 * After a big latency change the client's clocks re-converge (the stream time slews at most 5 %,
 * the command clock may step back and pause issuing): wait until the ping reflects the new lag and
 * the host reports a sane command buffer for a second, so the test measures prediction, not the transition.
 */
async function clockSettled(page: Page, minPingMs: number): Promise<void> {
  const sane = (): Promise<void> =>
    page
      .waitForFunction(
        (ping) => {
          const n = window.rewind.stats()?.net;
          return !!n && n.pingMs > ping && n.cmdBufferDepth >= 0 && n.cmdBufferDepth <= 12;
        },
        minPingMs,
        { timeout: 15_000 },
      )
      .then(() => undefined);
  await sane();
  await page.waitForTimeout(1000);
  await sane();
}

/** Waits until the page's own player is alive again (after a kill, the respawn takes 3 s). */
async function alive(page: Page): Promise<void> {
  await page.waitForFunction(() => window.rewind.view()?.local?.state.alive === true, undefined, { timeout: 15_000 });
}

describe('netcode switches in a real match', () => {
  let browser: Browser;
  let m: Match;

  beforeAll(async () => {
    browser = await launchChromium();
    m = await startMatch(browser, inject('baseUrl'));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('cl_predict: own movement answers at once with prediction, after a round trip without', { retry: 2 }, async () => {
    await setCvar(m.joiner, 'net_fakelag', 300);
    await clockSettled(m.joiner, 550);
    const withPrediction = await responseMs(m.joiner);
    await m.joiner.waitForTimeout(1500);
    await setCvar(m.joiner, 'cl_predict', 0);
    await m.joiner.waitForTimeout(1000);
    const without = await responseMs(m.joiner);
    await setCvar(m.joiner, 'cl_predict', 1);
    await setCvar(m.joiner, 'net_fakelag', 0);
    console.log(
      `cl_predict at 300 ms fake lag: first movement after ${withPrediction.toFixed(0)} ms with prediction, ${without.toFixed(0)} ms without`,
    );
    expect(withPrediction).toBeLessThan(350);
    expect(without).toBeGreaterThan(500);
    expect(without - withPrediction).toBeGreaterThan(250);
  });

  it(
    'cl_reconcile: without replay the predicted player keeps snapping back under lag; with replay it (almost) never does',
    { retry: 2 },
    async () => {
      await setCvar(m.joiner, 'net_fakelag', 150);
      await m.joiner.waitForTimeout(1500);
      const withReplay = await backwardSteps(m.joiner, 1200);
      await m.joiner.waitForTimeout(1200);
      await setCvar(m.joiner, 'cl_reconcile', 0);
      const withoutReplay = await backwardSteps(m.joiner, 1200);
      await setCvar(m.joiner, 'cl_reconcile', 1);
      await setCvar(m.joiner, 'net_fakelag', 0);
      // With replay a correction is rare (only when the host had to repeat a late command); without it
      // every snapshot under lag pulls the player back.
      expect(withoutReplay, `backward frames: with replay ${withReplay}, without ${withoutReplay}`).toBeGreaterThan(
        2 * withReplay + 2,
      );
    },
  );

  it(
    'cl_interpolate: remotes drawn behind the newest snapshot and between grid points only with interpolation',
    { retry: 2 },
    async () => {
      const on = await observeRemote(m.host, m.joiner, m.joinerId);
      await m.host.waitForTimeout(1700);
      // Walk back the other way next time (inward is recomputed), so the mover stays in the open.
      await setCvar(m.host, 'cl_interpolate', 0);
      const off = await observeRemote(m.host, m.joiner, m.joinerId);
      await setCvar(m.host, 'cl_interpolate', 1);
      expect(on.samples).toBeGreaterThan(3);
      expect(off.samples).toBeGreaterThan(3);
      expect(on.lagTicks).toBeGreaterThanOrEqual(3);
      expect(off.lagTicks).toBeLessThanOrEqual(1);
      expect(on.offGrid).toBeGreaterThan(0);
      expect(off.offGrid).toBe(0);
    },
  );

  it(
    'sv_lagcompensation: a lagged shooter hits a strafing target far more often with rewind',
    { retry: 2, timeout: 240_000 },
    async () => {
      // The host shoots (sv_ settings live on its page), the joiner strafes; the host's own packets get the lag.
      const run = async (lagCompensation: number): Promise<{ hits: number; shots: number }> => {
        await alive(m.joiner);
        expect(await meet(m)).toBe(true);
        await setCvar(m.host, 'sv_lagcompensation', lagCompensation);
        await m.host.waitForTimeout(500);
        return hitsOnStrafer(m.host, m.hostId, m.joiner, m.joinerId, 800);
      };
      await setCvar(m.host, 'net_fakelag', 150);
      await m.host.waitForTimeout(1500);
      const off = await run(0);
      const on = await run(1);
      await setCvar(m.host, 'net_fakelag', 0);
      const story = `hits/shots with rewind ${on.hits}/${on.shots}, without ${off.hits}/${off.shots}`;
      console.log(`sv_lagcompensation over real WebRTC, shooter at 150 ms fake lag: ${story}`);
      expect(on.shots, story).toBeGreaterThanOrEqual(4);
      expect(on.hits, story).toBeGreaterThanOrEqual(2);
      expect(on.hits / on.shots, story).toBeGreaterThan((2 * off.hits) / Math.max(off.shots, 1));
    },
  );
});
