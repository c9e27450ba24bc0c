/**
 * The NAT lab as a small reusable API for tests:
 *
 *   const lab = await createLab({ players: [{ nat: 'home' }, { nat: 'carrier' }] });
 *   const secret = await lab.startTurn();                  // coturn as the deployment runs it
 *   const url = await lab.startPage(8080, env);            // scripts/serve.mjs on the lab's internet
 *   const browser = await lab.browser(0);                  // a real Chromium inside player 0's LAN
 *   lab.setPublicAddress(1, '10.99.0.99'); await lab.cutLink(1, 3);
 *   await lab.destroy();                                   // also on process exit, whatever happens
 *
 * Inputs: one NAT kind per player (nat-rules.ts). Outputs: nodes with their namespaces and addresses,
 * servers' URLs, browsers. Invariants: every namespace, process and temporary file of the lab is
 * removed by destroy() or by the exit hooks (netns.ts); `createLab` sweeps what a killed run left.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { launchInNamespace } from './lab-browser';
import { labPrefix, LabResources, sweepStaleNamespaces } from './netns';
import type { NatKind } from './nat-rules';
import { startCoturn, startPageServer } from './servers';
import { buildInternet, buildPlayer, cutLink, SERVER_ADDRESS, setPublicAddress, type LabNode } from './topology';

export interface LabOptions {
  players: Array<{ nat: NatKind }>;
}

export interface Lab {
  readonly nodes: LabNode[];
  /** The internet namespace, where the public servers run. */
  readonly inet: string;
  readonly serverAddress: string;
  /** Starts coturn (deploy/coturn) on the lab's internet with a fresh random secret; returns the secret. */
  startTurn(): Promise<string>;
  /** Starts scripts/serve.mjs on the lab's internet; returns the page URL. */
  startPage(port: number, env: Record<string, string>): Promise<string>;
  /** The Chromium inside player `i`'s LAN (one per player and options, launched on first use); `secureOrigins: false` launches it without treating the lab's http pages as secure. */
  browser(i: number, opts?: { secureOrigins?: boolean }): Promise<Browser>;
  setPublicAddress(i: number, address: string): void;
  cutLink(i: number, seconds: number): Promise<void>;
  destroy(): Promise<void>;
}

let labs = 0;

export async function createLab(o: LabOptions): Promise<Lab> {
  sweepStaleNamespaces();
  const res = new LabResources();
  const dir = mkdtempSync(`${tmpdir()}/rewind-lab-`);
  res.dirs.push(dir);
  const prefix = labPrefix(++labs);
  const browsers: Browser[] = [];
  const launched = new Map<string, Promise<Browser>>();
  const origins: string[] = [];
  let nodes: LabNode[];
  let inet: string;
  try {
    inet = buildInternet(res, prefix);
    nodes = o.players.map((p, i) => buildPlayer(res, prefix, inet, i, p.nat));
  } catch (err) {
    res.cleanup();
    throw err;
  }
  const node = (i: number): LabNode => {
    const n = nodes[i];
    if (!n) throw new Error(`no player ${i} in this lab`);
    return n;
  };
  return {
    nodes,
    inet,
    serverAddress: SERVER_ADDRESS,
    startTurn: async () => {
      const secret = randomBytes(24).toString('hex');
      await startCoturn(res, inet, secret, dir);
      return secret;
    },
    startPage: async (port, env) => {
      const url = await startPageServer(res, inet, SERVER_ADDRESS, port, env);
      origins.push(new URL(url).origin);
      return url;
    },
    browser: (i, opts = {}) => {
      const key = `${i}:${opts.secureOrigins !== false}`;
      let b = launched.get(key);
      if (!b) {
        b = launchInNamespace(dir, node(i).ns, opts.secureOrigins === false ? [] : origins);
        launched.set(key, b);
        void b.then(
          (ok) => browsers.push(ok),
          () => launched.delete(key),
        );
      }
      return b;
    },
    setPublicAddress: (i, address) => setPublicAddress(node(i), address),
    cutLink: (i, seconds) => cutLink(node(i), seconds),
    destroy: async () => {
      await Promise.all(browsers.map((b) => b.close().catch(() => undefined)));
      res.cleanup();
    },
  };
}
