/**
 * The same hardening headers on every response of our web server: the game's files, the page's
 * /rewind-config.json, the PeerServer's HTTP API (/peerjs/…), 404s and errors. `helmet` writes
 * them with our Content-Security-Policy (static-site.mjs cspDirectives); express's and peer's own
 * `X-Powered-By` is off; every answer has its real content type (peer's `GET /:key/id` says
 * text/html for a bare id: it is answered here as text/plain, shadowing peer's route).
 *
 * Inputs: the signaling settings. Outputs: `securityHeaders(s)` (middleware, mount first),
 *   `peerIdRoute(key)` (a router to mount at the PeerServer's path before peer),
 *   `plainFallbacks(app)` (404 and error answers in text/plain, mount last).
 * Invariant: no response leaves through express's default handlers (which answer in HTML and
 *   replace the Content-Security-Policy).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import helmet from 'helmet';
import { cspDirectives } from './static-site.mjs';

export function securityHeaders(s) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(s) },
    // HSTS belongs to whoever terminates TLS (a reverse proxy); on plain-http LAN play it would be wrong.
    strictTransportSecurity: false,
  });
}

/** A fresh peer id for PeerJS clients that ask the server for one (PeerJS reads the body as text). */
export function peerIdRoute(key) {
  const router = express.Router();
  router.get('/:key/id', (req, res) => {
    if (req.params.key !== key) return void res.status(404).type('text/plain').send('Not found\n');
    res.set('Cache-Control', 'no-store').type('text/plain').send(randomUUID());
  });
  return router;
}

/** @param {import('express').Express} app */
export function plainFallbacks(app) {
  app.use((req, res) => void res.status(404).type('text/plain').send('Not found\n'));
  // Express tells an error handler by its four parameters.
  app.use((err, req, res, _next) => {
    const status = Number(err?.status ?? err?.statusCode);
    const code = status >= 400 && status < 500 ? status : 500;
    if (res.headersSent) return void res.destroy();
    res
      .status(code)
      .type('text/plain')
      .send(code === 500 ? 'Server error\n' : 'Bad request\n');
  });
}
