/**
 * What the host-migration e2e tests share (host-migration.test.ts, host-handover.test.ts): one
 * Chromium per test file and the pages a test opened (closed after each test: useChromium), a
 * three-player match with both joiners picked as successors, and the checks that a migration
 * carried the match on (scores, movement, one host, the original link).
 */
import { afterEach, beforeAll, afterAll, expect, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  closePlayer,
  createLobby,
  joinByLink,
  launchChromium,
  openPlayer,
  waitIn,
  walkUntilSeen,
  withParams,
} from './browser';
import { ownPosition, walkTo } from './game-match';
import { DEFAULT_MAP } from '../../src/sim/map';

export let browser: Browser;
export let pages: Page[] = [];

/** Registers this test file's hooks: Chromium for the file, every page a test opened closed after it. */
export function useChromium(): void {
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    for (const p of pages) await closePlayer(p).catch(() => undefined);
    pages = [];
  });
  afterAll(async () => {
    await browser?.close();
  });
}

export interface Lobby {
  host: Page;
  a: Page;
  b: Page;
  link: string;
  ids: { host: number; a: number; b: number };
}

export const NAMES = { host: 'Alice', a: 'Bob', b: 'Cleo' };
/**
 * How long a migration may take here (measured and printed, not asserted). A frozen host is the
 * slowest: joiners first give it link-recovery's HOST_WAIT_MS (12 s) to answer, as they would a
 * host whose network changed, before anyone takes over.
 */
export const MIGRATION_BOUND_MS = 30_000;

/** Host + two joiners (no canvas) in a started match with no frag or time limit. */
export async function threePlayerMatch(hostRenders = false): Promise<Lobby> {
  const host = await openPlayer(
    browser,
    withParams(inject('baseUrl'), hostRenders ? { density: '0.5' } : { render: '0' }),
  );
  pages.push(host);
  const link = await createLobby(host, NAMES.host);
  const a = await joinByLink(browser, withParams(link, { render: '0' }), NAMES.a);
  pages.push(a);
  const b = await joinByLink(browser, withParams(link, { render: '0' }), NAMES.b);
  pages.push(b);
  // The host picks who may take over, in its lobby list (nobody is a successor until picked).
  for (const p of [a, b]) {
    const pid = await p.evaluate(() => window.rewind.localId!);
    await host.waitForSelector(`#successor-${pid}`);
    await host.check(`#successor-${pid}`);
  }
  await host.fill('#frag-limit', '50');
  await host.fill('#time-limit', '0');
  await host.evaluate(() => document.getElementById('start-match')!.click());
  for (const p of [a, b])
    await waitIn(
      p,
      () => window.rewind.phase === 'match' && window.rewind.view()?.match?.phase === 2,
      undefined,
      30_000,
    );
  // Both joiners are named successors and hold a checkpoint before the host goes.
  for (const p of [a, b])
    await waitIn(p, () => (window.rewind.migration()?.successors.length ?? 0) >= 2, undefined, 20_000);
  await waitIn(a, () => window.rewind.migration()?.checkpointAgeMs !== null, undefined, 20_000);
  const id = (p: Page): Promise<number> => p.evaluate(() => window.rewind.localId!);
  const lists = await Promise.all(
    [host, a, b].map((p) => p.evaluate(() => JSON.stringify(window.rewind.migration()?.successors))),
  );
  console.log(
    `successors as host/Bob/Cleo see them: ${lists.join(' ')}; ids host ${await id(host)}, Bob ${await id(a)}, Cleo ${await id(b)}`,
  );
  return { host, a, b, link, ids: { host: await id(host), a: await id(a), b: await id(b) } };
}

/** Scores as `page` sees them (id → score). */
export function scores(page: Page): Promise<Record<number, number>> {
  return page.evaluate(() =>
    Object.fromEntries((window.rewind.view()?.match?.ranking ?? []).map((r) => [r.id, r.score])),
  );
}

/** `shooter` walks next to player `target` and fires until it has scored. */
export async function scoreOn(shooter: Page, target: Page, targetId: number): Promise<void> {
  const centre = { x: DEFAULT_MAP.width / 2, y: DEFAULT_MAP.height / 2 };
  const own = (): Promise<number> =>
    shooter.evaluate(
      () => window.rewind.view()?.match?.ranking.find((r) => r.id === window.rewind.localId)?.score ?? 0,
    );
  for (let round = 0; round < 12 && (await own()) < 1; round++) {
    const at = await ownPosition(target);
    if (at) {
      const side = Math.atan2(centre.y - at.y, centre.x - at.x) + (round * Math.PI) / 2;
      await walkTo(shooter, at.x + Math.cos(side) * 140, at.y + Math.sin(side) * 140, 10_000).catch(() => Infinity);
    }
    await shooter.evaluate((t) => window.rewind.input({ aimAt: t, fire: true, ms: 2500 }), targetId);
    await shooter.waitForTimeout(2500);
  }
  expect(await own()).toBeGreaterThanOrEqual(1);
}

