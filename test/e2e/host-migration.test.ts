/**
 * Host migration in real Chromium over real WebRTC (issue 13): a host and two joiners play a
 * running match in which someone scored; the host's page goes away (closed, then crashed with
 * CDP's Page.crash); both joiners carry on in the same match on the first successor, with the
 * same scores, and see each other move; a fourth page that opens the ORIGINAL lobby link joins
 * the new host; the old host coming back on that link joins as a player (one host only). A
 * graceful handover (the host's "Hand the match to <name>") loses no score. The host picks both
 * joiners in its lobby list ("can host if I leave"); a successor that takes over keeps that choice.
 *
 * Times are measured and printed (the issue asks ≤ 3 s after a close, ≤ 5 s after a crash); the
 * waits allow generous bounds because e2e runs on a loaded 2-core machine.
 */
import { afterEach, beforeAll, afterAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { closePlayer, createLobby, joinByLink, launchChromium, openPlayer, waitIn, walkUntilSeen, withParams } from './browser';
import { ownPosition, walkTo } from './game-match';
import { DEFAULT_MAP } from '../../src/sim/map';

let browser: Browser;
let pages: Page[] = [];

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

interface Lobby {
  host: Page;
  a: Page;
  b: Page;
  link: string;
  ids: { host: number; a: number; b: number };
}

const NAMES = { host: 'Alice', a: 'Bob', b: 'Cleo' };
/**
 * How long a migration may take here (measured and printed, not asserted). A frozen host is the
 * slowest: joiners first give it link-recovery's HOST_WAIT_MS (12 s) to answer, as they would a
 * host whose network changed, before anyone takes over.
 */
const MIGRATION_BOUND_MS = 30_000;

/** Host + two joiners (no canvas) in a started match with no frag or time limit. */
async function threePlayerMatch(hostRenders = false): Promise<Lobby> {
  const host = await openPlayer(browser, withParams(inject('baseUrl'), hostRenders ? { density: '0.5' } : { render: '0' }));
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
  for (const p of [a, b]) await waitIn(p, () => window.rewind.phase === 'match' && window.rewind.view()?.match?.phase === 2, undefined, 30_000);
  // Both joiners are named successors and hold a checkpoint before the host goes.
  for (const p of [a, b]) await waitIn(p, () => (window.rewind.migration()?.successors.length ?? 0) >= 2, undefined, 20_000);
  await waitIn(a, () => window.rewind.migration()?.checkpointAgeMs !== null, undefined, 20_000);
  const id = (p: Page): Promise<number> => p.evaluate(() => window.rewind.localId!);
  const lists = await Promise.all([host, a, b].map((p) => p.evaluate(() => JSON.stringify(window.rewind.migration()?.successors))));
  console.log(`successors as host/Bob/Cleo see them: ${lists.join(' ')}; ids host ${await id(host)}, Bob ${await id(a)}, Cleo ${await id(b)}`);
  return { host, a, b, link, ids: { host: await id(host), a: await id(a), b: await id(b) } };
}

/** Scores as `page` sees them (id → score). */
function scores(page: Page): Promise<Record<number, number>> {
  return page.evaluate(() => Object.fromEntries((window.rewind.view()?.match?.ranking ?? []).map((r) => [r.id, r.score])));
}

/** `shooter` walks next to player `target` and fires until it has scored. */
async function scoreOn(shooter: Page, target: Page, targetId: number): Promise<void> {
  const centre = { x: DEFAULT_MAP.width / 2, y: DEFAULT_MAP.height / 2 };
  const own = (): Promise<number> => shooter.evaluate(() => window.rewind.view()?.match?.ranking.find((r) => r.id === window.rewind.localId)?.score ?? 0);
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
async function waitMigrated(page: Page, n: number): Promise<void> {
  await waitIn(page, (k) => (window.rewind.migration()?.migrations ?? 0) >= k && window.rewind.phase === 'match' && window.rewind.migration()?.notice !== null, n, MIGRATION_BOUND_MS);
  const tick = await page.evaluate(() => window.rewind.stats().net?.serverTick ?? 0);
  await waitIn(page, (t) => (window.rewind.stats().net?.serverTick ?? 0) > t, tick, MIGRATION_BOUND_MS);
}

/** `viewer` sees `mover` move at least `units` after the migration. */
async function seesMove(mover: Page, viewer: Page, units: number): Promise<void> {
  expect(await walkUntilSeen(mover, viewer, units)).toBeGreaterThan(units);
}

/**
 * Freezes a page like a hung tab: its main thread and its workers (the server worker sends the
 * snapshots) stop in the debugger until `resume`. Workers are reached through CDP's auto-attach.
 */
async function freezer(page: Page): Promise<{ pause(): Promise<void>; resume(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  const workers: string[] = [];
  cdp.on('Target.attachedToTarget', (e: { sessionId: string; targetInfo: { type: string } }) => {
    if (e.targetInfo.type === 'worker') workers.push(e.sessionId);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  await waitIn(page, () => true, undefined);
  let id = 1000;
  const toWorkers = (method: string): Promise<unknown[]> =>
    Promise.all(workers.map((sessionId) => cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: id++, method }) })));
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
async function hosts(list: Page[]): Promise<number> {
  const flags = await Promise.all(list.map((p) => p.evaluate(() => window.rewind.isHost).catch(() => false)));
  return flags.filter(Boolean).length;
}

/** Both joiners wait for their migration; returns ms from `since` until both play on the new host. */
async function bothBack(l: Lobby, since: number): Promise<number> {
  await Promise.all([waitMigrated(l.a, 1), waitMigrated(l.b, 1)]);
  const took = Date.now() - since;
  for (const [name, p] of [[NAMES.a, l.a], [NAMES.b, l.b]] as const) {
    const r = await p.evaluate(() => window.rewind.migration());
    const steps = r?.attempts.map((a) => `${a.kind}@${a.atMs}+${a.ms}:${a.outcome}${a.note ? `(${a.note})` : ''}`).join(' ');
    console.log(`  ${name}: ${r?.hosting ? 'hosts now' : 'joined'}; migration took ${r?.lastMigrationMs} ms after it noticed; attempts ${steps}`);
  }
  return took;
}

/** After the host went: same scores, they see each other move, the original link joins the new host. */
async function checkCarriedOn(l: Lobby, before: Record<number, number>, label: string, tookMs: number): Promise<void> {
  const newHost = (await l.a.evaluate(() => window.rewind.isHost)) ? l.a : l.b;
  const notice = await l.b.evaluate(() => window.rewind.migration()?.notice ?? null);
  console.log(`host migration (${label}): both joiners back in the match ${tookMs} ms after the host went; notice on ${NAMES.b}'s page: ${JSON.stringify(notice)}`);
  expect(await hosts([l.a, l.b])).toBe(1);
  for (const p of [l.a, l.b]) {
    const after = await scores(p);
    for (const [id, s] of Object.entries(before)) if (Number(id) !== l.ids.host) expect(after[Number(id)] ?? 0).toBeGreaterThanOrEqual(s);
    expect(await p.evaluate(() => window.rewind.localId)).toBe(p === l.a ? l.ids.a : l.ids.b);
  }
  expect(await l.a.evaluate(() => window.rewind.chatLines().some((c) => c.system && /is now hosting|you are now hosting/.test(c.text)))).toBe(true);
  await seesMove(l.a, l.b, 40);
  await seesMove(l.b, l.a, 40);
  // A newcomer opens the original link: it reaches the new host (same key, same room id).
  const dana = await joinByLink(browser, withParams(l.link, { render: '0' }), 'Dana');
  pages.push(dana);
  expect(await dana.evaluate(() => window.rewind.lastError)).toBeNull();
  await waitIn(newHost, () => window.rewind.players().some((p) => p.name === 'Dana'), undefined, 15_000);
  expect(await dana.evaluate(() => window.rewind.isHost)).toBe(false);
}

describe('host migration', () => {
  it('the host closes its page: both joiners carry on with their scores on the successor; the original link and the old host join the new host', async () => {
    const l = await threePlayerMatch();
    await scoreOn(l.a, l.b, l.ids.b);
    const before = await scores(l.a);
    const since = Date.now();
    await l.host.close();
    const tookMs = await bothBack(l, since);
    await checkCarriedOn(l, before, 'page closed', tookMs);
    // The old host comes back on the original link: a player, never a second host.
    const back = await joinByLink(browser, withParams(l.link, { render: '0' }), NAMES.host);
    pages.push(back);
    expect(await back.evaluate(() => [window.rewind.phase, window.rewind.isHost, window.rewind.lastError])).toEqual([expect.stringMatching(/lobby|match/), false, null]);
    expect(await hosts([l.a, l.b, back])).toBe(1);

    // The match outlives its second host too: the new host kept its old host's choice (the other
    // joiner) and ticks one more itself (the old host, back as a player; through the debug API, as it
    // is in the match, not on the lobby screen), sends them checkpoints; when its page closes, the
    // next one takes over and the others follow.
    const [second, other] = (await l.a.evaluate(() => window.rewind.isHost)) ? [l.a, l.b] : [l.b, l.a];
    const backId = await back.evaluate(() => window.rewind.localId!);
    expect(await second.evaluate((id) => window.rewind.chooseSuccessor(id), backId)).toEqual([l.ids.a, l.ids.b, backId].sort((x, y) => x - y));
    await waitIn(other, () => (window.rewind.migration()?.successors.length ?? 0) >= 2 && window.rewind.migration()?.checkpointAgeMs !== null, undefined, 20_000);
    const again = Date.now();
    await second.close();
    await waitMigrated(other, 2);
    console.log(`host migration (second host's page closed): back in the match ${Date.now() - again} ms after; notice: ${JSON.stringify(await other.evaluate(() => window.rewind.migration()?.notice))}`);
    const left = pages.filter((p) => !p.isClosed() && p !== l.host);
    await Promise.all(left.map((p) => waitIn(p, () => window.rewind.phase === 'match' && !window.rewind.migration()?.migrating, undefined, MIGRATION_BOUND_MS)));
    expect(await hosts(left)).toBe(1);
  });

  it('a frozen host (its page and server worker paused in the debugger) loses its lobby to the successor; thawed, it finds its id taken and joins as a player: never two hosts', async () => {
    const l = await threePlayerMatch();
    const freeze = await freezer(l.host);
    const since = Date.now();
    await freeze.pause();
    const tookMs = await bothBack(l, since);
    console.log(`host migration (host frozen): both joiners back in the match ${tookMs} ms after the freeze (the signaling server gives a live id away only after 8 s of silence)`);
    expect(await hosts([l.a, l.b])).toBe(1);
    await freeze.resume();
    // Thawed: its signaling reconnect is refused (the successor holds the id) and nobody is linked
    // to it any more, so it stops hosting and comes back as a player in its own seat.
    await waitIn(l.host, () => !window.rewind.isHost && window.rewind.phase === 'match' && (window.rewind.migration()?.migrations ?? 0) >= 1, undefined, 45_000);
    expect(await l.host.evaluate(() => window.rewind.localId)).toBe(l.ids.host);
    expect(await hosts([l.host, l.a, l.b])).toBe(1);
    const newHost = (await l.a.evaluate(() => window.rewind.isHost)) ? l.a : l.b;
    await waitIn(newHost, (id) => window.rewind.players().some((p) => p.id === id && !p.isHost), l.ids.host, 15_000);
  });

  it('the host page crashes (CDP Page.crash): both joiners carry on with their scores on the successor', async () => {
    const l = await threePlayerMatch();
    await scoreOn(l.b, l.a, l.ids.a);
    const before = await scores(l.b);
    const cdp = await l.host.context().newCDPSession(l.host);
    const since = Date.now();
    // The renderer dies mid-call: the answer never comes, so don't wait for it.
    void cdp.send('Page.crash').catch(() => undefined);
    const tookMs = await bothBack(l, since);
    await checkCarriedOn(l, before, 'page crashed', tookMs);
  });

  it("a graceful handover through the host's Leave dialog: the first successor takes over and no score is lost", async () => {
    const l = await threePlayerMatch(true);
    await scoreOn(l.a, l.host, l.ids.host);
    const successor = await l.host.evaluate(() => window.rewind.migration()?.successors[0] ?? null);
    const successorName = successor === l.ids.a ? NAMES.a : NAMES.b;
    const before = await scores(l.host);
    // The host's page renders: Esc menu, Leave match, then the choice the host of a running match gets.
    await l.host.waitForFunction(() => (window.rewindGame?.info().frames ?? 0) > 5, undefined, { timeout: 30_000 });
    await l.host.evaluate(() => window.rewindGame?.openMenu());
    await l.host.click('[data-testid=menu-leave]');
    const choices = await l.host.locator('[data-testid=leave-choices] button').allTextContents();
    expect(choices).toEqual([`Hand the match to ${successorName}`, 'End the match for everyone', 'Cancel']);
    const since = Date.now();
    await l.host.click('[data-testid=leave-hand-over]');
    await waitIn(l.host, () => window.rewind.phase === 'start', undefined, 15_000);
    const tookMs = await bothBack(l, since);
    const newHost = successor === l.ids.a ? l.a : l.b;
    expect(await newHost.evaluate(() => window.rewind.isHost)).toBe(true);
    // It took over from the final checkpoint (with the rewind window), not from a periodic one after silence.
    expect(await newHost.evaluate(() => window.rewind.migration()?.lastCause ?? null)).toBe('handover');
    expect(await hosts([l.a, l.b])).toBe(1);
    for (const p of [l.a, l.b]) {
      const after = await scores(p);
      for (const [id, s] of Object.entries(before)) expect(after[Number(id)] ?? 0).toBeGreaterThanOrEqual(s);
    }
    // The joiner that was not handed the match says "left" too, whether or not the old host's own
    // line reached it before its link closed (the new host says so ahead of its lobby list).
    const other = newHost === l.a ? l.b : l.a;
    const notice = await other.evaluate(() => window.rewind.migration()?.notice ?? null);
    console.log(`host migration (graceful handover): both joiners on the new host ${tookMs} ms after "Hand the match"; notice on the other joiner's page: ${JSON.stringify(notice)}`);
    expect(notice).toBe(`Alice left — ${successorName} is now hosting`);
    expect(await newHost.evaluate(() => window.rewind.migration()?.notice ?? null)).toBe('Alice left — you are now hosting');
    await seesMove(l.a, l.b, 40);
  });

  it('"End the match for everyone": every joiner reads "The server shut down." and nobody takes over', async () => {
    const l = await threePlayerMatch();
    await l.host.evaluate(() => window.rewind.endMatch());
    for (const p of [l.a, l.b]) await waitIn(p, () => window.rewind.phase === 'ended', undefined, 15_000);
    for (const p of [l.a, l.b]) {
      expect(await p.evaluate(() => window.rewind.lastError)).toMatch(/^The server shut down\./);
      expect(await p.evaluate(() => window.rewind.migration())).toBeNull();
    }
    expect(await hosts([l.a, l.b])).toBe(0);
  });
});
