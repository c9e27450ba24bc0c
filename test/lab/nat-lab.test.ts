/**
 * Friends on other networks, with real parts: each player's Chromium in its own LAN behind a NAT
 * router (nftables), coturn and the page server on the lab's internet. The cases of issue 22:
 *  - the project's defaults (no ICE servers) across two home routers: both sides say what to do;
 *  - STUN, home ↔ home: a direct route through both NATs;
 *  - the deployment's settings (deploy/rewind.env + deploy/coturn), three players behind carrier
 *    NATs: through the TURN relay;
 *  - relay only: an office network that lets out nothing but TCP to the server: TURN over TCP.
 * Outcomes are asserted; times and candidate pairs are reported (report.ts), not asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createLab, type Lab } from './lab';
import { createLabLobby, openLabPage, selectedPairs, timedJoin, type Attempt, type PairType } from './lab-browser';
import { formatReport, type CaseReport } from './report';
import { DEPLOY_ENV, readEnvFile } from './servers';
import { labSupport } from './support';

const TRIES = 5;
const HOME_A = 0;
const HOME_B = 1;
const CARRIERS = [2, 3, 4];
const OFFICE = 5;

const supported = labSupport();

describe.skipIf(!supported)('NAT lab', () => {
  let lab: Lab;
  const url = { plain: '', stun: '', deploy: '' };
  const reports: CaseReport[] = [];

  /** Player `i` opens `link`, clicks Join; its pairs are read once in; the page stays open (caller closes). */
  const joinOnce = async (
    i: number,
    link: string,
    name: string,
  ): Promise<{ page: Page; attempt: Attempt; pairs: PairType[] }> => {
    const page = await openLabPage(await lab.browser(i), link);
    const attempt = await timedJoin(page, name);
    return { page, attempt, pairs: attempt.ok ? await selectedPairs(page) : [] };
  };

  beforeAll(async () => {
    lab = await createLab({
      players: [
        { nat: 'home' },
        { nat: 'home' },
        { nat: 'carrier' },
        { nat: 'carrier' },
        { nat: 'carrier' },
        { nat: 'office' },
      ],
    });
    const secret = await lab.startTurn();
    // The deployment's own settings; only the addresses and the secret are the lab's.
    url.deploy = await lab.startPage(8080, {
      ...readEnvFile(DEPLOY_ENV),
      REWIND_TURN_HOST: lab.serverAddress,
      REWIND_TURN_SECRET: secret,
    });
    url.plain = await lab.startPage(8081, {});
    url.stun = await lab.startPage(8082, { REWIND_ICE_SERVERS: `stun:${lab.serverAddress}:3478` });
  });

  afterAll(async () => {
    if (reports.length) console.log(`\nNAT lab, per case:\n${formatReport(reports)}\n`);
    await lab?.destroy();
  });

  it('default settings (no ICE servers) across two home routers: both sides say a TURN relay is needed', async () => {
    const host = await openLabPage(await lab.browser(HOME_A), url.plain);
    const link = await createLabLobby(host, 'Host');
    const report: CaseReport = { name: 'default config, home ↔ home', attempts: [], pairs: [], said: {} };
    reports.push(report);
    const hostMs: number[] = [];
    for (let t = 0; t < 2; t++) {
      const clicked = Date.now();
      const { page, attempt } = await joinOnce(HOME_B, link, `Joiner${t}`);
      await host.waitForFunction((n) => (window.rewind.stats().host?.['refused.link-failed'] ?? 0) >= n, t + 1, {
        timeout: 15_000,
        polling: 50,
      });
      // Includes the joiner's page load: an upper bound of click → the host's notice.
      hostMs.push(Date.now() - clicked);
      report.attempts.push(attempt);
      expect(attempt.ok).toBe(false);
      expect(attempt.said).toMatch(/TURN relay/);
      report.said.joiner = attempt.said;
      expect(await page.locator('#error-help').getAttribute('href')).toMatch(/turn-relay/);
      await page.context().close();
    }
    await host.waitForFunction(
      () => document.querySelector('#lobby-notice')?.textContent?.includes('It happened 2 times') ?? false,
      undefined,
      { timeout: 5000 },
    );
    const notice = (await host.locator('#lobby-notice').textContent()) ?? '';
    expect(notice).toMatch(/Someone tried to join but could not connect \(no peer-to-peer route\)/);
    expect(await host.locator('#lobby-notice a').getAttribute('href')).toMatch(/turn-relay/);
    report.said[`host (page load + click → notice ≤ ${Math.max(...hostMs)} ms)`] = notice;
    await host.context().close();
  });

  it('STUN, home ↔ home: joins on a direct route through both NATs', async () => {
    const host = await openLabPage(await lab.browser(HOME_A), url.stun);
    const link = await createLabLobby(host, 'Host');
    const report: CaseReport = { name: 'STUN, home ↔ home', attempts: [], pairs: [], said: {} };
    reports.push(report);
    for (let t = 0; t < TRIES; t++) {
      const { page, attempt, pairs } = await joinOnce(HOME_B, link, `Joiner${t}`);
      report.attempts.push(attempt);
      report.pairs.push(...pairs);
      expect(attempt, attempt.said).toMatchObject({ ok: true });
      expect(pairs.length).toBeGreaterThan(0);
      for (const p of pairs) expect(p.local).not.toBe('relay');
      await page.context().close();
    }
    await host.context().close();
  });

  it('TURN (the deployment), three players behind carrier NATs: every join goes through the relay', async () => {
    const [hostAt, ...joiners] = CARRIERS as [number, number, number];
    const host = await openLabPage(await lab.browser(hostAt), url.deploy);
    const link = await createLabLobby(host, 'Host');
    const report: CaseReport = { name: 'TURN, 3 × carrier (host + 2 joiners)', attempts: [], pairs: [], said: {} };
    reports.push(report);
    for (let t = 0; t < TRIES; t++) {
      const pages: Page[] = [];
      for (const j of joiners) {
        const { page, attempt, pairs } = await joinOnce(j, link, `P${j}t${t}`);
        pages.push(page);
        report.attempts.push(attempt);
        report.pairs.push(...pairs);
        expect(attempt, attempt.said).toMatchObject({ ok: true });
        expect(pairs.some((p) => p.local === 'relay' || p.remote === 'relay')).toBe(true);
      }
      await host.waitForFunction(() => window.rewind.players().length === 3, undefined, { timeout: 15_000 });
      for (const p of pages) await p.context().close();
      await host.waitForFunction(() => window.rewind.players().length === 1, undefined, { timeout: 15_000 });
    }
    await host.context().close();
  });

  it('relay only: a joiner whose office lets out nothing but TCP to the server joins over TURN/TCP', async () => {
    const host = await openLabPage(await lab.browser(HOME_A), url.deploy);
    const link = await createLabLobby(host, 'Host');
    const report: CaseReport = {
      name: 'relay only: office (TCP to the server only) → home',
      attempts: [],
      pairs: [],
      said: {},
    };
    reports.push(report);
    for (let t = 0; t < TRIES; t++) {
      const { page, attempt, pairs } = await joinOnce(OFFICE, link, `Office${t}`);
      report.attempts.push(attempt);
      report.pairs.push(...pairs);
      expect(attempt, attempt.said).toMatchObject({ ok: true });
      expect(pairs.some((p) => p.local === 'relay' && p.relayProtocol === 'tcp')).toBe(true);
      await page.context().close();
    }
    await host.context().close();
  });
});
