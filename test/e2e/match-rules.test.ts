/**
 * Match rules in real Chromium over real WebRTC (issue 12): three pages, the host picks plaza, a
 * frag limit of 2 and adds three server-side bots in the lobby; the match runs to its frag limit
 * (the bots do the fragging) and all three pages show the same end screen with the same ranking
 * and awards; the host then picks team deathmatch on bastion on the end screen and the next match
 * starts on the new map for everyone, each page drawing the others in their team's colour. Between
 * the two, the host's "Download replay" saves the match just played (issue 24): it opens, starts at
 * the match's start, ends on the same results, and names the three players.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLobby, joinByLink, launchChromium, openPlayer, waitIn } from './browser';
import { withQuery } from './game-match';
import { TEAM_COLORS } from '../../src/game/palette';
import { MatchPhase, Team, type PublicMatchState } from '../../src/sim/match-types';
import { readFile } from 'node:fs/promises';
import { ARENA_WIRE } from '../../src/arena/protocol/arena-wire';
import { openReplay } from '../../src/protocol/replay-reader';
import { PROTOCOL_VERSION } from '../../src/protocol/wire';
import { followCamera } from '../../src/game/camera';
import { MAPS } from '../../src/sim/maps';

let browser: Browser;
let pages: Page[] = [];
/** The replay the host downloaded from the end screen, and the page that watches it (closed after its test). */
let replayPath = '';
let viewer: Page | null = null;
/** Console errors and warnings of every page and its workers, printed when a wait fails. */
const logs: string[] = [];

/**
 * Records, in the page, its phase changes (wall clock, comparable across pages) and main-thread
 * tasks over 1 s: a page kicked for silence under machine load shows long stalls, a bug does not.
 */
function probePage(): void {
  const w = window as unknown as { probe: { longTasks: string[]; phases: string[] } };
  const at = (): string => new Date().toISOString().slice(11, 23);
  w.probe = { longTasks: [], phases: [] };
  let last = '';
  setInterval(() => {
    if (window.rewind.phase !== last) w.probe.phases.push(`${(last = window.rewind.phase)}@${at()}`);
  }, 50);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration > 1000) w.probe.longTasks.push(`${Math.round(e.duration)} ms to ${at()}`);
  }).observe({ type: 'longtask', buffered: true });
}

function listen(page: Page, name: string): Page {
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') logs.push(`[${name}] ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => logs.push(`[${name}] pageerror: ${e.message}`));
  page.on('worker', (w) => w.on('close', () => logs.push(`[${name}] worker closed: ${w.url()}`)));
  void page.evaluate(probePage);
  return page;
}

/** What a page was doing: phase, last error, its probe, the host's tick loop and channels, the match. */
function pageState(page: Page): Promise<unknown> {
  return page
    .evaluate(() => {
      const m = window.rewind.view()?.match;
      const stats = window.rewind.serverStats() as { loop?: unknown; tickCost?: unknown; tickErrors?: unknown } | null;
      return {
        phase: window.rewind.phase,
        lastError: window.rewind.lastError,
        probe: (window as unknown as { probe?: unknown }).probe,
        at: new Date().toISOString().slice(11, 23),
        server: stats ? { loop: stats.loop, tickCost: stats.tickCost, tickErrors: stats.tickErrors } : null,
        channels: window.rewind.channels(),
        match: m ? { phase: m.phase, mapId: m.mapId, mode: m.mode } : null,
      };
    })
    .catch((e: unknown) => String(e));
}

/** Waits until `predicate` holds on every page; on a timeout, prints what each page was doing. */
async function waitAll(predicate: () => boolean, timeout: number): Promise<void> {
  try {
    for (const p of pages) await waitIn(p, predicate, undefined, timeout);
  } catch (err) {
    console.error(
      'page states:',
      JSON.stringify(await Promise.all(pages.map(pageState))),
      '\nconsole:',
      logs.join('\n'),
    );
    throw err;
  }
}

const endScreenShown = (): boolean => {
  const el = document.getElementById('end-screen');
  return !!el && el.style.display !== 'none' && document.querySelectorAll('#end-ranking li').length > 0;
};

function endScreen(page: Page): Promise<{ winner: string; ranking: string[]; awards: string[] }> {
  return page.evaluate(() => ({
    winner: document.getElementById('end-winner')?.textContent ?? '',
    ranking: [...document.querySelectorAll('#end-ranking li')].map((li) => li.textContent ?? ''),
    awards: [...document.querySelectorAll('#end-awards li')].map((li) => li.textContent ?? ''),
  }));
}

