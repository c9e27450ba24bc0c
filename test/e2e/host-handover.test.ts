/**
 * The host leaves on purpose, in real Chromium over real WebRTC (issue 13): a graceful handover
 * through the Leave dialog ("Hand the match to <name>") loses no score; "End the match for
 * everyone" ends it for every joiner and nobody takes over. The three-player match and the
 * checks are host-migration-kit.ts's (shared with host-migration.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { waitIn } from './browser';
import { useChromium, NAMES, threePlayerMatch, scores, scoreOn, seesMove, hosts, bothBack } from './host-migration-kit';

useChromium();

describe('host migration', () => {
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
    console.log(
      `host migration (graceful handover): both joiners on the new host ${tookMs} ms after "Hand the match"; notice on the other joiner's page: ${JSON.stringify(notice)}`,
    );
    expect(notice).toBe(`Alice left — ${successorName} is now hosting`);
    expect(await newHost.evaluate(() => window.rewind.migration()?.notice ?? null)).toBe(
      'Alice left — you are now hosting',
    );
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
