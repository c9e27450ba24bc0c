/**
 * Pushball, the site's second game, end to end in real Chromium over real WebRTC: the host picks
 * "Pushball" in the start screen's Game choice and creates a lobby; a friend opens the lobby link
 * (which says nothing of the game: the joiner learns it from the host's welcome) and joins; the host
 * starts the match; both pages draw the pitch with its renderer; the joiner walks to the ball and
 * kicks it, and the host's page (the authority) sees the ball leave the centre spot and the joiner
 * where the joiner's own page drew itself. When a match ends, the host's "Download replay" saves it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { config } from '../../src/pushball/sim';
import { readFile } from 'node:fs/promises';
import { openReplay } from '../../src/protocol/replay-reader';
import { PUSHBALL_WIRE } from '../../src/pushball/protocol/pushball-wire';
import { closePlayer, createLobby, joinByLink, launchChromium, openPlayer, waitIn, withParams } from './browser';

let browser: Browser;
let host: Page;
let friend: Page;

const idOf = (p: Page): Promise<number> => p.evaluate(() => window.rewind.localId ?? -1);

/** The ball as a page's view has it (Pushball's view carries `ball`), or null. */
function ballOn(p: Page): Promise<{ x: number; y: number } | null> {
  return p.evaluate(() => {
    const v = window.rewind.pushballView();
    return v?.ball ? { x: v.ball.x, y: v.ball.y } : null;
  });
}

beforeAll(async () => {
  browser = await launchChromium();
  host = await openPlayer(browser, `${inject('baseUrl')}?density=0.5`);
  await host.selectOption('#game', 'pushball');
  const link = await createLobby(host, 'Hana');
  friend = await joinByLink(browser, withParams(link, { density: '0.5' }), 'Femi');
});

afterAll(async () => {
  await browser?.close();
});