/** Waits until `page` has migrated `n` times and plays on a server whose ticks advance. */
export async function waitMigrated(page: Page, n: number): Promise<void> {
  await waitIn(
    page,
    (k) =>
      (window.rewind.migration()?.migrations ?? 0) >= k &&
      window.rewind.phase === 'match' &&
      window.rewind.migration()?.notice !== null,
    n,
    MIGRATION_BOUND_MS,
  );
  const tick = await page.evaluate(() => window.rewind.stats().net?.serverTick ?? 0);
  await waitIn(page, (t) => (window.rewind.stats().net?.serverTick ?? 0) > t, tick, MIGRATION_BOUND_MS);
}

/** `viewer` sees `mover` move at least `units` after the migration. */
export async function seesMove(mover: Page, viewer: Page, units: number): Promise<void> {
  expect(await walkUntilSeen(mover, viewer, units)).toBeGreaterThan(units);
}

/**
 * Freezes a page like a hung tab: its main thread and its workers (the server worker sends the
 * snapshots) stop in the debugger until `resume`. Workers are reached through CDP's auto-attach.
 */
export async function freezer(page: Page): Promise<{ pause(): Promise<void>; resume(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const workers: string[] = [];
  cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string } }) => {
    if (e.targetInfo.type === 'worker') workers.push(e.sessionId);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await waitIn(page, () => true, undefined);
  let id = 1000;
  const toWorkers = (method: string): Promise<unknown[]> =>
    Promise.all(
      workers.map((sessionId) =>
        cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: id++, method }) }),
      ),
    );
  await cdp.send('Debugger.enable');
  await toWorkers('Debugger.enable');
  return {
    async pause() {
      expect(workers.length).toBeGreaterThan(0);
      await toWorkers('Debugger.pause');
      await cdp.send('Debugger.pause');
    },
    async resume() {
      await toWorkers('Debugger.resume');
      await cdp.send('Debugger.resume');
    },
  };
}

/** Every page that hosts now (there must be exactly one). */
export async function hosts(list: Page[]): Promise<number> {
  const flags = await Promise.all(list.map((p) => p.evaluate(() => window.rewind.isHost).catch(() => false)));
  return flags.filter(Boolean).length;
}

/** Both joiners wait for their migration; returns ms from `since` until both play on the new host. */
export async function bothBack(l: Lobby, since: number): Promise<number> {
  await Promise.all([waitMigrated(l.a, 1), waitMigrated(l.b, 1)]);
  const took = Date.now() - since;
  for (const [name, p] of [
    [NAMES.a, l.a],
    [NAMES.b, l.b],
  ] as const) {
    const r = await p.evaluate(() => window.rewind.migration());
    const steps = r?.attempts
      .map((a) => `${a.kind}@${a.atMs}+${a.ms}:${a.outcome}${a.note ? `(${a.note})` : ''}`)
      .join(' ');
    console.log(
      `  ${name}: ${r?.hosting ? 'hosts now' : 'joined'}; migration took ${r?.lastMigrationMs} ms after it noticed; attempts ${steps}`,
    );
  }
  return took;
}

/** After the host went: same scores, they see each other move, the original link joins the new host. */
export async function checkCarriedOn(
  l: Lobby,
  before: Record<number, number>,
  label: string,
  tookMs: number,
): Promise<void> {
  const newHost = (await l.a.evaluate(() => window.rewind.isHost)) ? l.a : l.b;
  const notice = await l.b.evaluate(() => window.rewind.migration()?.notice ?? null);
  console.log(
    `host migration (${label}): both joiners back in the match ${tookMs} ms after the host went; notice on ${NAMES.b}'s page: ${JSON.stringify(notice)}`,
  );
  expect(await hosts([l.a, l.b])).toBe(1);
  for (const p of [l.a, l.b]) {
    const after = await scores(p);
    for (const [id, s] of Object.entries(before))
      if (Number(id) !== l.ids.host) expect(after[Number(id)] ?? 0).toBeGreaterThanOrEqual(s);
    expect(await p.evaluate(() => window.rewind.localId)).toBe(p === l.a ? l.ids.a : l.ids.b);
  }
  expect(
    await l.a.evaluate(() =>
      window.rewind.chatLines().some((c) => c.system && /is now hosting|you are now hosting/.test(c.text)),
    ),
  ).toBe(true);
  await seesMove(l.a, l.b, 40);
  await seesMove(l.b, l.a, 40);
  // A newcomer opens the original link: it reaches the new host (same key, same room id).
  const dana = await joinByLink(browser, withParams(l.link, { render: '0' }), 'Dana');
  pages.push(dana);
  expect(await dana.evaluate(() => window.rewind.lastError)).toBeNull();
  await waitIn(newHost, () => window.rewind.players().some((p) => p.name === 'Dana'), undefined, 15_000);
  expect(await dana.evaluate(() => window.rewind.isHost)).toBe(false);
}
