/**
 * Signaling settings and the embedded PeerServer, shared by scripts/dev.mjs and scripts/serve.mjs.
 *
 * Inputs: environment variables (documented in README "Running for friends"):
 *   REWIND_HOST / REWIND_PORT           where the web server listens
 *   REWIND_PEER_HOST / REWIND_PEER_PORT where pages reach the PeerServer ('' / 0 = the page's own host / port)
 *   REWIND_PEER_PATH / REWIND_PEER_KEY / REWIND_PEER_SECURE
 *   REWIND_PEER_EXTERNAL=1              use someone else's PeerServer: start none here
 *   REWIND_ICE_SERVERS                  JSON array of RTCIceServer ({urls, username?, credential?})
 *   REWIND_TURN_HOST / _PORT / _SECRET / _TTL_S / _TCP   STUN + short-lived TURN credentials per
 *                                       visitor from a coturn with use-auth-secret (turn-credentials.mjs)
 *   REWIND_SIGNAL_* / REWIND_TRUST_PROXY the PeerServer's per-address limits (signaling-limits.mjs)
 *   REWIND_CSP_CONNECT_SRC              extra connect-src sources for `npm run serve` (static-site.mjs)
 * Outputs: `readSignalingEnv(env, defaults)` → settings (bad values become errors, never silent);
 *   `pageConfig(settings, nowS)` → the JSON served at /rewind-config.json (fresh TURN credentials
 *   on every call); `mountPeerServer(app, server, settings)`
 *   (the `peer` package's PeerServer behind our guard, signaling-guard.mjs); `signalingApp(server, s)`
 *   (an express app with the hardening headers on every response, http-headers.mjs, the config and
 *   the PeerServer; the caller mounts what else it serves, then `plainFallbacks`).
 * Invariant: nothing here throws at import time; a bad variable is reported with its name.
 */
import express from 'express';
import { ExpressPeerServer } from 'peer';
import { peerIdRoute, securityHeaders } from './http-headers.mjs';
import { createSignalingGuard } from './signaling-guard.mjs';
import { readLimitsEnv } from './signaling-limits.mjs';
import { parseConnectSources } from './static-site.mjs';
import { readTurnEnv, turnIceServers } from './turn-credentials.mjs';

/** @typedef {{ urls: string | string[], username?: string, credential?: string }} IceServer */

/** Parses REWIND_ICE_SERVERS: a JSON array of RTCIceServer, or a comma-separated list of URLs. */
export function parseIceServers(raw) {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: [] };
  const text = raw.trim();
  if (!text.startsWith('[')) {
    const urls = text
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    const bad = urls.find((u) => !/^(stun|stuns|turn|turns):/.test(u));
    if (bad) return { ok: false, error: `REWIND_ICE_SERVERS: "${bad}" is not a stun:/turn: URL` };
    return { ok: true, value: urls.map((urls) => ({ urls })) };
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'REWIND_ICE_SERVERS: not valid JSON' };
  }
  if (!Array.isArray(parsed)) return { ok: false, error: 'REWIND_ICE_SERVERS: expected a JSON array' };
  const out = [];
  for (const s of parsed) {
    const urlsOk =
      typeof s?.urls === 'string' || (Array.isArray(s?.urls) && s.urls.every((u) => typeof u === 'string'));
    if (!urlsOk) return { ok: false, error: 'REWIND_ICE_SERVERS: every entry needs "urls" (string or string array)' };
    const entry = { urls: s.urls };
    if (typeof s.username === 'string') entry.username = s.username;
    if (typeof s.credential === 'string') entry.credential = s.credential;
    out.push(entry);
  }
  return { ok: true, value: out };
}

function port(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return { ok: true, value: fallback };
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) return { ok: false, error: `${name}: "${raw}" is not a port number` };
  return { ok: true, value: n };
}

/**
 * Reads the signaling settings. `defaults.webPort` and `defaults.peerPort` differ between dev
 * (PeerServer on its own port) and serve (same port as the web server).
 */
