/**
 * `npm run host` plays real matches (issue 25): started with rules (deathmatch, frag limit 2, no
 * time limit, a 1 s warm-up), a rotation of two maps and one server-side bot, it starts the match
 * when a Chromium page joins by its link; the page fights the bot (aiming and walking at it,
 * firing) until someone reaches the frag limit; the page then shows the same end screen a
 * browser-hosted match shows a joiner (winner, ranking with the bot named as a bot, "Waiting for
 * the host…"), /health says the match ended and when the next one starts, and the next match
 * starts by itself on the next map of the rotation, the end screen closing. With `--record DIR`
 * the first match's replay is in DIR once the next one started (same results, Ann named), and the match in
 * progress is written when the host stops (issue 24).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closePlayer, joinByLink, launchChromium, waitIn } from './browser';
import { withQuery } from './game-match';
import { startDedicatedHost, type DedicatedProcess } from './dedicated-host-process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARENA_WIRE } from '../../src/arena/protocol/arena-wire';
import { openReplay } from '../../src/protocol/replay-reader';
import type { PublicMatchState } from '../../src/sim/match-types';

let browser: Browser;
let host: DedicatedProcess | null = null;
let recordDir = '';

beforeAll(async () => {
  browser = await launchChromium();
  recordDir = await mkdtemp(join(tmpdir(), 'rewind-replays-'));
});

afterAll(async () => {
  await host?.terminate();
  await browser?.close();
  await rm(recordDir, { recursive: true, force: true });
});

interface Health {
  lobby: { players: number; humans: number; bots: number; started: boolean };
  match: { phase: string | null; map: string; nextMap: string; nextMatchInS: number | null; matchesStarted: number };
}

const health = async (url: string): Promise<Health> => (await (await fetch(url)).json()) as Health;

/** The page aims and walks at `target` with the trigger held, for `ms`. */
const fight = (page: Page, target: number, ms: number): Promise<void> =>
  page.evaluate(([id, t]) => window.rewind.input({ aimAt: id, moveToward: id, fire: true, ms: t }), [
    target,
    ms,
  ] as const);