beforeAll(async () => {
  browser = await launchChromium();
  const host = listen(await openPlayer(browser, withQuery(inject('baseUrl'), 'density=0.5')), 'host');
  const link = await createLobby(host, 'Alice', { maxPlayers: 8 });
  const bob = await joinByLink(browser, withQuery(link, 'density=0.5'), 'Bob');
  const cat = await joinByLink(browser, withQuery(link, 'density=0.5'), 'Cat');
  pages = [host, listen(bob, 'bob'), listen(cat, 'cat')];
});

afterAll(async () => {
  await browser?.close();
});

describe('a match with rules, three pages', () => {
  it('the host picks map, frag limit and bots; the match ends at the frag limit with the same end screen on every page', async () => {
    const [host] = pages as [Page];
    await waitIn(host, () => window.rewind.players().length === 3, undefined);
    await host.selectOption('#match-map', { label: 'plaza' });
    await host.fill('#frag-limit', '2');
    await host.fill('#time-limit', '0');
    for (let i = 0; i < 3; i++) await host.click('#add-bot');
    await host.waitForFunction(() => document.getElementById('bot-count')?.textContent === 'Bots: 3');
    // A DOM click: the page is busy mounting the game right after it, and Playwright's click would wait on it.
    await host.evaluate(() => document.getElementById('start-match')!.click());
    await waitAll(() => window.rewind.phase === 'match', 60_000);
    await waitAll(
      () => window.rewind.view()?.match?.mapId === 1 && window.rewind.view()?.match?.fragLimit === 2,
      60_000,
    );
    await waitAll(endScreenShown, 240_000);
    const screens = await Promise.all(pages.map(endScreen));
    expect(screens[0]!.ranking).toHaveLength(6);
    expect(screens[0]!.ranking[0]).toMatch(/ 2 \(/);
    for (const s of screens.slice(1)) expect(s).toEqual(screens[0]);
    // The same frozen results as the match block says, on every page.
    const results = await Promise.all(pages.map((p) => p.evaluate(() => window.rewind.view()?.match?.results ?? null)));
    expect(results[0]).not.toBeNull();
    for (const r of results.slice(1)) expect(r).toEqual(results[0]);
    // Only the host gets the controls; the others wait for it.
    expect(await host.isVisible('#next-match')).toBe(true);
    for (const p of pages.slice(1)) expect(await p.isVisible('#end-waiting')).toBe(true);
  }, 360_000);

  it('the host downloads the replay from the end screen: the whole match, names and kills, to its end', async () => {
    const [host, bob] = pages as [Page, Page];
    expect(await bob.isVisible('#download-replay')).toBe(false);
    const [download] = await Promise.all([host.waitForEvent('download'), host.click('#download-replay')]);
    expect(download.suggestedFilename()).toMatch(/^rewind-arena-\d{4}-\d\d-\d\d-\d{4}\.rwnd$/);
    const bytes = new Uint8Array(await readFile((await download.path())!));
    const opened = openReplay(ARENA_WIRE, bytes);
    if (!opened.ok) throw new Error(opened.error);
    const replay = opened.value;
    expect(replay.header).toMatchObject({ game: 'arena', protocolVersion: PROTOCOL_VERSION, tickrate: 60 });
    // It starts at the match's start (the lobby before it is another recording) and ends on its end screen.
    const first = replay.frame(0).rules as PublicMatchState;
    const last = replay.frame(replay.frameCount - 1).rules as PublicMatchState;
    expect(first.mapId).toBe(1);
    expect(first.phase).not.toBe(MatchPhase.Ended);
    expect(last.phase).toBe(MatchPhase.Ended);
    expect(last.results).toEqual(await host.evaluate(() => window.rewind.view()?.match?.results ?? null));
    expect(replay.events.filter((e) => (e.event as { type: string }).type === 'killed').length).toBeGreaterThanOrEqual(
      2,
    );
    const names = replay.rosterAt(replay.lastTick).map((p) => p.name);
    for (const n of ['Alice', 'Bob', 'Cat']) expect(names).toContain(n);
    expect(await host.textContent('#download-replay-status')).toMatch(/^Saved \(\d+ KB\)\.$/);
    replayPath = (await download.path())!;
  }, 60_000);

  it('the downloaded replay opens in a fresh page: it plays, seeks and follows a player with the arena renderer', async () => {
    // Not one of `pages`: the match's pages go on to the next test whatever happens here.
    const page = listen(await openPlayer(browser, withQuery(inject('baseUrl'), 'density=0.5')), 'viewer');
    viewer = page;
    await page.setInputFiles('#replay-file', replayPath);
    await waitIn(
      page,
      () => window.rewind.phase === 'replay' && (window.rewindGame?.info().frames ?? 0) > 5,
      undefined,
      30_000,
    );
    const state = () => page.evaluate(() => window.rewind.replay()!);
    const start = await state();
    expect(start).toMatchObject({ game: 'arena', paused: false, speed: 1, followed: null, tickrate: 60 });
    expect(start.markers.length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('#replay-markers .replay-marker').count()).toBe(start.markers.length);
    // It plays: the time moves on, and all six players are drawn.
    await waitIn(page, (t0) => window.rewind.replay()!.tick > t0 + 30, start.tick, 15_000);
    await waitIn(page, () => window.rewindGame!.info().remotes.length === 6, undefined, 15_000);
    // Pause, then seek on the timeline to the second kill: the recorded world of that moment is what is drawn.
    await page.click('#replay-play');
    const target = start.markers[1]!.tick;
    await page.evaluate((t) => {
      const range = document.getElementById('replay-timeline') as HTMLInputElement;
      range.value = String(t);
      range.dispatchEvent(new Event('input'));
    }, target);
    await waitIn(page, (t) => Math.abs(window.rewind.replay()!.tick - t) < 1e-6, target, 10_000);
    const seeked = await state();
    expect(seeked.paused).toBe(true);
    expect(seeked.frameTick).toBeLessThanOrEqual(target);
    expect(target - seeked.frameTick).toBeLessThan(seeked.tickrate);
    // Follow the first player of the list: the camera centres on it (as far as the map's edge allows).
    const who = seeked.players[0]!;
    await page.selectOption('#replay-follow', String(who.id));
    await waitIn(page, (id) => window.rewind.replay()!.followed === id, who.id, 10_000);
    await page.waitForTimeout(200);
    // The camera is where it would be following that player (clamped at the map's edges; an explosion's shake aside).
    const { cam, drawnAt } = await page.evaluate((id) => {
      const info = window.rewindGame!.info();
      const p = info.remotes.find((r) => r.id === id)!;
      return { cam: info.camera!, drawnAt: { x: p.worldX, y: p.worldY } };
    }, who.id);
    const map = MAPS[1]!; // plaza, the match's map
    const expected = followCamera(cam.viewW, cam.viewH, map.width, map.height, drawnAt.x, drawnAt.y);
    expect(Math.hypot(cam.centerX - expected.centerX, cam.centerY - expected.centerY)).toBeLessThan(30);
    // Drawn where the recording has them, within one frame's blend.
    const drawn = await page.evaluate(() =>
      window.rewindGame!.info().remotes.map((r) => ({ id: r.id, x: r.worldX, y: r.worldY })),
    );
    const recorded = (await state()).players;
    for (const r of recorded) {
      const d = drawn.find((q) => q.id === r.id)!;
      expect(Math.hypot(d.x - r.x, d.y - r.y)).toBeLessThan(40);
    }
    // Twice as fast, then back to the start screen.
    await page.selectOption('#replay-speed', '2');
    expect((await state()).speed).toBe(2);
    await page.click('#replay-leave');
    await waitIn(page, () => window.rewind.phase === 'start', undefined, 10_000);
  }, 90_000);

  it('the host changes mode and map on the end screen; the next match starts on the new map for everyone', async () => {
    await viewer?.close();
    const [host] = pages as [Page];
    await host.selectOption('#match-mode', { label: 'Team deathmatch' });
    await host.selectOption('#match-map', { label: 'bastion' });
    await host.fill('#frag-limit', '50');
    await host.fill('#time-limit', '10');
    await host.evaluate(() => document.getElementById('next-match')!.click());
    await waitAll(() => {
      const m = window.rewind.view()?.match;
      return !!m && m.mapId === 3 && m.mode === 1 && m.phase !== 3 && m.results === null;
    }, 60_000);
    await waitAll(() => document.getElementById('end-screen')?.style.display === 'none', 15_000);
    // Everyone is on bastion's floor: each page's own player stands inside the new map.
    await waitAll(() => {
      const v = window.rewind.view();
      const m = v?.match;
      return !!v?.local && !!m && v.local.state.x <= m.map.width && v.local.state.y <= m.map.height && m.myTeam !== 0;
    }, 30_000);
    // Team deathmatch: every other player is drawn in their team's colour (red 1, blue 2).
    for (const page of pages) {
      await waitIn(
        page,
        (colors) => {
          const teams = new Map((window.rewind.view()?.match?.ranking ?? []).map((r) => [r.id, r.team]));
          const drawn = window.rewindGame?.info().remotes ?? [];
          return (
            drawn.length >= 3 &&
            drawn.every((p) => JSON.stringify(p.color) === JSON.stringify(colors[teams.get(p.id) === 1 ? 0 : 1]))
          );
        },
        [TEAM_COLORS[Team.Red], TEAM_COLORS[Team.Blue]],
        30_000,
      );
    }
  }, 120_000);
});
