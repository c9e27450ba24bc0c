/**
 * Helpers for the game e2e tests (test/e2e/game-*.test.ts): start a two-player match over real
 * WebRTC through the real UI (browser.ts), steer both players into view of each other, and read
 * the renderer through `window.rewindGame` (src/game/debug-api.ts) next to `window.rewind`.
 * Waits poll with generous timeouts instead of sleeping fixed times where they can.
 */
import type { Browser, Page } from 'playwright-core';
import type { GameDebugApi } from '../../src/game/debug-api';
import { traceShot } from '../../src/sim/hitscan';
import { DEFAULT_MAP } from '../../src/sim/map';
import { MatchPhase } from '../../src/sim/match-types';
import { radiansToAngle } from '../../src/sim/quantize';
import { createLobby, joinByLink, openPlayer } from './browser';

declare global {
  interface Window {
    rewindGame?: GameDebugApi;
  }
}

export interface Match {
  host: Page;
  joiner: Page;
  hostId: number;
  joinerId: number;
}

/** Adds a query string to a URL that may carry a `#join=` hash. */
export function withQuery(url: string, query: string): string {
  if (!query) return url;
  const [base = '', hash] = url.split('#');
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}${query}${hash !== undefined ? `#${hash}` : ''}`;
}

export async function waitForGame(page: Page): Promise<void> {
  await page.waitForFunction(() => window.rewind.phase === 'match', undefined, { timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const g = window.rewindGame;
      const info = g?.info();
      return !!info && info.frames > 5 && info.local !== null && info.remotes.length >= 1;
    },
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Host creates a lobby, joiner joins by link, host starts. `density=0.5` halves the canvas
 * resolution: SwiftShader is fill-rate bound and two pages share a small machine.
 */
export async function startMatch(
  browser: Browser,
  baseUrl: string,
  query = 'density=0.5',
  names = { host: 'Alice', joiner: 'Bob' },
): Promise<Match> {
  // A setup that fails (two SwiftShader pages starting on a loaded 2-core machine) is reported with
  // what each page showed, then tried once more from fresh pages: this is set-up, not the test.
  try {
    return await startMatchOnce(browser, baseUrl, query, names);
  } catch (err) {
    console.error(`starting the match failed once, trying again: ${(err as Error).message}`);
    return startMatchOnce(browser, baseUrl, query, names);
  }
}

async function startMatchOnce(
  browser: Browser,
  baseUrl: string,
  query: string,
  names: { host: string; joiner: string },
): Promise<Match> {
  const host = await openPlayer(browser, withQuery(baseUrl, query));
  const pages = [host];
  try {
    const link = await createLobby(host, names.host);
    const joiner = await joinByLink(browser, withQuery(link, query), names.joiner);
    pages.push(joiner);
    await host.evaluate(() => window.rewind.startMatch());
    await Promise.all([waitForGame(host), waitForGame(joiner)]);
    const hostId = await host.evaluate(() => window.rewind.localId ?? -1);
    const joinerId = await joiner.evaluate(() => window.rewind.localId ?? -1);
    return { host, joiner, hostId, joinerId };
  } catch (err) {
    const seen = await Promise.all(
      pages.map((p) =>
        p
          .evaluate(() => `phase ${window.rewind.phase}, error ${JSON.stringify(window.rewind.lastError)}`)
          .catch((e: Error) => e.message),
      ),
    );
    await Promise.all(
      pages.map((p) =>
        p
          .context()
          .close()
          .catch(() => undefined),
      ),
    );
    throw new Error(`${(err as Error).message} (host: ${seen[0]}; joiner: ${seen[1] ?? 'not joined'})`);
  }
}

/**
 * Waits until the page's match is past its warm-up: going live respawns every player at a spawn
 * point, so a test that measures a player's own movement must not straddle that moment.
 */
export async function waitForLive(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction((live) => window.rewind.view()?.match?.phase === live, MatchPhase.Live, {
    timeout: timeoutMs,
  });
}

export function ownPosition(page: Page): Promise<{ x: number; y: number } | null> {
  return page.evaluate(() => {
    const l = window.rewind.view()?.local;
    return l ? { x: l.state.x, y: l.state.y } : null;
  });
}

const CELL = 20;
const CLEARANCE = 22;

export function blocked(x: number, y: number): boolean {
  const m = DEFAULT_MAP;
  if (x < CLEARANCE || y < CLEARANCE || x > m.width - CLEARANCE || y > m.height - CLEARANCE) return true;
  return m.walls.some(
    (w) => x > w.x - CLEARANCE && x < w.x + w.w + CLEARANCE && y > w.y - CLEARANCE && y < w.y + w.h + CLEARANCE,
  );
}

/** How far (up to `max`, in 10-unit steps) a player can walk from `from` along the unit vector (dx, dy). */
export function freeRun(from: { x: number; y: number }, dx: number, dy: number, max = 400): number {
  let d = 0;
  while (d + 10 <= max && !blocked(from.x + dx * (d + 10), from.y + dy * (d + 10))) d += 10;
  return d;
}

/** Breadth-first path over a 20-unit grid of the default arena, walls inflated by the player's size. */
export function planPath(from: { x: number; y: number }, to: { x: number; y: number }): { x: number; y: number }[] {
  const cols = Math.ceil(DEFAULT_MAP.width / CELL);
  const rows = Math.ceil(DEFAULT_MAP.height / CELL);
  const cellOf = (p: { x: number; y: number }): number =>
    Math.min(rows - 1, Math.max(0, Math.floor(p.y / CELL))) * cols +
    Math.min(cols - 1, Math.max(0, Math.floor(p.x / CELL)));
  const centre = (c: number): { x: number; y: number } => ({
    x: (c % cols) * CELL + CELL / 2,
    y: Math.floor(c / cols) * CELL + CELL / 2,
  });
  const start = cellOf(from);
  const goal = cellOf(to);
  const prev = new Map<number, number>([[start, start]]);
  const queue = [start];
  for (let i = 0; i < queue.length && !prev.has(goal); i++) {
    const c = queue[i] as number;
    const cx = c % cols;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const nx = cx + dx;
      const n = c + dx + dy * cols;
      if (nx < 0 || nx >= cols || n < 0 || n >= cols * rows || prev.has(n)) continue;
      const p = centre(n);
      if (blocked(p.x, p.y) && n !== goal) continue;
      prev.set(n, c);
      queue.push(n);
    }
  }
  if (!prev.has(goal)) return [to];
  const path: { x: number; y: number }[] = [to];
  for (let c = prev.get(goal) as number; c !== start; c = prev.get(c) as number) path.unshift(centre(c));
  // Keep only the corners so each scripted step is a long straight run.
  return path.filter((p, i) => {
    const a = path[i - 1];
    const b = path[i + 1];
    return !a || !b || (a.x - p.x) * (b.y - p.y) !== (a.y - p.y) * (b.x - p.x);
  });
}

async function noPlayer(page: Page): Promise<Error> {
  const why = await page.evaluate(
    () => `phase ${window.rewind.phase}, last error ${window.rewind.lastError ?? 'none'}`,
  );
  return new Error(`no local player (${why})`);
}

async function walkStraight(page: Page, tx: number, ty: number, deadline: number): Promise<void> {
  for (let tries = 0; Date.now() < deadline && tries < 40; tries++) {
    const p = await ownPosition(page);
    if (!p) throw await noPlayer(page);
    const dx = tx - p.x;
    const dy = ty - p.y;
    const dist = Math.hypot(dx, dy);
    if (dist < 12) return;
    const scale = 127 / Math.max(Math.abs(dx), Math.abs(dy));
    // Short steps near the point so the player does not overshoot (it needs ~0.2 s to stop).
    const ms = Math.max(40, Math.min(300, (dist / 260) * 1000 - 120));
    await page.evaluate((spec) => window.rewind.input(spec), {
      moveX: Math.round(dx * scale),
      moveY: Math.round(dy * scale),
      ms,
    });
    await page.waitForTimeout(ms + 80);
  }
}

/** Walks the player to (tx, ty) around the walls with scripted moves; resolves with the distance left. */
export async function walkTo(page: Page, tx: number, ty: number, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  const from = await ownPosition(page);
  if (!from) throw await noPlayer(page);
  for (const wp of planPath(from, { x: tx, y: ty })) await walkStraight(page, wp.x, wp.y, deadline);
  const end = await ownPosition(page);
  return end ? Math.hypot(end.x - tx, end.y - ty) : Infinity;
}

/** Whether the page's renderer drew the other player inside the screen (away from the edges). */
export function remoteOnScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const info = window.rewindGame?.info();
    const r = info?.remotes[0];
    const cam = info?.camera;
    // Inside the canvas and clear of the HUD panel in the bottom-left corner.
    const clear = (x: number, y: number, w: number, h: number): boolean =>
      x > 20 && y > 40 && x < w - 20 && y < h - 20 && !(x < 280 && y > h - 110);
    return !!r && !!cam && r.alive && clear(r.screenX, r.screenY, cam.viewW, cam.viewH);
  });
}

/**
 * Brings the joiner next to the host (walking around walls toward where the host is), a few
 * rounds if needed, until each page draws the other player on screen. Only the joiner walks: the
 * host stays put, so its page needs no scripted input.
 */
export async function meet(m: Match, rounds = 4): Promise<boolean> {
  const centre = { x: DEFAULT_MAP.width / 2, y: DEFAULT_MAP.height / 2 };
  for (let i = 0; i < rounds; i++) {
    const host = await ownPosition(m.host);
    if (!host) return false;
    // Stand 120 units from the host on the side of the arena's centre (never behind it against an
    // edge, where the host's camera would put the joiner off screen or under the HUD); turn the
    // side a quarter each later round in case a wall is there.
    const base = Math.atan2(centre.y - host.y, centre.x - host.x) + (i * Math.PI) / 2;
    const spot = { x: host.x + Math.cos(base) * 120, y: host.y + Math.sin(base) * 120 };
    await walkTo(m.joiner, spot.x, spot.y);
    await m.host.waitForTimeout(500);
    if (process.env.DEBUG_WALK) console.log('meet round', i, 'host', host, 'joiner', await ownPosition(m.joiner));
    if ((await remoteOnScreen(m.host)) && (await remoteOnScreen(m.joiner))) return true;
  }
  return false;
}

/** Whether a shot from `a` toward `b` reaches `b` without hitting a wall (the sim's own ray test). */
export function lineOfSight(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  const dist = Math.hypot(b.x - a.x, b.y - a.y);
  const end = traceShot(DEFAULT_MAP, a.x, a.y, radiansToAngle(Math.atan2(b.y - a.y, b.x - a.x)), dist + 1, [], -1);
  return Math.hypot(end.endX - a.x, end.endY - a.y) >= dist - 0.5;
}

export interface FiringLane {
  /** Where the target starts, and the unit direction it then runs (across the line of fire). */
  start: { x: number; y: number };
  dir: { x: number; y: number };
}

/**
 * Lanes for a target to run across the shooter's line of fire: each starts 140-260 units away in
 * the open, and every point of its run (`runLength` units, perpendicular to the line of fire) is
 * walkable and in the shooter's line of sight. Closest to `near` first.
 */
export function findFiringLanes(
  shooter: { x: number; y: number },
  near: { x: number; y: number },
  runLength = 260,
): FiringLane[] {
  const lanes: FiringLane[] = [];
  for (const dist of [140, 180, 220, 260]) {
    for (let k = 0; k < 36; k++) {
      const a = (k / 36) * 2 * Math.PI;
      const start = { x: shooter.x + Math.cos(a) * dist, y: shooter.y + Math.sin(a) * dist };
      for (const side of [1, -1]) {
        const dir = { x: -Math.sin(a) * side, y: Math.cos(a) * side };
        let ok = !blocked(start.x, start.y);
        for (let d = 0; ok && d <= runLength; d += 10) {
          const p = { x: start.x + dir.x * d, y: start.y + dir.y * d };
          ok = !blocked(p.x, p.y) && lineOfSight(shooter, p);
        }
        if (ok) lanes.push({ start, dir });
      }
    }
  }
  const away = (l: FiringLane): number => Math.hypot(l.start.x - near.x, l.start.y - near.y);
  return lanes.sort((a, b) => away(a) - away(b));
}
