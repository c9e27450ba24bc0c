/**
 * The signaling guard's per-address limits against real sockets (see signaling-guard.test.ts):
 * open sockets, connect rate, message burst, message size, and which address counts (a trusted
 * proxy's X-Forwarded-For only), plus 404 for upgrades on other paths.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseTrustProxy } from '../../scripts/client-address.mjs';
import { useGuardCleanup, clients, startServer, connect, openThird, typeOf, offer, until } from './signaling-guard-kit';

useGuardCleanup();

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
    expect(refused).toMatchObject({
      payload: { msg: 'Too many connections from your address (4 open); close some tabs and try again' },
    });
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
    expect(sender.received.at(-1)).toEqual({
      type: 'ERROR',
      payload: { msg: 'Too many signaling messages from your address; try again in a few seconds' },
    });
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
    expect(logs).toContain(
      '[signaling] 127.0.0.2 sent a message over 2048 bytes (REWIND_SIGNAL_MAX_MESSAGE_BYTES): socket closed',
    );
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
    const status = await new Promise<number>(
      (r) => (ws.on('unexpected-response', (_q, res) => r(res.statusCode ?? 0)), ws.on('error', () => r(-1))),
    );
    expect(status).toBe(404);
  });
});