describe('Pushball over real WebRTC through the lobby link', () => {
  it('seats both players in one lobby, and the joiner plays Pushball because the host said so', async () => {
    for (const p of [host, friend]) await waitIn(p, () => window.rewind.players().length === 2, undefined, 30_000);
    expect(await friend.evaluate(() => window.rewind.phase)).toBe('lobby');
    // The host's lobby has Pushball's own form: a short match, a high goal target, and one bot.
    expect(await friend.isVisible('#match-settings')).toBe(false);
    await host.fill('#goals-to-win', '9');
    await host.fill('#match-minutes', '0.5');
    await host.click('#add-bot');
    await waitIn(host, () => document.querySelector('#bot-count')?.textContent === 'Bots: 1', undefined);
    await host.click('#start-match');
    for (const p of [host, friend]) await waitIn(p, () => window.rewind.phase === 'match', undefined, 20_000);
    // Both pages play Pushball (the arena's view is null there): a ball, the rules block with its score.
    for (const p of [host, friend]) {
      await waitIn(
        p,
        () => {
          const v = window.rewind.pushballView();
          return !!v && v.ball !== null && v.rules !== null;
        },
        undefined,
      );
    }
  });

  it('plays on the rules the host chose, with its bot on the pitch', async () => {
    for (const p of [host, friend]) {
      const r = await p.evaluate(() => window.rewind.pushballView()?.rules ?? null);
      expect(r).toMatchObject({ goalsToWin: 9, matchTicks: 30 * 60, bots: [expect.any(Number)] });
      expect(r!.teams[0].length + r!.teams[1].length).toBe(3);
    }
  });

  it('draws the pitch on both pages with the Pushball renderer', async () => {
    for (const p of [host, friend]) {
      await waitIn(
        p,
        () => {
          const info = window.pushballGame?.info();
          return !!info && info.frames > 10 && info.local !== null && info.players.length >= 1 && info.ball !== null;
        },
        undefined,
        20_000,
      );
      const info = await p.evaluate(() => window.pushballGame!.info());
      // The ball is drawn inside the canvas.
      const size = await p.evaluate(() => {
        const c = document.querySelector('canvas');
        return c ? { w: c.clientWidth, h: c.clientHeight } : null;
      });
      expect(size).not.toBeNull();
      expect(info.ball!.screenX).toBeGreaterThan(0);
      expect(info.ball!.screenX).toBeLessThan(size!.w);
      expect(info.ball!.screenY).toBeGreaterThan(0);
      expect(info.ball!.screenY).toBeLessThan(size!.h);
      // And really drawn there: the ball's white, and the own disc in the colour info() reports.
      const [ballPixel, ownPixel] = await p.evaluate(() => {
        const i = window.pushballGame!.info();
        return [
          window.pushballGame!.pixel(i.ball!.screenX, i.ball!.screenY),
          window.pushballGame!.pixel(i.local!.screenX, i.local!.screenY),
        ];
      });
      expect(Math.min(...ballPixel!.slice(0, 3))).toBeGreaterThan(200);
      for (let c = 0; c < 3; c++) expect(Math.abs(ownPixel![c]! - info.local!.color[c]!)).toBeLessThan(40);
      if (p === host) await p.screenshot({ path: 'test-results/pushball-host.png' }).catch(() => undefined);
    }
  });

  it('the joiner walks to the ball and kicks it: the host sees the ball move and the joiner where it drew itself', async () => {
    const friendId = await idOf(friend);
    const start = await ballOn(host);
    expect(start).not.toBeNull();
    // Walk to the ball, kicking all the way, until the authority's ball is well off where it was.
    await friend.evaluate(() => window.rewind.input({ moveToBall: true, fire: true, ms: 20_000 }));
    await waitIn(
      host,
      (s: { x: number; y: number }) => {
        const v = window.rewind.pushballView();
        return !!v && !!v.ball && Math.hypot(v.ball.x - s.x, v.ball.y - s.y) > 60;
      },
      start!,
      25_000,
    );
    await friend.evaluate(() => window.rewind.input({ ms: 2000 }));
    // Let the joiner stand still, then compare where both pages have it.
    await waitIn(
      friend,
      () => {
        const v = window.rewind.pushballView();
        return !!v && !!v.local && Math.hypot(v.local.state.vx, v.local.state.vy) < 1;
      },
      undefined,
    );
    await new Promise((r) => setTimeout(r, 500));
    const own = await friend.evaluate(() => {
      const v = window.rewind.pushballView();
      return v?.local ? { x: v.local.state.x, y: v.local.state.y } : null;
    });
    const seen = await host.evaluate((id) => {
      const v = window.rewind.pushballView();
      if (!v) return null;
      const p = v.players.find((q) => q.id === id);
      return p ? { x: p.x, y: p.y } : null;
    }, friendId);
    expect(own).not.toBeNull();
    expect(seen).not.toBeNull();
    expect(Math.hypot(own!.x - seen!.x, own!.y - seen!.y)).toBeLessThan(2 * config.PLAYER_RADIUS);
    // The pitch is the walls': nobody stands outside it.
    expect(own!.x).toBeGreaterThan(config.FIELD_X0);
    expect(own!.x).toBeLessThan(config.FIELD_X1);
  });

  it('ends the match when its clock runs out; the host\'s "Play again" starts the next for both', async () => {
    // 30 s of play (the clock stops in kickoffs and after goals).
    for (const p of [host, friend])
      await waitIn(p, () => window.rewind.pushballView()?.rules?.phase === 3, undefined, 90_000);
    expect(await friend.isVisible('#pushball-rematch')).toBe(false);
    // The host's "Download replay" under "Play again": the match just played, a Pushball replay to its end.
    expect(await friend.isVisible('#download-replay')).toBe(false);
    const [download] = await Promise.all([host.waitForEvent('download'), host.click('#download-replay')]);
    expect(download.suggestedFilename()).toMatch(/^rewind-pushball-.*\.rwnd$/);
    const opened = openReplay(PUSHBALL_WIRE, new Uint8Array(await readFile((await download.path())!)));
    if (!opened.ok) throw new Error(opened.error);
    expect(opened.value.header).toMatchObject({ game: 'pushball', map: 'pushball' });
    const last = opened.value.frame(opened.value.frameCount - 1).rules as { phase: number; scores: number[] };
    expect(last.phase).toBe(3);
    expect(last.scores).toEqual(await host.evaluate(() => window.rewind.pushballView()!.rules!.scores));
    expect(
      opened.value
        .rosterAt(opened.value.lastTick)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Femi', 'Hana']);
    await host.click('#pushball-rematch');
    for (const p of [host, friend]) {
      await waitIn(
        p,
        () => {
          const r = window.rewind.pushballView()?.rules;
          return !!r && r.phase !== 3 && r.scores[0] === 0 && r.scores[1] === 0 && r.clockTicksLeft > 25 * 60;
        },
        undefined,
        20_000,
      );
    }
    expect(await host.isVisible('#pushball-rematch')).toBe(false);
  });

  it('outlives its host: the chosen successor takes the match over from its checkpoint and plays on', async () => {
    const friendId = await idOf(friend);
    // The host picks Femi as its successor in the lobby list; Femi then holds the host's checkpoints.
    await host.evaluate((id) => window.rewind.chooseSuccessor(id, true), friendId);
    await waitIn(friend, () => window.rewind.migration()?.checkpointAgeMs != null, undefined, 20_000);
    const before = await friend.evaluate(() => window.rewind.pushballView()?.rules?.scores ?? null);
    expect(before).not.toBeNull();
    await closePlayer(host);
    await waitIn(friend, () => window.rewind.migration()?.hosting === true && window.rewind.isHost, undefined, 30_000);
    // Its own worker runs the same match: the score carried over, the ball is there, the ticks go on.
    const after = await friend.evaluate(() => window.rewind.pushballView()?.rules?.scores ?? null);
    expect(after).toEqual(before);
    const tick = (): Promise<number> => friend.evaluate(() => window.rewind.pushballView()?.stats.serverTick ?? -1);
    const t0 = await tick();
    await waitIn(friend, (t) => (window.rewind.pushballView()?.stats.serverTick ?? -1) > t + 60, t0);
    // And it still plays: walking moves its player on its own server.
    const at = await friend.evaluate(() => window.rewind.pushballView()?.local?.state.x ?? null);
    const moveX = at !== null && at > 500 ? -127 : 127;
    await friend.evaluate((x) => window.rewind.input({ moveX: x, ms: 1500 }), moveX);
    await waitIn(friend, (x0) => Math.abs((window.rewind.pushballView()?.local?.state.x ?? x0) - x0) > 40, at ?? 0);
  });
});
