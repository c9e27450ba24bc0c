/**
 * The signaling server's defenses against real sockets: the `peer` package's PeerServer behind
 * scripts/signaling-guard.mjs on loopback, clients from distinct source addresses (127.0.0.x:
 * Linux routes all of 127/8 to loopback) or through a trusted proxy's X-Forwarded-For.
 * Each test fails without the limit it names (they are switched on one at a time where possible).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { parseTrustProxy } from '../../scripts/client-address.mjs';
import { readSignalingEnv, signalingApp } from '../../scripts/signaling.mjs';
import type { SignalingLimits } from '../../scripts/signaling-limits.mjs';
import { tokenHash } from '../../scripts/signaling-guard.mjs';

type First = { type: string; payload?: { msg?: string } } | { closed: number } | { http: number };

interface Client {
  ws: WebSocket;
  first: Promise<First>;
  received: Array<{ type: string; src?: string; payload?: unknown }>;
  closed: Promise<number>;
}

const servers: http.Server[] = [];
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const ws of clients.splice(0)) ws.terminate();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  vi.restoreAllMocks();
});

/** A PeerServer behind the guard on 127.0.0.1:<free port>, with these limits over the defaults. */
async function startServer(over: Partial<SignalingLimits> = {}): Promise<{ port: number; logs: string[]; stats: () => Record<string, number> }> {
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

function connect(port: number, id: string, token: string, o: { from?: string; xff?: string; takeover?: string; claim?: string } = {}): Client {
  const url = `ws://127.0.0.1:${port}/peerjs/peerjs?key=peerjs&id=${id}&token=${token}${o.takeover ? `&takeover=${tokenHash(o.takeover)}` : ''}${o.claim ? `&claim=${o.claim}` : ''}`;
  const ws = new WebSocket(url, { localAddress: o.from ?? '127.0.0.1', headers: o.xff ? { 'x-forwarded-for': o.xff } : {} });
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
async function openThird(port: number, prefix: string, o: { from?: string; xff: string | ((i: number) => string) }): Promise<First[]> {
  const opts = (i: number): { from?: string; xff: string } => ({ ...(o.from ? { from: o.from } : {}), xff: typeof o.xff === 'string' ? o.xff : o.xff(i) });
  const firstTwo = await Promise.all([0, 1].map((i) => connect(port, `${prefix}${i}`, 't', opts(i)).first));
  return [...firstTwo, await connect(port, `${prefix}2`, 't', opts(2)).first];
}

const typeOf = (f: First): string => ('type' in f ? f.type : 'closed' in f ? `closed ${f.closed}` : `http ${f.http}`);
let offers = 0;
/** An OFFER as PeerJS sends it: a fresh connection id each time (the relay tracks connections by it). */
const offer = (dst: string, bytes = 100): string => JSON.stringify({ type: 'OFFER', dst, payload: { sdp: 'x'.repeat(bytes), connectionId: `dc_${++offers}` } });
const until = async (cond: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('ids held for their owner', () => {
  it("keeps a dropped host id for its token: an impostor gets ID-TAKEN, the owner gets it back and its offers", async () => {
    const { port, logs } = await startServer();
    const host = connect(port, 'rewind-aaaa', 'hosttoken');
    expect(typeOf(await host.first)).toBe('OPEN');
    host.ws.close();
    await host.closed;
    const impostor = connect(port, 'rewind-aaaa', 'impostor', { from: '127.0.0.9' });
    expect(typeOf(await impostor.first)).toBe('ID-TAKEN');
    expect(logs.some((l) => /127\.0\.0\.9 asked for id "rewind-aaaa" \(held for its owner for \d+ s more\)/.test(l))).toBe(true);
    const back = connect(port, 'rewind-aaaa', 'hosttoken');
    expect(typeOf(await back.first)).toBe('OPEN');
    // The id routes to the real host again.
    const joiner = connect(port, 'joiner1', 'jt');
    await joiner.first;
    joiner.ws.send(offer('rewind-aaaa'));
    await until(() => back.received.some((m) => m.type === 'OFFER' && m.src === 'joiner1'));
  });

  it('frees the id after the grace period', async () => {
    const { port } = await startServer({ idGraceMs: 200 });
    const host = connect(port, 'rewind-bbbb', 'hosttoken');
    await host.first;
    host.ws.close();
    await host.closed;
    await new Promise((r) => setTimeout(r, 300));
    expect(typeOf(await connect(port, 'rewind-bbbb', 'someone').first)).toBe('OPEN');
  });

  it('lets the owner back in while its old socket is open but silent (a silent drop), closing the old one', async () => {
    const { port } = await startServer({ replaceSilenceMs: 300 });
    const old = connect(port, 'rewind-cccc', 'hosttoken');
    await old.first;
    // This test socket sends no heartbeat: after the replace silence it counts as gone.
    await new Promise((r) => setTimeout(r, 400));
    const fresh = connect(port, 'rewind-cccc', 'hosttoken');
    expect(typeOf(await fresh.first)).toBe('OPEN');
    await old.closed;
    expect(typeOf(await connect(port, 'rewind-cccc', 'other').first)).toBe('ID-TAKEN');
  });

  it("never lets a takeover token take the id from a live host that heartbeats; once it took over, never lets the old host's token take it back", async () => {
    const { port, logs } = await startServer({ replaceSilenceMs: 600 });
    const host = connect(port, 'rewind-eeee', 'hosttoken', { takeover: 'succtoken' });
    expect(typeOf(await host.first)).toBe('OPEN');
    const heartbeat = setInterval(() => host.ws.send(JSON.stringify({ type: 'HEARTBEAT' })), 100);
    try {
      await new Promise((r) => setTimeout(r, 800));
      const early = connect(port, 'rewind-eeee', 'succown', { from: '127.0.0.6', claim: 'succtoken' });
      expect(typeOf(await early.first)).toBe('ID-TAKEN');
      expect(logs.some((l) => l.includes('127.0.0.6 asked for id "rewind-eeee" (in use) with its takeover token while the owner still speaks: refused'))).toBe(true);
    } finally {
      clearInterval(heartbeat);
    }
    // Once the host falls silent, its successor's takeover token replaces it...
    await new Promise((r) => setTimeout(r, 700));
    const successor = connect(port, 'rewind-eeee', 'succown', { from: '127.0.0.6', takeover: 'nexttoken', claim: 'succtoken' });
    expect(typeOf(await successor.first)).toBe('OPEN');
    const beat = setInterval(() => successor.ws.send(JSON.stringify({ type: 'HEARTBEAT' })), 100);
    try {
      // ...and the old host coming back with its own token, or a second successor with the same
      // claim, is refused: never two hosts.
      await new Promise((r) => setTimeout(r, 200));
      expect(typeOf(await connect(port, 'rewind-eeee', 'hosttoken', { from: '127.0.0.7' }).first)).toBe('ID-TAKEN');
      expect(typeOf(await connect(port, 'rewind-eeee', 'secondown', { from: '127.0.0.9', claim: 'succtoken' }).first)).toBe('ID-TAKEN');
      // The successor still owns the id: offers reach it.
      const joiner = connect(port, 'joiner2', 'jt');
      await joiner.first;
      joiner.ws.send(offer('rewind-eeee'));
      await until(() => successor.received.some((m) => m.type === 'OFFER' && m.src === 'joiner2'));
    } finally {
      clearInterval(beat);
    }
  });

  it("lets a live host's own token replace its socket at once (a new socket after its network changed)", async () => {
    const { port } = await startServer({ replaceSilenceMs: 60_000 });
    const host = connect(port, 'rewind-ffff', 'hosttoken', { takeover: 'succtoken' });
    expect(typeOf(await host.first)).toBe('OPEN');
    const again = connect(port, 'rewind-ffff', 'hosttoken', { from: '127.0.0.8', takeover: 'succtoken' });
    expect(typeOf(await again.first)).toBe('OPEN');
    await host.closed;
    const joiner = connect(port, 'joiner3', 'jt');
    await joiner.first;
    joiner.ws.send(offer('rewind-ffff'));
    await until(() => again.received.some((m) => m.type === 'OFFER' && m.src === 'joiner3'));
  });

  it('refuses a query that names the id twice (peer would register the last, we would check the first)', async () => {
    const { port } = await startServer();
    const host = connect(port, 'rewind-dddd', 'hosttoken');
    await host.first;
    host.ws.close();
    await host.closed;
    const sneaky = connect(port, 'harmless', 'x&id=rewind-dddd');
    expect(await sneaky.first).toEqual({ type: 'ERROR', payload: { msg: 'Invalid id, token or query' } });
  });
});

describe('per-address limits', () => {
  it('caps open sockets per address with a clear refusal; other addresses still get in', async () => {
    const { port, logs } = await startServer({ maxSockets: 4, connectsPerS: 1000 });
    // Four open first, then three more once the connect bucket (capacity = the socket cap, 4) has
    // refilled: seven at once could outrun the bucket and be refused as too fast (a flaky 429).
    const flood = Array.from({ length: 4 }, (_, i) => connect(port, `f${i}`, 't', { from: '127.0.0.2' }));
    await Promise.all(flood.map((c) => c.first));
    await new Promise((r) => setTimeout(r, 20));
    flood.push(...Array.from({ length: 3 }, (_, i) => connect(port, `f${4 + i}`, 't', { from: '127.0.0.2' })));
    const firsts = (await Promise.all(flood.map((c) => c.first))).map(typeOf);
    expect(firsts.filter((t) => t === 'OPEN')).toHaveLength(4);
    expect(firsts.filter((t) => t === 'ERROR')).toHaveLength(3);
    const refused = (await Promise.all(flood.map((c) => c.first))).find((f) => 'type' in f && f.type === 'ERROR');
    expect(refused).toMatchObject({ payload: { msg: 'Too many connections from your address (4 open); close some tabs and try again' } });
    expect(logs).toContain('[signaling] 127.0.0.2 has 4 sockets open (REWIND_SIGNAL_MAX_SOCKETS): refused another');
    expect(typeOf(await connect(port, 'host', 't', { from: '127.0.0.3' }).first)).toBe('OPEN');
    // Closing one frees a place.
    const open = flood.find((_, i) => firsts[i] === 'OPEN')!;
    open.ws.close();
    await open.closed;
    // The server counts the close once its own end of the socket closed: on a loaded machine that
    // can come a little after ours, so ask again a few times (a refusal is then retried, not final).
    let again = 'ERROR';
    for (let i = 0; i < 40 && again !== 'OPEN'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = typeOf(await connect(port, `again${i}`, 't', { from: '127.0.0.2' }).first);
    }
    expect(again).toBe('OPEN');
  });

  it('answers 429 to an address opening sockets faster than its connect rate', async () => {
    const { port, logs, stats } = await startServer({ maxSockets: 3, connectsPerS: 0.01 });
    const results = [];
    for (let i = 0; i < 5; i++) {
      const c = connect(port, `r${i}`, 't', { from: '127.0.0.4' });
      results.push(typeOf(await c.first));
      c.ws.close();
      await c.closed;
    }
    expect(results).toEqual(['OPEN', 'OPEN', 'OPEN', 'http 429', 'http 429']);
    expect(stats().connectsRefused).toBe(2);
    expect(logs.filter((l) => l.includes('127.0.0.4 opened more than 0.01 sockets/s'))).toHaveLength(1);
  });

  it('relays at most the burst of messages per address, then cuts the sender off with a reason', async () => {
    const { port, logs } = await startServer({ messagesPerS: 0.01, messageBurst: 5 });
    const target = connect(port, 'target', 't', { from: '127.0.0.3' });
    await target.first;
    const sender = connect(port, 'sender', 't', { from: '127.0.0.2' });
    await sender.first;
    for (let i = 0; i < 50; i++) sender.ws.send(offer('target'));
    await sender.closed;
    await new Promise((r) => setTimeout(r, 100));
    expect(target.received.filter((m) => m.type === 'OFFER')).toHaveLength(5);
    expect(sender.received.at(-1)).toEqual({ type: 'ERROR', payload: { msg: 'Too many signaling messages from your address; try again in a few seconds' } });
    expect(logs.some((l) => l.startsWith('[signaling] 127.0.0.2 sent more than 0.01 messages/s'))).toBe(true);
  });

  it('closes a socket that sends a message over the size cap (1009) and relays none of it', async () => {
    const { port, logs, stats } = await startServer({ maxMessageBytes: 2048 });
    const target = connect(port, 'target', 't');
    await target.first;
    const sender = connect(port, 'sender', 't', { from: '127.0.0.2' });
    await sender.first;
    sender.ws.send(offer('target', 1500));
    await until(() => target.received.length === 2);
    sender.ws.send(offer('target', 1024 * 1024));
    expect(await sender.closed).toBe(1009);
    expect(target.received).toHaveLength(2);
    expect(stats().oversized).toBe(1);
    expect(logs).toContain('[signaling] 127.0.0.2 sent a message over 2048 bytes (REWIND_SIGNAL_MAX_MESSAGE_BYTES): socket closed');
  });

  it('limits by the forwarded address only behind a trusted proxy', async () => {
    const trusted = parseTrustProxy('loopback');
    if (!trusted.ok) throw new Error(trusted.error);
    const { port } = await startServer({ maxSockets: 2, connectsPerS: 10_000, trustProxy: trusted.value });
    const a = await openThird(port, 'a', { xff: '198.51.100.1' });
    expect(a.map(typeOf)).toEqual(['OPEN', 'OPEN', 'ERROR']);
    expect(typeOf(await connect(port, 'b0', 't', { xff: '198.51.100.2' }).first)).toBe('OPEN');
  });

  it('ignores X-Forwarded-For without REWIND_TRUST_PROXY (a client cannot pick its own address) and says so once', async () => {
    const { port, logs } = await startServer({ maxSockets: 2, connectsPerS: 10_000 });
    const spoofed = await openThird(port, 's', { from: '127.0.0.5', xff: (i) => `203.0.113.${i}` });
    expect(spoofed.map(typeOf)).toEqual(['OPEN', 'OPEN', 'ERROR']);
    expect(logs.filter((l) => l.includes('REWIND_TRUST_PROXY is not set'))).toHaveLength(1);
  });

  it('answers 404 to upgrades on other paths instead of leaving them hanging', async () => {
    const { port } = await startServer();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`);
    clients.push(ws);
    const status = await new Promise<number>((r) => (ws.on('unexpected-response', (_q, res) => r(res.statusCode ?? 0)), ws.on('error', () => r(-1))));
    expect(status).toBe(404);
  });
});
