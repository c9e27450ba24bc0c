/**
 * Input latency in frames (the one client driver): practice mode in real Chromium, the renderer's
 * frame log (`window.rewindGame.frameLog()`, docs/DEBUG-API.md) and a movement key pressed with
 * `keyboard.down` between two frames, 32 times, alternating D, A, S, W and released in between.
 *
 * The press frame P is the first frame to run after the key event: the page's frame counter read
 * by a keydown listener, plus one. Counted for each press, in frames from P: the first frame whose
 * input carries the key, the first whose newest predicted state moved, and the first that draws
 * the local player moved (against frame P − 1, with the player at rest). "A command was owed" in P
 * when P issued at least one command (a tick, in practice). Nothing here measures wall-clock time.
 *
 * Expected: the key is in P's input and P's commands, so the player moves in P whenever P owed a
 * command, and in P + 1 at the latest. One exception is named, not hidden: the player is drawn
 * between its last two ticks, so a frame that falls exactly on a tick boundary draws the previous
 * tick; such a press (its state moved in P, its drawing exactly where it was) is counted apart.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FrameRecord } from '../../src/game/frame-log';
import { launchChromium, openPlayer } from './browser';
import { withQuery } from './game-match';

const PRESSES = 32;
const KEYS = ['d', 'a', 's', 'w'];
/** Frames without any change before a press: the player is at rest. */
const REST_FRAMES = 6;
/** Frames after P within which the player must have moved, or the press counts as blocked (a bot in the way). */
const GIVE_UP_FRAMES = 20;

interface Press {
  key: string;
  /** Frames from P to the first frame whose input carries the key, whose state moved, that draws the player moved (null: never). */
  input: number | null;
  state: number | null;
  drawn: number | null;
  /** P issued a command (a tick was owed). */
  owed: boolean;
}

/** Frames from P to the first record (from P on) where `changed` holds, or null. */
function framesUntil(log: FrameRecord[], p: number, changed: (r: FrameRecord) => boolean): number | null {
  const hit = log.find((r) => r.frame >= p && changed(r));
  return hit ? hit.frame - p : null;
}

/** Reads one press out of the frame log: `p` is the press frame. */
function measure(key: string, log: FrameRecord[], p: number): Press {
  const before = log.find((r) => r.frame === p - 1);
  const at = log.find((r) => r.frame === p);
  if (!before || !at) throw new Error(`frames ${p - 1} and ${p} are not both in the log`);
  return {
    key,
    input: framesUntil(log, p, (r) => r.moveX !== 0 || r.moveY !== 0),
    state: framesUntil(log, p, (r) => r.stateX !== before.stateX || r.stateY !== before.stateY),
    drawn: framesUntil(log, p, (r) => r.localX !== before.localX || r.localY !== before.localY),
    owed: at.commandsIssued > 0,
  };
}

/** Waits until the last REST_FRAMES frames handed over no key and drew the player in one place. */
async function waitAtRest(page: Page): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const log = window.rewindGame?.frameLog() ?? [];
      const last = log.slice(-n);
      if (last.length < n || last[0]!.localX === null) return false;
      return last.every(
        (r) =>
          r.moveX === 0 &&
          r.moveY === 0 &&
          r.localX === last[0]!.localX &&
          r.localY === last[0]!.localY &&
          r.stateX === r.localX &&
          r.stateY === r.localY,
      );
    },
    REST_FRAMES,
    { timeout: 15_000, polling: 50 },
  );
}

