// Vite builds the game (index.html → src/main.ts, the server worker as its own chunk).
// The PeerServer is not started here (see scripts/dev.mjs): vitest also loads vite configs.
import { defineConfig } from 'vite';

export default defineConfig({
  build: { target: 'es2022', sourcemap: true },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
