/**
 * `npm start`: the Vite dev server plus a PeerServer on its own port (sharing Vite's port breaks
 * its live-reload websocket, see STACK-NOTES), in one command. The page learns where the
 * PeerServer is from /rewind-config.json, served by a tiny Vite plugin here (not in
 * vite.config.ts, which vitest also loads).
 */
import { createServer } from 'vite';
import { plainFallbacks } from './http-headers.mjs';
import { createWebServer } from './http-guard.mjs';
import { configMiddleware, listen, readSignalingEnv, signalingApp } from './signaling.mjs';

async function main() {
  const read = readSignalingEnv(process.env, { webPort: 5173, peerPort: 9000 });
  if (!read.ok) {
    for (const e of read.errors) console.error(e);
    process.exit(2);
  }
  const s = read.value;
  let peerServer = null;
  if (!s.external) {
    peerServer = createWebServer(s.limits);
    const app = signalingApp(peerServer, s);
    plainFallbacks(app);
    peerServer.on('request', app);
    await listen(peerServer, s.peerPort, s.bindHost, 'PeerServer');
    console.log(`PeerServer on http://${s.bindHost}:${s.peerPort}${s.path}`);
  }
  const vite = await createServer({
    server: { host: s.bindHost, port: s.webPort, strictPort: true },
    plugins: [{ name: 'rewind-config', configureServer: (srv) => void srv.middlewares.use(configMiddleware(s)) }],
  });
  await vite.listen();
  vite.printUrls();
  const stop = async () => {
    await vite.close();
    peerServer?.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
