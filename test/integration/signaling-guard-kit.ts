/**
 * What the signaling-guard integration tests share (signaling-guard.test.ts,
 * signaling-address-limits.test.ts): a PeerServer behind the guard on a free loopback port, raw
 * WebSocket clients from chosen source addresses, PeerJS-shaped OFFERs, and the cleanup after each
 * test (useGuardCleanup).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, vi } from 'vitest';
import WebSocket from 'ws';
import { readSignalingEnv, signalingApp } from '../../scripts/signaling.mjs';
import type { SignalingLimits } from '../../scripts/signaling-limits.mjs';
import { tokenHash } from '../../scripts/signaling-guard.mjs';

export type First = { type: string; payload?: { msg?: string } } | { closed: number } | { http: number };

export interface Client {
  ws: WebSocket;
  first: Promise<First>;
  received: Array<{ type: string; src?: string; payload?: unknown }>;
  closed: Promise<number>;
}

export const servers: http.Server[] = [];
export const clients: WebSocket[] = [];

/** Registers this test file's cleanup: every client and server a test opened goes after it. */
export function useGuardCleanup(): void {
  afterEach(async () => {
    for (const ws of clients.splice(0)) ws.terminate();
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
    vi.restoreAllMocks();
  });
}

/** A PeerServer behind the guard on 127.0.0.1:<free port>, with these limits over the defaults. */
export async function startServer(
  over: Partial<SignalingLimits> = {},
): Promise<{ port: number; logs: string[]; stats: () => Record<string, number> }> {
  const read = readSignalingEnv({}, { webPort: 0, peerPort: 0 });
  if (!read.ok) throw new Error(read.errors.join());
  const s = { ...read.value, limits: { ...read.value.limits, ...over } };
  const logs: string[] = [];
  vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void logs.push(String(line)));
  const server = http.createServer();
  const app = signalingApp(server, s);
  server.on('request', app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  const guard = (app.locals.signaling as { guard: { stats(): Record<string, number> } }).guard;
  return { port: (server.address() as AddressInfo).port, logs, stats: () => guard.stats() };
}

export function connect(
  port: number,
  id: string,
  token: string,
  o: { from?: string; xff?: string; takeover?: string; claim?: string } = {},
): Client {
  const url = `ws://127.0.0.1:${port}/peerjs/peerjs?key=peerjs&id=${id}&token=${token}${o.takeover ? `&takeover=${tokenHash(o.takeover)}` : ''}${o.claim ? `&claim=${o.claim}` : ''}`;
  const ws = new WebSocket(url, {
    localAddress: o.from ?? '127.0.0.1',
    headers: o.xff ? { 'x-forwarded-for': o.xff } : {},
  });
  clients.push(ws);
  const received: Client['received'] = [];
  let settle: (f: First) => void = () => undefined;
  const first = new Promise<First>((r) => (settle = r));
  const closed = new Promise<number>((r) => ws.on('close', (code) => (settle({ closed: code }), r(code))));
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as { type: string };
    received.push(m);
    settle(m);
  });
  ws.on('unexpected-response', (_req, res) => (settle({ http: res.statusCode ?? 0 }), ws.terminate()));
  ws.on('error', () => undefined);
  return { ws, first, received, closed };
}

/**
 * Two sockets from one address at once, then a third once they are open: the socket cap (2) is
 * what refuses the third. (All three at once could land within the connect bucket's refill time,
 * its capacity being the socket cap too, and be refused as too fast instead: a flaky 429.)
 */
export async function openThird(
  port: number,
  prefix: string,
  o: { from?: string; xff: string | ((i: number) => string) },
): Promise<First[]> {
  const opts = (i: number): { from?: string; xff: string } => ({
    ...(o.from ? { from: o.from } : {}),
    xff: typeof o.xff === 'string' ? o.xff : o.xff(i),
  });
  const firstTwo = await Promise.all([0, 1].map((i) => connect(port, `${prefix}${i}`, 't', opts(i)).first));
  return [...firstTwo, await connect(port, `${prefix}2`, 't', opts(2)).first];
}

export const typeOf = (f: First): string =>
  'type' in f ? f.type : 'closed' in f ? `closed ${f.closed}` : `http ${f.http}`;
export let offers = 0;
/** An OFFER as PeerJS sends it: a fresh connection id each time (the relay tracks connections by it). */
export const offer = (dst: string, bytes = 100): string =>
  JSON.stringify({ type: 'OFFER', dst, payload: { sdp: 'x'.repeat(bytes), connectionId: `dc_${++offers}` } });
export const until = async (cond: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};
