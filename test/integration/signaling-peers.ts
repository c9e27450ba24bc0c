/**
 * Helpers for the signaling server's integration tests: the stack `npm run serve` runs (the web
 * server of scripts/http-guard.mjs, the hardening headers, the `peer` PeerServer behind the guard,
 * optionally a dist/ folder) on 127.0.0.1 in this process, and raw PeerJS-wire clients bound to a
 * chosen source address (127.0.0.x: Linux routes all of 127/8 to loopback).
 * Nothing here waits on wall-clock time for an assertion: `until` only turns a hang into a failure.
 */
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { plainFallbacks } from '../../scripts/http-headers.mjs';
import { createWebServer, type GuardedServer, type HttpGuardStats } from '../../scripts/http-guard.mjs';
import type { GuardStats } from '../../scripts/signaling-guard.mjs';
import type { SignalingLimits } from '../../scripts/signaling-limits.mjs';
import { readSignalingEnv, signalingApp } from '../../scripts/signaling.mjs';
import { staticSite } from '../../scripts/static-site.mjs';

export interface Wire {
  type: string;
  src?: string;
  dst?: string;
  payload?: { connectionId?: string; msg?: string; [k: string]: unknown };
}

export interface Peer {
  id: string;
  ws: WebSocket;
  /** The first message (a PeerJS type), or 'closed' / 'http <status>' before any. */
  first: Promise<string>;
  received: Wire[];
  /** Bytes of every message received. */
  bytes: { n: number };
  closed: Promise<number>;
  isClosed: () => boolean;
}

export interface Running {
  port: number;
  server: GuardedServer;
  logs: string[];
  stats: () => GuardStats;
  http: () => HttpGuardStats;
  stop: () => Promise<void>;
}

/** Starts the stack with these limits over the defaults; `dist` adds the game's files as `npm run serve` does. */
export async function startStack(over: Partial<SignalingLimits> = {}, dist?: string): Promise<Running> {
  const read = readSignalingEnv({}, { webPort: 0, peerPort: 0 });
  if (!read.ok) throw new Error(read.errors.join());
  const s = { ...read.value, limits: { ...read.value.limits, ...over } };
  const logs: string[] = [];
  const log = (line: string): void => void logs.push(line);
  const server = createWebServer(s.limits, { log });
  const app = signalingApp(server, s);
  if (dist) app.use(staticSite(dist));
  plainFallbacks(app);
  server.on('request', app);
  // The guard logs through console.warn, as in production: collect its lines until stop().
  const warn = console.warn;
  console.warn = (line: unknown) => void logs.push(String(line));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const guard = (app.locals.signaling as { guard: { stats(): GuardStats; close(): void } }).guard;
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (sk) => (sockets.add(sk), sk.once('close', () => sockets.delete(sk))));
  return {
    port: (server.address() as AddressInfo).port,
    server,
    logs,
    stats: () => guard.stats(),
    http: () => server.httpGuard.stats(),
    stop: async () => {
      console.warn = warn;
      guard.close();
      for (const sk of sockets) sk.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

const opened: WebSocket[] = [];

/** Terminates every client socket these helpers opened. */
export function closeAllPeers(): void {
  for (const ws of opened.splice(0)) ws.terminate();
}

/** A PeerJS-wire client for `id`, from source address `from`; `heartbeat` sends one every 5 s as PeerJS does. */
export function connectPeer(
  port: number,
  id: string,
  o: { from?: string; token?: string; heartbeat?: boolean } = {},
): Peer {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/peerjs/peerjs?key=peerjs&id=${id}&token=${o.token ?? 'tok'}`, {
    localAddress: o.from ?? '127.0.0.1',
  });
  opened.push(ws);
  const received: Wire[] = [];
  const bytes = { n: 0 };
  let closedNow = false;
  let settle: (s: string) => void = () => undefined;
  const first = new Promise<string>((r) => (settle = r));
  const closed = new Promise<number>((r) => ws.on('close', (code) => ((closedNow = true), settle('closed'), r(code))));
  ws.on('message', (d: Buffer) => {
    bytes.n += d.length;
    const m = JSON.parse(d.toString()) as Wire;
    received.push(m);
    settle(m.type);
  });
  ws.on('unexpected-response', (_req, res) => (settle(`http ${res.statusCode ?? 0}`), ws.terminate()));
  ws.on('error', () => undefined);
  if (o.heartbeat !== false) {
    const beat = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"type":"HEARTBEAT"}'), 5000);
    ws.on('close', () => clearInterval(beat));
  }
  return { id, ws, first, received, bytes, closed, isClosed: () => closedNow };
}

export const send = (p: Peer, m: Wire): void => p.ws.send(JSON.stringify(m));
export const offerTo = (dst: string, cid: string, sdpBytes = 600): Wire => ({
  type: 'OFFER',
  dst,
  payload: {
    sdp: { type: 'offer', sdp: 'v'.repeat(sdpBytes) },
    type: 'data',
    connectionId: cid,
    serialization: 'raw',
    reliable: true,
  },
});
export const candidateTo = (dst: string, cid: string, bytes = 80): Wire => ({
  type: 'CANDIDATE',
  dst,
  payload: { candidate: { candidate: 'c'.repeat(bytes), sdpMid: '0' }, type: 'data', connectionId: cid },
});
export const answerTo = (dst: string, cid: string): Wire => ({
  type: 'ANSWER',
  dst,
  payload: { sdp: { type: 'answer', sdp: 'v'.repeat(600) }, type: 'data', connectionId: cid },
});

/** Waits for `cond`; the deadline only turns a hang into a failure message, nothing asserts speed. */
export async function until(cond: () => boolean, what: string, ms = 60_000): Promise<void> {
  for (let waited = 0; !cond(); waited += 10) {
    if (waited > ms) throw new Error(`${what}: not reached`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The OFFERs `p` received from ids starting with `prefix`. */
export const offersFrom = (p: Peer, prefix: string): Wire[] =>
  p.received.filter((m) => m.type === 'OFFER' && m.src?.startsWith(prefix));

/** Every one of `peers` was let in (its first message is OPEN). */
export async function open(...peers: Peer[]): Promise<void> {
  expect(await Promise.all(peers.map((p) => p.first))).toEqual(peers.map(() => 'OPEN'));
}