describe('dedicated host matches', () => {
  it('plays to the frag limit against a bot, shows the end screen on the joiner, then starts the next match on the next map by itself', async () => {
    host = await startDedicatedHost([
      '--page-url',
      inject('baseUrl'),
      '--bots',
      '1',
      '--start-when',
      '1',
      '--mode',
      'deathmatch',
      '--frag-limit',
      '2',
      '--time-limit',
      '0',
      '--warmup',
      '1',
      '--maps',
      'crossfire,warrens',
      '--next-match-delay',
      '6',
      '--record',
      recordDir,
    ]);
    const info = (): string => `\nhost output:\n${host?.output() ?? ''}`;
    const page = await joinByLink(browser, withQuery(host.link, 'density=0.5'), 'Ann');
    await waitIn(page, () => window.rewind.phase === 'match', undefined, 30_000);
    // Free play no more: the rules are the host's, on the rotation's first map, with the bot marked as a bot.
    await waitIn(
      page,
      () => {
        const m = window.rewind.view()?.match;
        return !!m && m.fragLimit === 2 && m.mapId === 0 && m.phase === 2 && m.ranking.some((r) => r.bot);
      },
      undefined,
      30_000,
    ).catch((e: Error) => Promise.reject(new Error(e.message + info())));
    const botId = await page.evaluate(() => window.rewind.view()!.match!.ranking.find((r) => r.bot)!.id);
    expect((await health(host.healthUrl)).lobby).toMatchObject({ players: 2, humans: 1, bots: 1, started: true });
    // No bot in the lobby list: it lists people (as a browser host's does).
    expect(await page.evaluate(() => window.rewind.players().map((p) => p.name))).toEqual(['Ann']);

    const liveAt = Date.now();
    // 3: MatchPhase.Ended (a page function cannot import it).
    const ended = (): boolean => window.rewind.view()?.match?.phase === 3;
    for (let i = 0; i < 60 && !(await page.evaluate(ended)); i++) {
      await fight(page, botId, 5000);
      await page.waitForFunction(ended, undefined, { timeout: 5000, polling: 200 }).catch(() => undefined);
    }
    const matchS = (Date.now() - liveAt) / 1000;
    await waitIn(
      page,
      () => {
        const el = document.getElementById('end-screen');
        return !!el && el.style.display !== 'none' && document.querySelectorAll('#end-ranking li').length === 2;
      },
      undefined,
      15_000,
    ).catch((e: Error) => Promise.reject(new Error(e.message + info())));
    const screen = await page.evaluate(() => ({
      winner: document.getElementById('end-winner')?.textContent ?? '',
      ranking: [...document.querySelectorAll('#end-ranking li')].map((li) => li.textContent ?? ''),
      waiting: document.getElementById('end-waiting')?.textContent ?? null,
      nextButton: document.getElementById('next-match') !== null,
      results: window.rewind.view()?.match?.results ?? null,
    }));
    console.log(
      `dedicated host match to a frag limit of 2 (Ann against one bot): ${matchS.toFixed(1)} s from live to the end screen; ${screen.winner}`,
    );
    expect(screen.results?.standings[0]?.score).toBe(2);
    expect(screen.winner).toMatch(/wins with 2$/);
    expect(screen.ranking.join('\n')).toContain(`Bot ${botId}`);
    expect(screen.ranking.join('\n')).toContain('Ann');
    // A joiner's end screen, as in a browser-hosted match: no controls, waiting for the next match.
    expect(screen.nextButton).toBe(false);
    expect(screen.waiting).toMatch(/Waiting for the host to start the next match/);
    for (let i = 0; i < 20 && (await health(host.healthUrl)).match.phase !== 'ended'; i++)
      await page.waitForTimeout(250);
    const h = await health(host.healthUrl);
    expect(h.match).toMatchObject({ phase: 'ended', map: 'crossfire', nextMap: 'warrens', matchesStarted: 1 });
    expect(h.match.nextMatchInS).not.toBeNull();

    // The next match starts by itself on warrens; the end screen closes.
    await waitIn(
      page,
      () => {
        const m = window.rewind.view()?.match;
        return (
          !!m &&
          m.mapId === 2 &&
          m.phase !== 3 &&
          m.results === null &&
          document.getElementById('end-screen')?.style.display === 'none'
        );
      },
      undefined,
      30_000,
    ).catch((e: Error) => Promise.reject(new Error(e.message + info())));
    expect(host.output()).toMatch(/match 1 over on crossfire; the next match starts in 6 s on warrens/);
    expect(host.output()).toMatch(/match 2 started \(after the last one ended\): Deathmatch on warrens, first to 2/);
    expect(await page.evaluate(() => window.rewind.phase)).toBe('match');

    // --record: match 1's replay was written as match 2 started; it plays to the same results.
    const files = await readdir(recordDir);
    const first = files.find((f) => /^rewind-arena-\d{4}-\d\d-\d\d-\d{4}-match1\.rwnd$/.test(f));
    expect(first, `${files.join(', ')}${info()}`).toBeDefined();
    const opened = openReplay(ARENA_WIRE, new Uint8Array(await readFile(join(recordDir, first!))));
    if (!opened.ok) throw new Error(opened.error);
    const r = opened.value;
    const last = r.frame(r.frameCount - 1).rules as PublicMatchState;
    const summary = `replay: ${r.frameCount} frames, ticks ${r.firstTick}-${r.lastTick}, last phase ${last.phase}${info()}`;
    expect(last.results, summary).toEqual(screen.results);
    expect(opened.value.rosterAt(opened.value.lastTick).map((p) => p.name)).toContain('Ann');
    await closePlayer(page);
    expect(await host.terminate()).toBe(0);
    host = null;
    // Stopping wrote the match in progress (match 2) too.
    expect((await readdir(recordDir)).some((f) => f.endsWith('-match2-partial.rwnd'))).toBe(true);
  }, 420_000);
});
