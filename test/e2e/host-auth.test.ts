/**
 * Host authentication in real Chromium over real WebRTC (issue 11): a lobby's id taken over by an
 * impostor. The real host creates a lobby (its link names the lobby key's fingerprint) and leaves;
 * a script page (PeerJS alone, no game code) registers the lobby's id on the same PeerServer (with
 * the host's PeerJS token read from its traffic, which gets past the server's id hold), opens
 * the channels a joiner expects, records every byte it receives and answers the challenge with a
 * proof made with its own key. A joiner following the real link must say "This is not the host of
 * this lobby." and the impostor must have received the challenge and nothing else: no hello, no
 * name, no password, no browser token.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { decodeControl } from '../../src/protocol/control';
import { closePlayer, createLobby, joinByLink, launchChromium, openPlayer, waitIn, withParams } from './browser';

const PASSWORD = 'correct horse battery';
const NAME = 'Victim';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The impostor: registers `peerId`, accepts every connection, answers challenges with its own key. */
async function startImpostor(page: Page, peerId: string, token: string): Promise<void> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('peerjs/dist/peerjs.min.js') });
  await page.evaluate(
    async ({ id, token }) => {
      const cfg = (await (await fetch('/rewind-config.json')).json()) as { peer: { path: string; key: string } };
      interface Conn {
        peerConnection: RTCPeerConnection;
        on(event: 'data', cb: (data: ArrayBuffer) => void): void;
        send(data: Uint8Array): void;
      }
      interface ScriptPeer {
        on(event: 'error', cb: (e: Error) => void): void;
        on(event: 'open', cb: () => void): void;
        on(event: 'connection', cb: (conn: Conn) => void): void;
      }
      const w = window as unknown as {
        peerjs: { Peer: new (id: string, o: object) => ScriptPeer };
        impostor: { received: number[][]; ready: boolean; error: string | null };
      };
      w.impostor = { received: [], ready: false, error: null };
      const key = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
      const publicRaw = new Uint8Array(await crypto.subtle.exportKey('raw', key.publicKey));
      const peer = new w.peerjs.Peer(id, {
        host: location.hostname,
        port: Number(location.port),
        path: cfg.peer.path,
        key: cfg.peer.key,
        token,
        secure: false,
        config: { iceServers: [] },
      });
      peer.on('error', (e: Error) => (w.impostor.error = String(e)));
      peer.on('open', () => (w.impostor.ready = true));
      peer.on('connection', (conn) => {
        // The joiner waits for its negotiated unreliable channel too (docs/PROTOCOL.md "Channels").
        conn.peerConnection.createDataChannel('rewind-unreliable', {
          negotiated: true,
          id: 100,
          ordered: false,
          maxRetransmits: 0,
        });
        conn.on('data', async (data) => {
          const bytes = new Uint8Array(data);
          w.impostor.received.push([...bytes]);
          if (bytes[0] !== 9) return; // only an auth-challenge gets an answer
          const signature = new Uint8Array(
            await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key.privateKey, bytes.slice(3)),
          );
          // auth-proof: type 10, algorithm 0 (p256), 65-byte public key, 64-byte signature.
          conn.send(new Uint8Array([10, 0, ...publicRaw, ...signature]));
        });
      });
    },
    { id: peerId, token },
  );
  await waitIn(page, () => (window as unknown as { impostor: { ready: boolean } }).impostor.ready, undefined, 15_000);
}

/**
 * A host page with a password lobby, and the PeerJS token its signaling socket carries. Our
 * signaling server holds a dropped id for its owner's token (docs/SECURITY.md, "Signaling flood"),
 * but that token travels in the socket's URL: an attacker who reads the host's traffic or the
 * server's logs can reclaim the id. Host authentication must hold then.
 */
async function openLobby(): Promise<{ host: Page; link: string; hostToken: string }> {
  const host = await openPlayer(browser, withParams(inject('baseUrl'), { render: '0' }));
  const signalingUrls: string[] = [];
  host.on('websocket', (ws) => signalingUrls.push(ws.url()));
  const link = withParams(await createLobby(host, 'RealHost', { password: PASSWORD }), { render: '0' });
  const hostToken = signalingUrls.map((u) => new URL(u).searchParams.get('token')).find((t) => t !== null);
  expect(hostToken).toBeTruthy();
  return { host, link, hostToken: hostToken! };
}

describe('host authentication', () => {
  it('a joiner sent to an impostor on the lobby id refuses it and sends it no password', async () => {
    const { host, link, hostToken } = await openLobby();
    const url = new URL(link);
    const params = new URLSearchParams(url.hash.slice(1));
    expect(params.get('key')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const roomId = params.get('join')!;
    // The real host goes away (its signaling socket is gone), and someone else takes its id.
    await host.evaluate(() => window.rewind.leave());
    await closePlayer(host);
    // The impostor runs its own script on a page of the same origin (it needs the PeerServer's
    // config); an attacker is not bound by our page's Content-Security-Policy, so neither is it.
    const impostor = await (await browser.newContext({ bypassCSP: true })).newPage();
    await impostor.goto(withParams(inject('baseUrl'), { render: '0' }));
    await startImpostor(impostor, `rewind-${roomId}`, hostToken);

    const joiner = await joinByLink(browser, link, NAME, PASSWORD);
    expect(await joiner.evaluate(() => window.rewind.phase)).toBe('ended');
    expect(await joiner.textContent('#error-message')).toBe('This is not the host of this lobby.');

    const received = await impostor.evaluate(
      () => (window as unknown as { impostor: { received: number[][] } }).impostor.received,
    );
    const decoded = received.map((b) => decodeControl(new Uint8Array(b)));
    expect(decoded.map((m) => (m.ok ? m.value.type : 'undecodable'))).toEqual(['auth-challenge']);
    const everything = Buffer.from(received.flat()).toString('latin1');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(NAME);
    await closePlayer(joiner);
    await closePlayer(impostor);
  });

  it('the real host proves itself and the joiner gets in', async () => {
    const { host, link } = await openLobby();
    const joiner = await joinByLink(browser, link, NAME, PASSWORD);
    expect(await joiner.evaluate(() => window.rewind.lastError)).toBeNull();
    expect(await joiner.evaluate(() => window.rewind.phase)).toBe('lobby');
    expect(await host.evaluate(() => (window.rewind.stats().host as Record<string, number> | null)?.proofsSent)).toBe(
      1,
    );
    await closePlayer(joiner);
    await closePlayer(host);
  });
});
