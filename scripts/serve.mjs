/**
 * `npm run serve`: one Node process serving the built game (dist/) and the PeerServer on the same
 * port, for a LAN or a public server. Settings come from the environment (see scripts/signaling.mjs).
 * The game is served pre-compressed, cached by hash and under a Content-Security-Policy
 * (scripts/static-site.mjs), with the same hardening headers on every response (http-headers.mjs)
 * and the web server's timeouts and per-address connection cap (http-guard.mjs). Prints `serving http://host:port/` once listening (the e2e setup
 * waits for that line).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { plainFallbacks } from './http-headers.mjs';
import { createWebServer } from './http-guard.mjs';
import { listen, readSignalingEnv, signalingApp } from './signaling.mjs';
import { staticSite } from './static-site.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

async function main() {
  const read = readSignalingEnv(process.env, { webPort: 8080, peerPort: 0 });
  if (!read.ok) {
    for (const e of read.errors) console.error(e);
    process.exit(2);
  }
  if (!existsSync(dist + 'index.html')) {
    console.error('dist/index.html is missing: run `npm run build` first');
    process.exit(2);
  }
  const s = read.value;
  if (s.iceServers.some((e) => e.credential !== undefined)) {
    console.warn(
      'REWIND_ICE_SERVERS has a static TURN password: every visitor can read it in /rewind-config.json and use your relay forever. Use REWIND_TURN_SECRET instead (README "Friends on other networks").',
    );
  }
  const server = createWebServer(s.limits);
  const app = signalingApp(server, s);
  app.use(staticSite(dist));
  plainFallbacks(app);
  server.on('request', app);
  const port = await listen(server, s.webPort, s.bindHost, 'web server');
  const peerWhere = s.external
    ? `external PeerServer ${s.peerHost}:${s.peerPort}${s.path}`
    : `PeerServer on the same port at ${s.path}`;
  const turn = s.turn ? `, STUN+TURN at ${s.turn.host}:${s.turn.port} with credentials valid ${s.turn.ttlS} s` : '';
  console.log(`serving http://${s.bindHost}:${port}/ (${peerWhere}, ${s.iceServers.length} ICE servers${turn})`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
