/**
 * A spectator follows its lobby through a host migration (issue 24), in real Chromium over real
 * WebRTC: a host and two joiners (both picked as successors) play; a fourth page watches by the
 * link. The host's page closes; the joiners carry on on the successor, and the spectator, after
 * "The host left — finding the new host…", watches the new host: its frames come again, both
 * remaining players move in them, it is not in anybody's world, and the new host reports its
 * upload to it. Times are printed, not asserted.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPlayer, waitIn } from './browser';
import { useChromium, browser, pages, threePlayerMatch, bothBack, MIGRATION_BOUND_MS } from './host-migration-kit';

useChromium();

/** Where the spectator's newest frame has player `id`, or null. */
const seenBy = (p: Page, id: number): Promise<{ x: number; y: number } | null> =>
  p.evaluate((i) => window.rewind.spectating()?.players.find((q) => q.id === i) ?? null, id);

describe('a spectator through a host migration', () => {
  it('watches the new host after the old one closes its page', async () => {
    const l = await threePlayerMatch();
    const eve = await openPlayer(browser, l.link);
    pages.push(eve);
    await eve.fill('#name', 'Eve');
    await eve.click('#watch');
    await waitIn(eve, () => (window.rewind.spectating()?.frames ?? 0) > 10, undefined, 30_000);
    const me = await eve.evaluate(() => window.rewind.spectating()!.clientId);

    const since = Date.now();
    await l.host.close();
    const joinersMs = await bothBack(l, since);
    await waitIn(eve, () => (window.rewind.spectating()?.follows ?? 0) >= 1, undefined, MIGRATION_BOUND_MS);
    const framesAt = await eve.evaluate(() => window.rewind.spectating()!.frames);
    await waitIn(eve, (n) => (window.rewind.spectating()?.frames ?? 0) > n + 10, framesAt, 20_000);
    console.log(
      `spectator: watching the new host ${Date.now() - since} ms after the host's page closed (joiners back after ${joinersMs} ms)`,
    );
    expect(await eve.evaluate(() => [window.rewind.phase, window.rewind.spectating()!.reconnecting])).toEqual([
      'watching',
      false,
    ]);
    expect(await eve.locator('#spectate-status').textContent()).toContain('Watching live');

    // Both remaining players move in what it sees; it is in nobody's world.
    for (const [page, id] of [
      [l.a, l.ids.a],
      [l.b, l.ids.b],
    ] as const) {
      const from = (await seenBy(eve, id))!;
      expect(from).not.toBeNull();
      await page.evaluate(() => window.rewind.input({ moveX: 127, moveY: 127, ms: 1200 }));
      await page.evaluate(() => window.rewind.input({ moveX: -127, moveY: -127, ms: 1200 }));
      await waitIn(
        eve,
        (a) => {
          const q = window.rewind.spectating()?.players.find((p) => p.id === a.id);
          return !!q && Math.hypot(q.x - a.from.x, q.y - a.from.y) > 40;
        },
        { id, from },
        15_000,
      );
    }
    const newHost = (await l.a.evaluate(() => window.rewind.isHost)) ? l.a : l.b;
    for (const p of [l.a, l.b])
      expect(await p.evaluate(() => window.rewind.view()?.remotes.map((r) => r.id) ?? [])).not.toContain(me);
    await waitIn(newHost, () => window.rewind.spectators().some((s) => (s.bytesPerSecond ?? 0) > 0), undefined);
    const [report] = await newHost.evaluate(() => window.rewind.spectators());
    console.log(`the new host's upload to the spectator: ${report!.bytesPerSecond} B/s`);
    expect(report!.name).toBe('Eve');
  });
});
