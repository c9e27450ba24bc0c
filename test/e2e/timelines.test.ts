/**
 * Timelines through a real latency change (issue 9), host + joiner over real WebRTC: mid-match the
 * joiner raises net_fakelag from 0 to 150 ms (150 ms more each way). Throughout (before, in the
 * seconds right after the change, and once settled) its own player answers a key within 3 frames,
 * and the host never has to run a longer streak of repeated commands for it than the one-way step
 * allows: 150 ms / tick + 3 ticks (read from the worker's stats: longestRepeatRun).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser';
import { startMatch, type Match } from './game-match';

/** Frames (animation frames of the page) from a scripted key press until the local player moved. */
function framesToAnswer(page: Page, dx: number): Promise<number> {
  return page.evaluate(async (dir) => {
    const at = (): { x: number; y: number } => window.rewind.view()?.local?.state ?? { x: 0, y: 0 };
    const p0 = at();
    window.rewind.input({ moveX: 127 * dir, moveY: 0, ms: 300 });
    let frames = 0;
    return new Promise<number>((resolve) => {
      const frame = (): void => {
        frames++;
        const p = at();
        if (Math.abs(p.x - p0.x) + Math.abs(p.y - p0.y) > 0.5) return resolve(frames);
        if (frames > 120) return resolve(Infinity);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, dx);
}

/** The host worker's runs of repeated commands for one client that ended after server tick `from` (null: no stats yet). */
function repeatRunsAfter(host: Page, clientId: number, from: number): Promise<number[] | null> {
  return host.evaluate(
    ([id, since]) => {
      const stats = window.rewind.serverStats() as { clients?: Array<{ clientId: number; recentRepeatRuns: Array<{ endTick: number; length: number }> }> } | null;
      const c = stats?.clients?.find((q) => q.clientId === id);
      return c ? c.recentRepeatRuns.filter((r) => r.endTick > since).map((r) => r.length) : null;
    },
    [clientId, from] as const,
  );
}

describe('a joiner whose latency rises mid-match', () => {
  let browser: Browser;
  let match: Match;

  beforeAll(async () => {
    browser = await launchChromium();
    match = await startMatch(browser, inject('baseUrl'));
  });

  afterAll(async () => {
    await browser.close();
  });

  it('answers its keys within 3 frames throughout, and the host repeats no longer than the bound', async () => {
    const { host, joiner, joinerId } = match;
    const answers: number[] = [];
    let dir = 1;
    for (let i = 0; i < 4; i++) {
      answers.push(await framesToAnswer(joiner, dir));
      dir = -dir;
      await joiner.waitForTimeout(350);
    }
    const stepTick = await host.evaluate(() => window.rewind.view()?.stats.serverTick ?? 0);
    expect(await joiner.evaluate(() => window.rewind.setCvar('net_fakelag', 150))).toBeNull();
    const after: number[] = [];
    for (let i = 0; i < 10; i++) {
      after.push(await framesToAnswer(joiner, dir));
      dir = -dir;
      await joiner.waitForTimeout(250);
    }
    // The worker's stats reach the host page once a second.
    await host.waitForTimeout(2200);
    const runs = await repeatRunsAfter(host, joinerId, stepTick);
    const tickrate = await host.evaluate(() => window.rewind.view()?.tickrate ?? 60);
    const bound = 150 / (1000 / tickrate) + 3;
    console.log(`net_fakelag 0 -> 150: frames to answer before ${answers.join(' ')}, after ${after.join(' ')}; host's repeat runs after the change ${JSON.stringify(runs)} (bound ${bound.toFixed(1)})`);
    for (const f of [...answers, ...after]) expect(f).toBeLessThanOrEqual(3);
    expect(runs).not.toBeNull();
    for (const run of runs ?? []) expect(run).toBeLessThanOrEqual(bound);
  });
});
