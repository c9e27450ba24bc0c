/**
 * Text that cannot break a renderer (issue 11 points 1-2, issue 12), in real Chromium over a real
 * match: a joiner named `[a]x[/a]` is shown literally in the host's lobby list, the scoreboard,
 * the name tags and the kill feed; thousands of random Unicode strings (markup fragments, CJK,
 * emoji, combining marks, zero-width and bidi characters, lone surrogates, controls) go through
 * every text path of both pages (name tags, scoreboard, kill feed via `injectText`; the chat log;
 * kaboom's layout via `textProbe`), and both canvases keep drawing: frames advance, pixels change
 * when the drawn text changes, no page error. Chat lines typed with T / Enter reach the other
 * page in the lobby and in the match, as literal text.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closePlayer, createLobby, joinByLink, launchChromium, openPlayer, waitIn } from './browser';
import { startMatch, withQuery } from './game-match';

const EVIL = '[a]x[/a]';
const BATCHES = 120;

/** Seeded generator of hostile strings (reproducible: the seed is in the failure message). */
function hostileStrings(seed: number): () => string {
  let s = seed >>> 0;
  const next = (): number => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const ranges: readonly [number, number][] = [
    [0x20, 0x7e],
    [0x00, 0x1f],
    [0x80, 0x24f],
    [0x300, 0x36f],
    [0x590, 0x6ff],
    [0x900, 0x97f],
    [0xe00, 0xe7f],
    [0x1100, 0x11ff],
    [0x2000, 0x206f],
    [0x2800, 0x28ff],
    [0x3000, 0x30ff],
    [0x3164, 0x3164],
    [0x4e00, 0x9fff],
    [0xac00, 0xd7a3],
    [0xd800, 0xdfff],
    [0xfe00, 0xfe0f],
    [0xff00, 0xffef],
    [0x1f1e6, 0x1f1ff],
    [0x1f300, 0x1faff],
    [0xe0000, 0xe007f],
    [0x10000, 0x10ffff],
  ];
  const fragments = [
    '[',
    ']',
    '[/',
    '[a]',
    '[/a]',
    '[b]x[/b]',
    '\\[',
    '[[',
    ']]',
    '[red]',
    '[wave]',
    '\u202e',
    '\u200d',
    '\u{1F468}\u200d\u{1F469}',
  ];
  return () => {
    const length = 1 + Math.floor(next() * 24);
    let out = '';
    while ([...out].length < length) {
      if (next() < 0.25) out += pick(fragments);
      else {
        const [lo, hi] = pick(ranges);
        const cp = lo + Math.floor(next() * (hi - lo + 1));
        out += cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
      }
    }
    return out;
  };
}

/** A checksum of every canvas pixel (read back through a 2D canvas, like canvasPixel). */
function canvasHash(page: Page): Promise<number> {
  return page.evaluate(() => {
    const c = document.querySelector<HTMLCanvasElement>('[data-testid=game] canvas');
    if (!c) return -1;
    const copy = document.createElement('canvas');
    copy.width = c.width;
    copy.height = c.height;
    const ctx = copy.getContext('2d');
    if (!ctx) return -1;
    ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 1) h = (Math.imul(h, 31) + (d[i] ?? 0)) | 0;
    return h;
  });
}

const framesOf = (page: Page): Promise<number> => page.evaluate(() => window.rewindGame?.info().frames ?? -1);

async function nextFrames(page: Page, n: number): Promise<void> {
  const from = await framesOf(page);
  await waitIn(page, ([f, k]) => (window.rewindGame?.info().frames ?? 0) >= f + k, [from, n] as const, 20_000);
}

