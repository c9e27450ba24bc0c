/**
 * The web server's own defenses, below express and the signaling guard: a request that is never
 * finished, or thousands of connections from one address, must not hold the server's file
 * descriptors (then nobody could load the page or signal).
 *  - header and request timeouts (Node's `headersTimeout` / `requestTimeout`, checked every
 *    quarter of the header timeout rather than Node's default 30 s): a connection that sends
 *    nothing, half a request line or half its headers is answered 408 and closed;
 *  - TCP connections open per client address (the raw `connection` event, before any byte is
 *    parsed): past the cap a new connection is closed at once. Behind a trusted reverse proxy
 *    (REWIND_TRUST_PROXY) the proxy's connections are not capped: the proxy is where that limit
 *    belongs, since every client arrives through it;
 *  - every refusal and timeout writes one rate-limited log line (limit-log.mjs).
 * Upgraded sockets (the signaling WebSockets) leave Node's timeouts when they upgrade and stay
 * counted against their address until they close.
 *
 * Inputs: limits (signaling-limits.mjs: httpMaxConnections, httpHeadersTimeoutMs,
 *   httpRequestTimeoutMs, trustProxy), optional clock and log sink.
 * Outputs: `createWebServer(limits, options)` → an http.Server with the limits applied; its
 *   `stats()` is on `server.httpGuard`.
 * Invariant: an address holds at most `httpMaxConnections` sockets of this server at once.
 */
import http from 'node:http';
import { addressKey } from './client-address.mjs';
import { LimitLog } from './limit-log.mjs';

const STATUS = {
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
};

/**
 * @param {{ httpMaxConnections: number, httpHeadersTimeoutMs: number, httpRequestTimeoutMs: number, trustProxy: ((addr: string, hop: number) => boolean) | null }} limits
 * @param {{ now?: () => number, log?: (line: string) => void }} options
 */
export function createWebServer(limits, options = {}) {
  const server = http.createServer({
    headersTimeout: limits.httpHeadersTimeoutMs,
    requestTimeout: limits.httpRequestTimeoutMs,
    connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.round(limits.httpHeadersTimeoutMs / 4))),
  });
  const log = new LimitLog(
    options.log ?? ((line) => console.warn(line)),
    options.now ?? (() => performance.now()),
    undefined,
    undefined,
    '[http]',
  );
  /** @type {Map<string, number>} */
  const open = new Map();
  const counters = { connections: 0, refused: 0, timeouts: 0, badRequests: 0, mostOpen: 0 };

  server.on('connection', (socket) => {
    const raw = socket.remoteAddress;
    if (limits.trustProxy && raw && limits.trustProxy(raw, 0)) return;
    const addr = addressKey(raw);
    const n = open.get(addr) ?? 0;
    if (n >= limits.httpMaxConnections) {
      counters.refused += 1;
      log.hit(
        'connections',
        addr,
        `${addr} has ${limits.httpMaxConnections} connections open (REWIND_HTTP_MAX_CONNECTIONS): closed another`,
      );
      socket.destroy();
      return;
    }
    open.set(addr, n + 1);
    counters.connections += 1;
    counters.mostOpen = Math.max(counters.mostOpen, n + 1);
    socket.once('close', () => {
      const left = (open.get(addr) ?? 1) - 1;
      if (left > 0) open.set(addr, left);
      else open.delete(addr);
    });
  });

  // Replaces Node's default answer (same statuses), adding the log line.
  server.on('clientError', (err, socket) => {
    const code = /** @type {{ code?: string }} */ (err).code ?? '';
    if (code !== 'ECONNRESET' && socket.writable && !socket._httpMessage?.headersSent) {
      const addr = addressKey(socket.remoteAddress);
      if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
        counters.timeouts += 1;
        log.hit(
          'timeout',
          addr,
          `${addr} did not send a whole request within ${limits.httpHeadersTimeoutMs / 1000} s (headers) / ${limits.httpRequestTimeoutMs / 1000} s (REWIND_HTTP_HEADERS_TIMEOUT_S / REWIND_HTTP_REQUEST_TIMEOUT_S): closed with 408`,
        );
      } else {
        counters.badRequests += 1;
        log.hit('bad-request', addr, `${addr} sent a malformed request (${code || 'parse error'}): closed`);
      }
      socket.write(`HTTP/1.1 ${STATUS[code] ?? '400 Bad Request'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    socket.destroy();
  });

  server.httpGuard = {
    stats: () => ({ ...counters, addresses: open.size, open: [...open.values()].reduce((a, b) => a + b, 0) }),
  };
  return server;
}