export function readSignalingEnv(env, defaults) {
  const errors = [];
  const pick = (r) => (r.ok ? r.value : (errors.push(r.error), undefined));
  const webPort = pick(port(env, 'REWIND_PORT', defaults.webPort));
  const peerPort = pick(port(env, 'REWIND_PEER_PORT', defaults.peerPort));
  const iceServers = pick(parseIceServers(env.REWIND_ICE_SERVERS));
  const limits = readLimitsEnv(env);
  if (!limits.ok) errors.push(...limits.errors);
  const turn = readTurnEnv(env);
  if (!turn.ok) errors.push(...turn.errors);
  let cspConnectSrc = [];
  try {
    cspConnectSrc = parseConnectSources(env.REWIND_CSP_CONNECT_SRC);
  } catch (err) {
    errors.push(err.message);
  }
  let path = env.REWIND_PEER_PATH || '/peerjs';
  if (!path.startsWith('/')) path = '/' + path;
  const key = env.REWIND_PEER_KEY || 'peerjs';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(key)) errors.push(`REWIND_PEER_KEY: "${key}" must be 1-64 letters, digits, - or _`);
  const settings = {
    bindHost: env.REWIND_HOST || '127.0.0.1',
    webPort,
    peerHost: env.REWIND_PEER_HOST || '',
    peerPort,
    path,
    key,
    // Unset: the page uses wss:// on an https:// page and ws:// on http:// (one setting for the lab's
    // http page and the deployment's https one).
    secure:
      env.REWIND_PEER_SECURE === undefined || env.REWIND_PEER_SECURE === ''
        ? null
        : env.REWIND_PEER_SECURE === '1' || env.REWIND_PEER_SECURE === 'true',
    external: env.REWIND_PEER_EXTERNAL === '1' || env.REWIND_PEER_EXTERNAL === 'true',
    iceServers,
    turn: turn.ok ? turn.value : null,
    limits: limits.ok ? limits.value : undefined,
    cspConnectSrc,
  };
  return errors.length ? { ok: false, errors } : { ok: true, value: settings };
}

/**
 * What the page reads from /rewind-config.json: where to signal and which ICE servers to use.
 * With TURN configured, each call makes a new visitor's STUN + TURN entries valid from `nowS`.
 */
export function pageConfig(s, nowS = Date.now() / 1000) {
  const turn = s.turn ? turnIceServers(s.turn, nowS) : [];
  const secure = s.secure === null ? {} : { secure: s.secure };
  return {
    peer: { host: s.peerHost, port: s.peerPort, path: s.path, key: s.key, ...secure },
    iceServers: [...s.iceServers, ...turn],
  };
}

/** Serves /rewind-config.json (a connect/express style middleware); never cached, so credentials stay per visitor. */
export function configMiddleware(s) {
  return (req, res, next) => {
    if (req.url?.split('?')[0] !== '/rewind-config.json') return next();
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(pageConfig(s)));
  };
}

/**
 * Mounts a PeerServer under `s.path` of an express app listening on `server`, behind the guard
 * (per-address limits, message size cap, ids held for their owner). Returns both.
 */
export function mountPeerServer(app, server, s) {
  const guard = createSignalingGuard(server, s.limits);
  // expire_timeout: how long an offer to an unknown id waits before the joiner hears "peer-unavailable"
  // (PeerJS's 5 s default makes "Lobby not found" feel like a hang).
  const peer = ExpressPeerServer(server, {
    path: '/',
    key: s.key,
    allow_discovery: false,
    alive_timeout: 20000,
    expire_timeout: 2500,
    createWebSocketServer: (options) => guard.createWebSocketServer(options),
  });
  guard.attach(peer);
  // Through the guard's rate-limited log: a client sending garbage must not flood the log.
  peer.on('error', (err) => guard.logPeerError(err));
  // peer is an express app of its own: without this its responses say X-Powered-By.
  peer.disable('x-powered-by');
  app.use(s.path, peerIdRoute(s.key));
  app.use(s.path, peer);
  return { peer, guard };
}

/** Creates an express app (PeerServer included unless external) for an http server. */
export function signalingApp(server, s) {
  const app = express();
  app.disable('x-powered-by');
  // req.ip follows the same proxy rule as the signaling limits (REWIND_TRUST_PROXY).
  if (s.limits?.trustProxy) app.set('trust proxy', s.limits.trustProxy);
  app.use(securityHeaders(s));
  app.use(configMiddleware(s));
  if (!s.external) app.locals.signaling = mountPeerServer(app, server, s);
  return app;
}

/** Listens, turning EADDRINUSE into a clear message. */
export function listen(server, port, host, what) {
  return new Promise((resolve, reject) => {
    server.once('error', (err) => {
      const code = err && typeof err === 'object' ? err.code : undefined;
      reject(
        new Error(
          code === 'EADDRINUSE'
            ? `${what}: ${host}:${port} is already in use (set another port)`
            : `${what}: ${err?.message ?? err}`,
        ),
      );
    });
    server.listen(port, host, () => resolve(server.address().port));
  });
}