describe('text that cannot break a renderer', () => {
  let browser: Browser;
  let host: Page;
  let joiner: Page;
  let ids: number[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the [a]x[/a] name literally in the lobby list, and lobby chat typed with T / Enter', async () => {
    // The lobby is DOM only: no canvas needed (render=0 keeps SwiftShader out of this part).
    const lobbyHost = await openPlayer(browser, withQuery(inject('baseUrl'), 'render=0'));
    const link = await createLobby(lobbyHost, 'Host');
    const lobbyJoiner = await joinByLink(browser, withQuery(link, 'render=0'), EVIL);
    await waitIn(lobbyHost, () => window.rewind.players().length === 2, undefined);
    const names = await lobbyHost.$$eval('#players .player-name', (els) => els.map((e) => e.textContent ?? ''));
    expect(names).toContain(EVIL);
    await lobbyJoiner.click('#lobby-status');
    await lobbyJoiner.keyboard.press('t');
    await expect
      .poll(() => lobbyJoiner.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('chat-input');
    await lobbyJoiner.keyboard.type('<b>hi</b> [red]there[/red]');
    await lobbyJoiner.keyboard.press('Enter');
    for (const p of [lobbyHost, lobbyJoiner]) {
      await waitIn(
        p,
        () =>
          [...document.querySelectorAll('[data-testid=chat-line]')].some(
            (l) => l.textContent === '[a]x[/a]: <b>hi</b> [red]there[/red]',
          ),
        undefined,
        10_000,
      );
    }
    expect(await lobbyHost.$$eval('[data-testid=chat-line] b', (els) => els.length)).toBe(0);
    await closePlayer(lobbyJoiner);
    await closePlayer(lobbyHost);
  });

  it('draws thousands of random Unicode strings through every text path and keeps drawing', async () => {
    const m = await startMatch(browser, inject('baseUrl'), 'density=0.5', { host: 'Host', joiner: EVIL });
    host = m.host;
    joiner = m.joiner;
    for (const p of [host, joiner]) p.on('pageerror', (e) => errors.push(e.message));
    ids = [m.hostId, m.joinerId];
    for (const p of [host, joiner]) {
      // The real name goes through kaboom's layout as its 8 characters, not as a style tag.
      expect(await p.evaluate((s) => window.rewindGame?.textProbe(s), EVIL)).toBe(EVIL);
      await p.focus('[data-testid=game] canvas');
      await p.keyboard.down('Tab');
    }
    await nextFrames(host, 3);
    expect(await host.evaluate(() => window.rewindGame?.info().overlays.scoreboard)).toBe(true);
    const seed = Date.now() % 100_000;
    const next = hostileStrings(seed);
    let drawn = 0;
    for (let b = 0; b < BATCHES; b++) {
      const names: Record<number, string> = {};
      for (const id of [...ids, ...Array.from({ length: 10 }, (_, i) => 100 + i)]) names[id] = next();
      const kills = Array.from({ length: 5 }, (_, i) => ({
        killer: 100 + 2 * i,
        victim: i === 0 ? (ids[0] ?? 1) : 101 + 2 * i,
        weapon: i % 2,
      }));
      const chat = Array.from({ length: 10 }, () => ({ name: next(), text: next() }));
      const probes = Array.from({ length: 5 }, () => next());
      const page = b % 2 === 0 ? host : joiner;
      await page.evaluate(
        ({ names, kills, chat, probes }) => {
          window.rewindGame?.injectText({ names, kills, chat });
          for (const s of probes) window.rewindGame?.textProbe(s);
        },
        { names, kills, chat, probes },
      );
      drawn += Object.keys(names).length + chat.length * 2 + probes.length;
      await nextFrames(page, 2);
    }
    expect(drawn).toBeGreaterThan(3000);
    // Still drawing: frames advance and the picture follows the text it is given.
    for (const p of [host, joiner]) {
      await p.evaluate((id) => window.rewindGame?.injectText({ names: { [id]: 'AAAAAAAAAAAAAAAA' } }), ids[0] ?? 1);
      await nextFrames(p, 3);
      const a = await canvasHash(p);
      await p.evaluate((id) => window.rewindGame?.injectText({ names: { [id]: 'W' } }), ids[0] ?? 1);
      await nextFrames(p, 3);
      expect(await canvasHash(p), `seed ${seed}: the canvas stopped changing`).not.toBe(a);
      const glyphs = await p.evaluate(() => window.rewindGame?.info().glyphs);
      console.log(`glyph gate after ${BATCHES} batches (seed ${seed}):`, JSON.stringify(glyphs));
      expect(glyphs?.admitted ?? 0).toBeGreaterThan(95);
      await p.keyboard.up('Tab');
    }
    expect(errors, `seed ${seed}`).toEqual([]);
  });

  it('sends a match chat line with T and Enter; the other page shows it literally', async () => {
    await joiner.evaluate(() => window.rewindGame?.injectText({ names: {} }));
    await joiner.focus('[data-testid=game] canvas');
    await joiner.keyboard.press('t');
    await waitIn(joiner, () => window.rewindGame?.info().chatOpen === true, undefined, 5000);
    // While the line is open the game's input is neutral: typing "wasd" does not walk.
    await joiner.keyboard.type('wasd [a]gg[/a]');
    expect(await joiner.evaluate(() => window.rewindGame?.info().input)).toMatchObject({ moveX: 0, moveY: 0 });
    await joiner.keyboard.press('Enter');
    await waitIn(
      host,
      () =>
        [...document.querySelectorAll('[data-testid=chat-line]')].some(
          (l) => l.textContent === '[a]x[/a]: wasd [a]gg[/a]',
        ),
      undefined,
      10_000,
    );
    expect(await joiner.evaluate(() => window.rewindGame?.info().chatOpen)).toBe(false);
    expect(errors).toEqual([]);
  });
});
