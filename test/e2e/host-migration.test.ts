/**
 * Host migration in real Chromium over real WebRTC (issue 13): a host and two joiners play a
 * running match in which someone scored; the host's page goes away (closed, frozen in the debugger,
 * crashed with CDP's Page.crash); both joiners carry on in the same match on the first successor,
 * with the same scores, and see each other move; a fourth page that opens the ORIGINAL lobby link
 * joins the new host; the old host coming back on that link joins as a player (one host only). The
 * host picks both joiners in its lobby list ("can host if I leave"); a successor that takes over
 * keeps that choice. Leaving on purpose (handover, end for everyone): host-handover.test.ts.
 *
 * Times are measured and printed (the issue asks ≤ 3 s after a close, ≤ 5 s after a crash); the
 * waits allow generous bounds because e2e runs on a loaded 2-core machine.
 */
import { describe, expect, it } from 'vitest';
import { joinByLink, waitIn, withParams } from './browser';
import {
  useChromium,
  browser,
  pages,
  NAMES,
  MIGRATION_BOUND_MS,
  threePlayerMatch,
  scores,
  scoreOn,
  waitMigrated,
  freezer,
  hosts,
  bothBack,
  checkCarriedOn,
} from './host-migration-kit';

useChromium();

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
    expect(await back.evaluate(() => [window.rewind.phase, window.rewind.isHost, window.rewind.lastError])).toEqual([
      expect.stringMatching(/lobby|match/),
      false,
      null,
    ]);
    expect(await hosts([l.a, l.b, back])).toBe(1);

    // The match outlives its second host too: the new host kept its old host's choice (the other
    // joiner) and ticks one more itself (the old host, back as a player; through the debug API, as it
    // is in the match, not on the lobby screen), sends them checkpoints; when its page closes, the
    // next one takes over and the others follow.
    const [second, other] = (await l.a.evaluate(() => window.rewind.isHost)) ? [l.a, l.b] : [l.b, l.a];
    const backId = await back.evaluate(() => window.rewind.localId!);
    expect(await second.evaluate((id) => window.rewind.chooseSuccessor(id), backId)).toEqual(
      [l.ids.a, l.ids.b, backId].sort((x, y) => x - y),
    );
    await waitIn(
      other,
      () =>
        (window.rewind.migration()?.successors.length ?? 0) >= 2 && window.rewind.migration()?.checkpointAgeMs !== null,
      undefined,
      20_000,
    );
    const again = Date.now();
    await second.close();
    await waitMigrated(other, 2);
    console.log(
      `host migration (second host's page closed): back in the match ${Date.now() - again} ms after; notice: ${JSON.stringify(await other.evaluate(() => window.rewind.migration()?.notice))}`,
    );
    const left = pages.filter((p) => !p.isClosed() && p !== l.host);
    await Promise.all(
      left.map((p) =>
        waitIn(
          p,
          () => window.rewind.phase === 'match' && !window.rewind.migration()?.migrating,
          undefined,
          MIGRATION_BOUND_MS,
        ),
      ),
    );
    expect(await hosts(left)).toBe(1);
  });

  it('a frozen host (its page and server worker paused in the debugger) loses its lobby to the successor; thawed, it finds its id taken and joins as a player: never two hosts', async () => {
    const l = await threePlayerMatch();
    const freeze = await freezer(l.host);
    const since = Date.now();
    await freeze.pause();
    const tookMs = await bothBack(l, since);
    console.log(
      `host migration (host frozen): both joiners back in the match ${tookMs} ms after the freeze (the signaling server gives a live id away only after 8 s of silence)`,
    );
    expect(await hosts([l.a, l.b])).toBe(1);
    await freeze.resume();
    // Thawed: its signaling reconnect is refused (the successor holds the id) and nobody is linked
    // to it any more, so it stops hosting and comes back as a player in its own seat.
    await waitIn(
      l.host,
      () =>
        !window.rewind.isHost && window.rewind.phase === 'match' && (window.rewind.migration()?.migrations ?? 0) >= 1,
      undefined,
      45_000,
    );
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
});
