/**
 * The health endpoint: `GET /health` answers the HealthReport as JSON, 200 while the server keeps
 * its tick (`ok`), 503 otherwise, so a load balancer or a liveness probe can read the status code
 * alone. `GET /world` answers the players' positions of the latest sample (WorldDump, 503 before
 * the first). Anything else is 404; only GET and HEAD are answered.
 *
 * Inputs: where to listen, a function producing the current report. Output: the bound address
 * (port 0 picks a free one). Invariant: a report that throws answers 500, never crashes the host.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HealthReport, WorldDump } from './health';

export interface HealthServer {
  url: string;
  close(): Promise<void>;
}

export function serveHealth(
  host: string,
  port: number,
  report: () => HealthReport,
  world: () => WorldDump | null = () => null,
): Promise<HealthServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/world') {
      const dump = world();
      res
        .writeHead(dump ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(req.method === 'HEAD' ? undefined : JSON.stringify(dump) + '\n');
      return;
    }
    if (path !== '/health' && path !== '/healthz') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: try /health\n');
      return;
    }
    let body: string;
    let status: number;
    try {
      const r = report();
      body = JSON.stringify(r, null, 2) + '\n';
      status = r.ok ? 200 : 503;
    } catch (err) {
      body =
        JSON.stringify({ ok: false, status: `report failed: ${err instanceof Error ? err.message : String(err)}` }) +
        '\n';
      status = 500;
    }
    res
      .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const addr = server.address() as AddressInfo;
      const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
      resolve({
        url: `http://${shown}:${addr.port}/health`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
