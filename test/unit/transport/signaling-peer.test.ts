// SignalingPeer behaves as a PeerJS Peer did for signaling-reconnect.ts, and drops what it cannot read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { takeoverHash } from '../../../src/lobby/host-key';
import { SignalingPeer, signalingUrl } from '../../../src/transport/signaling-peer';

const OPTS = { host: '127.0.0.1', port: 9000, path: '/peerjs', key: 'peerjs', secure: false, iceServers: [] };

/** A WebSocket the test drives: it records what was sent and lets the test play the server. */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string): void {
    this.sent.push(text);
  }
  close(): void {
    this.readyState = 3;
  }
  serverOpens(): void {
    this.readyState = 1;
    this.onopen?.();
    this.onmessage?.({ data: '{"type":"OPEN"}' });
  }
  serverSays(data: unknown): void {
    this.onmessage?.({ data });
  }
  serverCloses(): void {
    this.readyState = 3;
    this.onclose?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.made = [];
});

describe('SignalingPeer', () => {
  it("registers with a CSPRNG id and token in PeerJS's URL shape", () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const a = new SignalingPeer(OPTS);
    const b = new SignalingPeer(OPTS, 'rewind-room');
    expect(a.token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(a.token).not.toBe(b.token);
    const url = new URL(FakeSocket.made[1]!.url);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('ws://127.0.0.1:9000/peerjs/peerjs');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'peerjs',
      id: 'rewind-room',
      token: b.token,
      version: '1.5.5',
    });
    expect(signalingUrl({ ...OPTS, secure: true, path: 'x/' }, 'i', 't')).toBe(
      'wss://127.0.0.1:9000/x/peerjs?key=peerjs&id=i&token=t&version=1.5.5',
    );
  });

  it('says why before it says disconnected, and reconnects with the same id and token', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const peer = new SignalingPeer(OPTS, 'rewind-room');
    const seen: string[] = [];
    peer.on('open', () => seen.push('open'));
    peer.on('disconnected', () => seen.push('disconnected'));
    peer.on('error', (e) => seen.push(`error:${e.type}`));
    FakeSocket.made[0]!.serverOpens();
    FakeSocket.made[0]!.serverCloses();
    expect(seen).toEqual(['open', 'error:network', 'disconnected']);
    expect(peer.disconnected && !peer.destroyed).toBe(true);
    peer.reconnect();
    expect(FakeSocket.made[1]!.url).toBe(FakeSocket.made[0]!.url);
    FakeSocket.made[1]!.serverSays('{"type":"ID-TAKEN"}');
    expect(seen.slice(3)).toEqual(['error:unavailable-id', 'disconnected']);
    expect(peer.destroyed).toBe(false);
  });

  it('is destroyed when refused before it ever opened, and then sends nothing', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const peer = new SignalingPeer(OPTS, 'rewind-room');
    const errors: string[] = [];
    peer.on('error', (e) => errors.push(e.type));
    FakeSocket.made[0]!.serverSays('{"type":"ERROR","payload":{"msg":"Too many connections from your address"}}');
    expect(errors).toEqual(['server-error']);
    expect(peer.destroyed).toBe(true);
    expect(peer.send('OFFER', 'x', {})).toBe(false);
  });

  it('drops and counts frames it cannot read; relays the rest to the connection code only', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const peer = new SignalingPeer(OPTS);
    const relayed: string[] = [];
    peer.onSignal((m) => relayed.push(`${m.type}:${m.src}`));
    const ws = FakeSocket.made[0]!;
    ws.serverOpens();
    for (const junk of ['{', '[1]', '{"type":"__proto__"}', '{"type":"OFFER","src":7}', new ArrayBuffer(4)])
      ws.serverSays(junk);
    ws.serverSays('{"type":"OFFER","src":"joiner","payload":{}}');
    ws.serverSays('{"type":"HEARTBEAT"}');
    expect(peer.counters.malformed).toBe(5);
    expect(relayed).toEqual(['OFFER:joiner']);
  });

  it('closes the connections it owns when destroyed', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const peer = new SignalingPeer(OPTS);
    let closed = 0;
    peer.own(() => closed++);
    const disown = peer.own(() => closed++);
    disown();
    peer.destroy();
    expect(closed).toBe(1);
  });

  it('hashes a takeover token the way the server compares it, and puts only the hash in the URL', async () => {
    const token = 'aB3dE5fG7hI9jK1lM3nO5pQ7';
    const hash = await takeoverHash(token, crypto);
    expect(hash).toBe(createHash('sha256').update(token).digest('base64url'));
    const url = new URL(signalingUrl(OPTS, 'rewind-x', 'own', hash));
    expect(url.searchParams.get('takeover')).toBe(hash);
    expect(url.toString()).not.toContain(token);
  });

  it('heartbeats every 2 s while open, so a host whose network changed finds its socket dead within 2 s', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('WebSocket', FakeSocket);
      new SignalingPeer(OPTS, 'rewind-x');
      const ws = FakeSocket.made[0]!;
      ws.serverOpens();
      vi.advanceTimersByTime(1999);
      expect(ws.sent).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(ws.sent).toEqual(['{"type":"HEARTBEAT"}']);
      vi.advanceTimersByTime(2000);
      expect(ws.sent).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