/** Presses `key` between two frames, holds it until the player was drawn moved (or GIVE_UP_FRAMES), releases it. */
async function press(page: Page, key: string): Promise<Press> {
  await page.evaluate(() => {
    const w = window as unknown as { pressedAfterFrame: number | null };
    w.pressedAfterFrame = null;
    window.addEventListener('keydown', () => (w.pressedAfterFrame = window.rewindGame!.info().frames), {
      capture: true,
      once: true,
    });
  });
  await page.keyboard.down(key);
  const after = await page.evaluate(
    () => (window as unknown as { pressedAfterFrame: number | null }).pressedAfterFrame,
  );
  if (after === null) throw new Error(`the keydown of ${key} was not seen by the page`);
  const p = after + 1;
  await page.waitForFunction(
    ({ p, giveUp }) => {
      const log = window.rewindGame?.frameLog() ?? [];
      const before = log.find((r) => r.frame === p - 1);
      const newest = log.at(-1);
      if (!before || !newest || newest.frame < p + 2) return false;
      return (
        newest.frame >= p + giveUp ||
        log.some((r) => r.frame >= p && (r.localX !== before.localX || r.localY !== before.localY))
      );
    },
    { p, giveUp: GIVE_UP_FRAMES },
    { timeout: 15_000, polling: 50 },
  );
  await page.keyboard.up(key);
  const log = await page.evaluate(() => window.rewindGame!.frameLog());
  return measure(key, log, p);
}

describe('input latency in practice (frames from a key press to the player drawn moved)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it(
    'moves the drawn player in the press frame whenever a command is owed in it, and never later than the next frame',
    { timeout: 300_000 },
    async () => {
      const page = await openPlayer(browser, withQuery(inject('baseUrl'), 'density=0.5'));
      await page.click('#practice');
      await page.waitForFunction(
        () => window.rewind.phase === 'practice' && (window.rewindGame?.info().frames ?? 0) > 10,
        undefined,
        { timeout: 30_000 },
      );
      const presses: Press[] = [];
      for (let i = 0; i < PRESSES; i++) {
        await waitAtRest(page);
        presses.push(await press(page, KEYS[i % KEYS.length]!));
      }
      const moved = presses.filter((q) => q.state !== null && q.drawn !== null);
      const blocked = presses.length - moved.length;
      // The drawing exactly on a tick boundary: the step is in the state, the drawing still at the tick before.
      const onTick = moved.filter((q) => q.owed && q.state === 0 && q.drawn !== 0);
      const count = (f: (q: Press) => boolean): number => moved.filter(f).length;
      console.log(
        `input latency over ${presses.length} presses (${blocked} blocked): drawn moved after 0 frames ${count((q) => q.drawn === 0)}, ` +
          `1 frame ${count((q) => q.drawn === 1)}, more ${count((q) => (q.drawn ?? 0) > 1)}; a command owed in the press frame ${count((q) => q.owed)} ` +
          `(drawn at 0 frames in ${count((q) => q.owed && q.drawn === 0)}, on a tick boundary ${onTick.length}); ` +
          `state moved after 0 frames ${count((q) => q.state === 0)}, 1 frame ${count((q) => q.state === 1)}, more ${count((q) => (q.state ?? 0) > 1)}\n` +
          `per press (key input/state/drawn owed): ${presses.map((q) => `${q.key} ${q.input}/${q.state}/${q.drawn}${q.owed ? ' owed' : ''}`).join(', ')}`,
      );
      // A bot standing in the way now and then is the arena's doing, not latency; more would hide it.
      expect(blocked).toBeLessThanOrEqual(2);
      for (const q of moved) {
        // The key is in the input of the frame that first runs after it, so in that frame's commands.
        expect(q.input, `${q.key}: input`).toBe(0);
        expect(q.state!, `${q.key}: state`).toBeLessThanOrEqual(1);
        expect(q.drawn!, `${q.key}: drawn`).toBeLessThanOrEqual(1);
        if (q.owed) expect(q.state, `${q.key}: state, a command owed`).toBe(0);
      }
      // Owed and drawn later only on an exact tick boundary (about 1 in 1000 frames with a 0.1 ms clock).
      expect(count((q) => q.owed && q.drawn !== 0) - onTick.length).toBe(0);
      expect(onTick.length).toBeLessThanOrEqual(2);
      expect(count((q) => q.owed)).toBeGreaterThan(0);
    },
  );
});
