/**
 * The web server `npm run serve` runs (scripts/http-guard.mjs, http-headers.mjs, the PeerServer
 * behind the signaling guard, a dist/ folder) against real sockets on 127.0.0.1:
 *  - thousands of half-sent requests from one address are capped per address and timed out, and
 *    a normal client still loads the page and signals; the refusals are logged;
 *  - every response, the PeerServer's HTTP API and /rewind-config.json included, carries the same
 *    hardening headers, no X-Powered-By, and its real content type.
 * Timeouts are shortened through the limits (as REWIND_HTTP_* would); counts only, no timing asserts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllPeers, connectPeer, startStack, until, type Running } from './signaling-peers';

const HALF_OPEN_ATTEMPTS = 20_000;
const CONCURRENCY = 200;
const CAP = 100;

let dist = '';
let stack: Running | undefined;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'rewind-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Rewind Arena</title><script type="module" src="/assets/app-abc123.js"></script>\n',
  );
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("game");\n');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.map'), '{}');
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

afterEach(async () => {
  closeAllPeers();
  await stack?.stop();
  stack = undefined;
});

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function get(port: number, url: string, from = '127.0.0.1'): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, localAddress: from, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** One half-sent request: connect, send part of the headers, never finish; settles when the server closes it. */
function halfSent(port: number, from: string): Promise<'refused' | 'timed-out' | 'other'> {
  return new Promise((resolve) => {
    let answer = '';
    const sk = net.connect({ port, host: '127.0.0.1', localAddress: from }, () =>
      sk.write('GET / HTTP/1.1\r\nHost: rewind\r\nX-Slow: '),
    );
    sk.on('data', (d: Buffer) => (answer += d.toString()));
    sk.on('error', () => undefined);
    sk.on('close', () =>
      resolve(answer.startsWith('HTTP/1.1 408') ? 'timed-out' : answer === '' ? 'refused' : 'other'),
    );
  });
}

describe('half-open requests', () => {
  it(
    `${HALF_OPEN_ATTEMPTS} half-sent requests from one address: capped per address and timed out; a normal client loads / and signals; refusals are logged`,
    { timeout: 180_000 },
    async () => {
      stack = await startStack(
        { httpMaxConnections: CAP, httpHeadersTimeoutMs: 500, httpRequestTimeoutMs: 1000 },
        dist,
      );
      const port = stack.port;
      const outcomes = { refused: 0, 'timed-out': 0, other: 0 };
      let next = 0;
      let normal: { page: Got; signal: string } | undefined;
      const attacker = async (): Promise<void> => {
        while (next < HALF_OPEN_ATTEMPTS) {
          const i = next++;
          if (i === HALF_OPEN_ATTEMPTS / 2) {
            // Halfway through, while the attacker holds its whole share: a normal player arrives.
            void (async () => {
              const page = await get(port, '/', '127.0.0.3');
              const signal = await connectPeer(port, 'rewind-room1', { from: '127.0.0.3' }).first;
              normal = { page, signal };
            })();
          }
          outcomes[await halfSent(port, '127.0.0.2')] += 1;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, attacker));
      await until(() => normal !== undefined, 'the normal client');
      const h = stack.http();
      console.log(
        `[http-hardening] ${HALF_OPEN_ATTEMPTS} half-sent requests: ${outcomes.refused} refused at the cap, ${outcomes['timed-out']} timed out (408), ${outcomes.other} other; most open from one address ${h.mostOpen}`,
      );

      expect(normal!.page.status).toBe(200);
      expect(normal!.page.body).toContain('Rewind Arena');
      expect(normal!.signal).toBe('OPEN');
      expect(h.mostOpen).toBeLessThanOrEqual(CAP);
      expect(outcomes.refused).toBeGreaterThan(0);
      expect(outcomes['timed-out']).toBeGreaterThan(0);
      expect(outcomes.refused + outcomes['timed-out'] + outcomes.other).toBe(HALF_OPEN_ATTEMPTS);
      expect(h.refused).toBe(outcomes.refused);
      // Every held connection was closed by the server: only the normal client's socket is left.
      await until(() => stack!.http().open === 1, 'the attacker left with nothing open');
      const lines = stack.logs.filter((l) => l.startsWith('[http]'));
      expect(
        lines.some((l) =>
          l.startsWith(`[http] 127.0.0.2 has ${CAP} connections open (REWIND_HTTP_MAX_CONNECTIONS): closed another`),
        ),
      ).toBe(true);
      expect(
        lines.some((l) => l.startsWith('[http] 127.0.0.2 did not send a whole request within 0.5 s (headers) / 1 s')),
      ).toBe(true);
      // Rate limited: a handful of lines for 20,000 refusals.
      expect(lines.length).toBeLessThan(50);
    },
  );
});

const HARDENING = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('response headers', () => {
  it('every response, /rewind-config.json and /peerjs/* included, has the same hardening headers, no X-Powered-By and its real content type', async () => {
    stack = await startStack({}, dist);
    const expected: Array<[string, number, RegExp]> = [
      ['/', 200, /^text\/html/],
      ['/assets/app-abc123.js', 200, /^application\/javascript|^text\/javascript/],
      ['/rewind-config.json', 200, /^application\/json/],
      ['/peerjs', 200, /^application\/json/],
      ['/peerjs/peerjs/id', 200, /^text\/plain/],
      ['/peerjs/peerjs/peers', 401, /^text\/plain/],
      ['/peerjs/otherkey/id', 404, /^text\/plain/],
      ['/missing', 404, /^text\/plain/],
      ['/assets/app-abc123.js.map', 404, /^text\/plain/],
      ['/%E0%A4%A', 400, /^text\/plain/],
    ];
    const page = await get(stack.port, '/');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    for (const [url, status, type] of expected) {
      const r = await get(stack.port, url);
      expect([url, r.status, r.headers['content-type']]).toEqual([url, status, expect.stringMatching(type)]);
      expect([url, r.headers['x-powered-by']]).toEqual([url, undefined]);
      for (const h of HARDENING) expect([url, h, r.headers[h]]).toEqual([url, h, page.headers[h]]);
    }
    const id = await get(stack.port, '/peerjs/peerjs/id');
    expect(id.body).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(id.headers['cache-control']).toBe('no-store');
    // PeerJS registers with an id the server handed out.
    expect(await connectPeer(stack.port, id.body).first).toBe('OPEN');
  });
});
