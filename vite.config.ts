// Vite builds the game (index.html → src/main.ts, the server worker as its own chunk).
// The PeerServer is not started here (see scripts/dev.mjs): vitest also loads vite configs.
// No source maps in the deployed build (they published the whole source, 1.5 MB); the build
// writes .br and .gz beside each text asset so `npm run serve` never compresses per request.
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export default defineConfig({
  build: { target: 'es2022', sourcemap: false },
  worker: { format: 'es' },
  plugins: [
    compression({
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress', {})],
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
