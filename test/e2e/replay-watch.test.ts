/**
 * Watching replays in real Chromium (issue 24): a Pushball replay recorded in Node (four bots,
 * 20 s) dropped on the start screen plays with Pushball's renderer (the pitch and the ball drawn,
 * the time moving, goals marked) and answers its keys (Space, ".", ",", F); a damaged file and a file that is no replay at all each get a
 * sentence on the message screen, and Back returns to the start screen.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, openPlayer, waitIn } from './browser';
import { withQuery } from './game-match';
import { GameServer } from '../../src/server/game-server';
import { pushballRuntimeGame } from '../../src/pushball/server/pushball-checkpoint';
import type { PushballTypes } from '../../src/pushball/server/pushball-types';

let browser: Browser;
let dir = '';
let replay: Uint8Array = new Uint8Array(0);

function recordPushball(seconds: number): Uint8Array {
  const server = new GameServer<PushballTypes>(
    { tickrate: 60, maxUnlagS: 1, lagCompensation: false, seed: 11, maxPlayers: 8 },
    pushballRuntimeGame,
  );
  for (let i = 0; i < 4; i++) server.addBot();
  server.recording.start({ game: 'pushball', map: 'pushball' });
  server.startMatch({ goalsToWin: 20, matchSeconds: 60 });
  for (let t = 1; t <= seconds * 60; t++) server.tick(t * (1000 / 60));
  return server.recording.replay()!;
}

beforeAll(async () => {
  browser = await launchChromium();
  dir = await mkdtemp(join(tmpdir(), 'rewind-watch-'));
  replay = recordPushball(20);
});

afterAll(async () => {
  await browser?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('watching replays', () => {
  it('plays a Pushball replay dropped on the start screen', async () => {
    const page = await openPlayer(browser, withQuery(inject('baseUrl'), 'density=0.5'));
    await page.waitForSelector('#watch-replay');
    await page.evaluate(
      (bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'match.rwnd'));
        const screen = document.getElementById('start-screen')!;
        screen.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
        screen.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      },
      [...replay],
    );
    await waitIn(page, () => window.rewind.phase === 'replay', undefined, 20_000);
    const first = await page.evaluate(() => window.rewind.replay()!);
    expect(first).toMatchObject({ game: 'pushball', map: 'pushball', paused: false });
    expect(first.players).toHaveLength(4);
    await waitIn(page, (t0) => window.rewind.replay()!.tick > t0 + 60, first.tick, 15_000);
    // Pushball's own renderer draws it: the ball and four discs.
    await waitIn(
      page,
      () => {
        const info = (
          window as unknown as { pushballGame?: { info(): { ball: unknown; players: unknown[] } } }
        ).pushballGame?.info();
        return !!info && !!info.ball && info.players.length === 4;
      },
      undefined,
      15_000,
    );
    // The keys: Space pauses, "." and "," step 5 s, F follows the next player.
    await page.keyboard.press(' ');
    await waitIn(page, () => window.rewind.replay()!.paused, undefined, 5_000);
    const at = await page.evaluate(() => window.rewind.replay()!.tick);
    await page.keyboard.press('.');
    expect(await page.evaluate(() => window.rewind.replay()!.tick)).toBeCloseTo(at + 300, 6);
    await page.keyboard.press(',');
    expect(await page.evaluate(() => window.rewind.replay()!.tick)).toBeCloseTo(at, 6);
    await page.keyboard.press('f');
    const followed = await page.evaluate(() => window.rewind.replay()!);
    expect(followed.followed).toBe(followed.players[0]!.id);
    // The bar shows a key's or a click's effect in the same turn, not at the next drawn frame
    // (CI once read the camera select between the two: '' while following a player).
    const shown = await page.evaluate(() => {
      const follow = document.getElementById('replay-follow') as HTMLSelectElement;
      const play = document.getElementById('replay-play')!;
      const before = { value: follow.value, button: play.textContent };
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'f' }));
      const afterKey = { followed: window.rewind.replay()!.followed, value: follow.value };
      play.click();
      return { before, afterKey, afterClick: { paused: window.rewind.replay()!.paused, button: play.textContent } };
    });
    expect(shown.before).toEqual({ value: String(followed.followed), button: 'Play' });
    expect(shown.afterKey).toEqual({ followed: followed.players[1]!.id, value: String(followed.players[1]!.id) });
    expect(shown.afterClick).toEqual({ paused: false, button: 'Pause' });
    // Watched, not played: no "Leave the match" (the bar's Back leaves), no ping or controls hint.
    expect(await page.locator('#pushball-leave').count()).toBe(0);
    await page.click('#replay-leave');
    await waitIn(page, () => window.rewind.phase === 'start', undefined, 10_000);
    await page.close();
  }, 60_000);

  it('says why it cannot play a damaged file or one that is no replay', async () => {
    const page = await openPlayer(browser, inject('baseUrl'));
    const damaged = join(dir, 'damaged.rwnd');
    await writeFile(damaged, replay.subarray(0, replay.length - 7));
    await page.setInputFiles('#replay-file', damaged);
    await page.waitForSelector('#error-message');
    expect(await page.textContent('#error-message')).toMatch(
      /^This replay cannot be played: damaged at byte \d+: cut short\.$/,
    );
    expect(await page.evaluate(() => window.rewind.phase)).toBe('ended');
    await page.click('#back');
    const other = join(dir, 'notes.txt');
    await writeFile(other, 'not a replay at all');
    await page.setInputFiles('#replay-file', other);
    await page.waitForSelector('#error-message');
    expect(await page.textContent('#error-message')).toBe('This replay cannot be played: not a replay file.');
    await page.close();
  }, 60_000);
});
