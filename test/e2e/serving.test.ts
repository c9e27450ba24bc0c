/**
 * `npm run build && npm run serve` as a deployer runs it (the global setup's server):
 * pre-compressed responses, immutable caching for hashed assets, no-cache for index.html, no
 * source maps, nothing stray in dist/, a Content-Security-Policy on every page response, and the
 * game played under that policy in real Chromium (create lobby, join, start, move, the canvas
 * drawing) with no CSP violation reported by either page.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLobby, launchChromium, waitIn, walkUntilSeen } from './browser';
import { waitForGame, withQuery } from './game-match';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** Every CSP violation the page (or its worker) reports, from before the first script runs. */
const WATCH_CSP = (): void => {
  const seen: string[] = [];
  (window as unknown as { __csp: string[] }).__csp = seen;
  document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
};

interface Watched {
  page: Page;
  context: BrowserContext;
  consoleCsp: string[];
}

async function watchedPage(browser: Browser, url: string): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 960, height: 640 } });
  await context.addInitScript(WATCH_CSP);
  const page = await context.newPage();
  const consoleCsp: string[] = [];
  const note = (text: string): void => void (/Content Security Policy/i.test(text) && consoleCsp.push(text));
  page.on('console', (m) => note(m.text()));
  page.on('worker', (w) => w.on('console', (m) => note(m.text())));
  page.on('pageerror', (err) => note(err.message));
  await page.goto(url);
  await page.waitForFunction(() => 'rewind' in window);
  return { page, context, consoleCsp };
}

const violations = (w: Watched): Promise<string[]> =>
  w.page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

let base: string;
let scriptPath: string;

beforeAll(async () => {
  base = inject('baseUrl');
  const index = await get(base);
  const m = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(index.body.toString());
  if (!m?.[1]) throw new Error(`no module script in index.html:\n${index.body.toString()}`);
  scriptPath = m[1];
});

describe('serving the built game', () => {
  it('sends the script pre-compressed: brotli when accepted, else gzip, else identity', async () => {
    const url = base + scriptPath.slice(1);
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    console.log(
      `[serving] ${scriptPath}: ${plain.body.length} B raw, ${gz.body.length} B gzip, ${br.body.length} B brotli`,
    );
  });

  it('caches hashed assets for a year (immutable) and revalidates index.html every time', async () => {
    const asset = await get(base + scriptPath.slice(1), { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['', 'index.html']) {
      const page = await get(base + path);
      expect(page.status).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.etag).toBeTruthy();
    }
  });

  it('publishes no source maps and ships nothing stray', async () => {
    expect((await get(`${base}${scriptPath.slice(1)}.map`)).status).toBe(404);
    const files = readdirSync(dist, { recursive: true }).map(String);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => /\.(png|jpe?g|gif|webp)$/i.test(f))).toEqual([]);
    expect(readFileSync(`${dist}${scriptPath.slice(1)}`, 'utf8')).not.toMatch(/sourceMappingURL/);
    expect(existsSync(`${dist}${scriptPath.slice(1)}.br`)).toBe(true);
  });

  it('sets a strict Content-Security-Policy on the page and the worker script', async () => {
    const page = await get(base);
    const csp = String(page.headers['content-security-policy']);
    for (const d of [
      "default-src 'self'",
      "script-src 'self'",
      "worker-src 'self'",
      "style-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(d);
    expect(csp).not.toMatch(/unsafe/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const worker = /server\.worker-[\w-]+\.js/.exec(readdirSync(`${dist}assets`).join(' '))?.[0];
    expect((await get(`${base}assets/${worker}`)).headers['content-security-policy']).toBe(csp);
  });
});

describe('the game under the CSP in Chromium', () => {
  let browser: Browser;
  let host: Watched;
  let joiner: Watched;

  beforeAll(async () => {
    browser = await launchChromium();
    // The host runs without a canvas (one SwiftShader canvas is enough load for a shared 2-core
    // machine). The joiner draws with kaboom; both pages run the same bundle under the same
    // policy, the host's server worker too.
    host = await watchedPage(browser, withQuery(base, 'render=0'));
    const link = await createLobby(host.page, 'Alice');
    joiner = await watchedPage(browser, withQuery(link, 'density=0.5'));
    await joiner.page.fill('#name', 'Bob');
    await joiner.page.click('#join');
    await waitIn(joiner.page, () => window.rewind.phase === 'lobby', undefined, 30_000);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a lobby, joins, starts and moves with no CSP violation on either page', async () => {
    await host.page.evaluate(() => window.rewind.startMatch());
    await waitIn(host.page, () => window.rewind.phase === 'match', undefined, 30_000);
    await waitForGame(joiner.page);
    expect(await walkUntilSeen(joiner.page, host.page, 40)).toBeGreaterThan(40);
    // The canvas draws (kaboom under the CSP): frames keep coming.
    const before = await joiner.page.evaluate(() => window.rewindGame?.info()?.frames ?? 0);
    await waitIn(joiner.page, (n) => (window.rewindGame?.info()?.frames ?? 0) > n + 10, before);
    for (const w of [host, joiner]) {
      expect(await violations(w)).toEqual([]);
      expect(w.consoleCsp).toEqual([]);
    }
  });

  it('really enforces the policy: an injected inline script and inline handler do not run and are reported', async () => {
    // Injected through the DOM as an XSS would be (page.evaluate itself is exempt from the CSP, so
    // eval is checked in the header test: no 'unsafe-eval').
    const ran = await host.page.evaluate(async () => {
      const w = window as unknown as { __inlineRan?: boolean; __handlerRan?: boolean };
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.head.append(s);
      const b = document.createElement('button');
      b.setAttribute('onclick', 'window.__handlerRan = true');
      document.body.append(b);
      b.click();
      b.remove();
      await new Promise((r) => setTimeout(r, 0));
      return { inline: w.__inlineRan === true, handler: w.__handlerRan === true };
    });
    expect(ran).toEqual({ inline: false, handler: false });
    await waitIn(host.page, () => (window as unknown as { __csp: string[] }).__csp.length >= 2, undefined, 5000);
    expect(await violations(host)).toEqual(
      expect.arrayContaining(['script-src-elem inline', 'script-src-attr inline']),
    );
  });
});
