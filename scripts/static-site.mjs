/**
 * Serving the built game (`npm run serve`) the way a deployer expects:
 *  - pre-compressed files: `vite build` writes .br and .gz beside every text asset
 *    (vite-plugin-compression2), `express-static-gzip` picks the best one the browser accepts, so
 *    no request costs the server a compression;
 *  - caching: Vite's hashed files under assets/ are immutable for a year; everything else
 *    (index.html, favicon) is `no-cache`, i.e. revalidated with its ETag on every load;
 *  - no source maps: the build makes none, and a `.map` request is a 404 even if one is copied in;
 *  - a path that does not decode is a plain-text 400;
 *  - our Content-Security-Policy (cspDirectives below), written with the other hardening headers
 *    on every response of the app by http-headers.mjs (mounted first by signaling.mjs).
 *
 * Inputs: the dist/ folder; the signaling settings (where pages connect) for the CSP. Outputs: an
 *   express Router; `cspDirectives(s)`.
 * Invariant: the CSP allows no inline script, no eval, no plugins, no framing, and connections
 *   only to this origin and the configured signaling server (plus REWIND_CSP_CONNECT_SRC).
 */
import path from 'node:path';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';

const YEAR_S = 365 * 24 * 3600;
const SOURCE_PATTERN =
  /^(?:'self'|'none'|\*|(?:[a-z][a-z0-9+.-]*:)(?:\/\/[A-Za-z0-9*.-]+(?::(?:\d{1,5}|\*))?[A-Za-z0-9/._~-]*)?|[A-Za-z0-9*.-]+(?::(?:\d{1,5}|\*))?)$/;

/** Where pages open their signaling socket and fetch ids, when that is not this origin. */
export function signalingSources(s) {
  if (s.peerHost === '' && s.peerPort === 0) return []; // same origin: covered by 'self'
  const host =
    s.peerHost === '' ? '*' : s.peerHost.includes(':') && !s.peerHost.startsWith('[') ? `[${s.peerHost}]` : s.peerHost;
  const port = s.peerPort === 0 ? '*' : String(s.peerPort);
  const [http, ws] = s.secure ? ['https', 'wss'] : ['http', 'ws'];
  return [`${http}://${host}:${port}`, `${ws}://${host}:${port}`];
}

/** REWIND_CSP_CONNECT_SRC: extra connect-src sources, space separated (e.g. another PeerServer). */
export function parseConnectSources(raw) {
  const list = (raw ?? '').split(/\s+/).filter(Boolean);
  const bad = list.find((src) => !SOURCE_PATTERN.test(src));
  if (bad !== undefined)
    throw new Error(
      `REWIND_CSP_CONNECT_SRC: "${bad}" is not a CSP source (e.g. https://peer.example.org wss://peer.example.org)`,
    );
  return list;
}

export function cspDirectives(s) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'worker-src': ["'self'"],
    'style-src': ["'self'"],
    // kaboom's built-in font and sprites are data: URLs.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", ...signalingSources(s), ...s.cspConnectSrc],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The game's files; mount on an app that already sends securityHeaders (http-headers.mjs). */
export function staticSite(dist) {
  const router = express.Router();
  router.use((req, res, next) => {
    if (/\.map$/i.test(req.path)) return void res.status(404).type('text/plain').send('Not found\n');
    // express-static-gzip answers a path it cannot decode itself, in HTML: answer it here in plain text.
    try {
      decodeURIComponent(req.path);
    } catch {
      return void res.status(400).type('text/plain').send('Bad request\n');
    }
    next();
  });
  const root = path.resolve(dist);
  router.use(
    expressStaticGzip(root, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: 'index.html',
      serveStatic: {
        cacheControl: false,
        setHeaders: (res, file) => {
          const rel = path.relative(root, file).replace(/\.(br|gz)$/, '');
          const hashed = rel.startsWith(`assets${path.sep}`);
          res.setHeader('Cache-Control', hashed ? `public, max-age=${YEAR_S}, immutable` : 'no-cache');
        },
      },
    }),
  );
  return router;
}
