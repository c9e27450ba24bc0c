/**
 * TURN credentials that expire, against the real coturn of deploy/coturn (issue 22), with the
 * deployment's settings but a 6 s lifetime:
 *  - a pair copied out of /rewind-config.json allocates a relay while it is valid and is refused
 *    once its lifetime has passed (a stolen pair stops working);
 *  - pages whose credentials expired while they sat open (two players behind carrier NATs, where
 *    only the relay works) still create and join: they fetch fresh ones first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLab, type Lab } from './lab';
import { createLabLobby, openLabPage, selectedPairs, timedJoin } from './lab-browser';
import { formatReport, type CaseReport } from './report';
import { DEPLOY_ENV, readEnvFile } from './servers';
import { labSupport } from './support';

const TTL_S = 6;
const TRIES = 5;
const supported = labSupport();

interface TurnEntry {
  urls: string | string[];
  username: string;
  credential: string;
}

/** The TURN entry the server hands this page now (what anyone reading the config could copy). */
function turnEntry(page: Page): Promise<TurnEntry> {
  return page.evaluate(async () => {
    const config = (await (await fetch('/rewind-config.json', { cache: 'no-store' })).json()) as {
      iceServers: Array<{ urls: string | string[]; username?: string; credential?: string }>;
    };
    const turn = config.iceServers.find((s) => typeof s.username === 'string');
    if (!turn?.username || !turn.credential) throw new Error('no TURN credentials in /rewind-config.json');
    return { urls: turn.urls, username: turn.username, credential: turn.credential };
  });
}

/** How many relay candidates the browser gets from coturn with `server` (relay-only gathering, ≤ 5 s). */
function relayCandidates(page: Page, server: TurnEntry): Promise<number> {
  return page.evaluate(async (s) => {
    const pc = new RTCPeerConnection({ iceServers: [s], iceTransportPolicy: 'relay' });
    let relays = 0;
    pc.onicecandidate = (e) => void (e.candidate && / typ relay /.test(e.candidate.candidate) && relays++);
    pc.createDataChannel('probe');
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      pc.onicegatheringstatechange = () =>
        void (pc.iceGatheringState === 'complete' && (clearTimeout(timer), resolve()));
    });
    pc.close();
    return relays;
  }, server);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!supported)('TURN credentials expire (NAT lab, real coturn)', () => {
  let lab: Lab;
  let url = '';
  const browsers: Browser[] = [];
  const reports: CaseReport[] = [];

  beforeAll(async () => {
    lab = await createLab({ players: [{ nat: 'carrier' }, { nat: 'carrier' }] });
    const secret = await lab.startTurn();
    url = await lab.startPage(8080, {
      ...readEnvFile(DEPLOY_ENV),
      REWIND_TURN_HOST: lab.serverAddress,
      REWIND_TURN_SECRET: secret,
      REWIND_TURN_TTL_S: String(TTL_S),
    });
    browsers.push(await lab.browser(0), await lab.browser(1));
  });

  afterAll(async () => {
    if (reports.length) console.log(`\nNAT lab, expiring credentials:\n${formatReport(reports)}\n`);
    await lab?.destroy();
  });

  it('a copied pair works while valid and is refused by coturn after its lifetime', async () => {
    const page = await openLabPage(browsers[0]!, url);
    const stolen = await turnEntry(page);
    const expiry = Number(stolen.username.split(':')[0]);
    expect(expiry - Date.now() / 1000).toBeLessThanOrEqual(TTL_S);
    expect(await relayCandidates(page, stolen)).toBeGreaterThan(0);
    await sleep(expiry * 1000 - Date.now() + 1500);
    expect(await relayCandidates(page, stolen)).toBe(0);
    // The server itself is fine: a fresh pair allocates again.
    expect(await relayCandidates(page, await turnEntry(page))).toBeGreaterThan(0);
    await page.context().close();
  });

  it('pages whose credentials expired while open fetch fresh ones, then host and join through the relay', async () => {
    const host = await openLabPage(browsers[0]!, url);
    const link = await createLabLobby(host, 'Host');
    const joiners = await Promise.all(Array.from({ length: TRIES }, () => openLabPage(browsers[1]!, link)));
    // Every page's first credentials are now expired: the joiners' while their link sat open, the
    // host's while its lobby waited (it builds each joiner's connection with what it holds then).
    await sleep((TTL_S + 1) * 1000);
    const report: CaseReport = {
      name: `TURN, carrier ↔ carrier, credentials expired before the click (${TTL_S} s lifetime)`,
      attempts: [],
      pairs: [],
      said: {},
    };
    reports.push(report);
    for (const [t, page] of joiners.entries()) {
      const attempt = await timedJoin(page, `Late${t}`);
      report.attempts.push(attempt);
      expect(attempt, attempt.said).toMatchObject({ ok: true });
      const pairs = await selectedPairs(page);
      report.pairs.push(...pairs);
      expect(pairs.some((p) => p.local === 'relay' || p.remote === 'relay')).toBe(true);
      await page.context().close();
    }
    await host.context().close();
  });
});
