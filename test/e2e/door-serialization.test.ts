/**
 * Nothing a stranger sends runs before the lobby door (issue 21, attack 1): a hostile page with the
 * lobby link only (PeerJS alone, no game code) connects to the host's peer id asking for PeerJS's
 * 'binary' serializer, whose unpack() trusted a map's declared u32 count (`df ff ff ff ff` froze a
 * host's main thread for minutes, `dd ff ff ff ff` ran its heap out), and for odd serializer names
 * ('constructor' threw in the host page). The host must build no connection for such an offer,
 * count it, and stay a host an honest joiner reaches at once. The host page's longest main-thread
 * gap during the attack is measured and printed (not asserted: no wall-clock asserts in tests).
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hostPeerId } from '../../src/lobby/room-id';
import { readStalls, watchStalls } from './stall-watch';
import { createLobby, joinByLink, launchChromium, openPlayer, waitIn, withParams } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

interface Attack {
  opened: string[];
  errors: string[];
  sent: number;
}

/** The hostile page: one PeerJS connection per serializer name, each sending the 5 freezing bytes once open. */
async function attack(page: Page, hostId: string, serializations: string[]): Promise<void> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('peerjs/dist/peerjs.min.js') });
  await page.evaluate(
    async ({ hostId, serializations }) => {
      const cfg = (await (await fetch('/rewind-config.json')).json()) as { peer: { path: string; key: string } };
      interface Conn {
        on(event: 'open', cb: () => void): void;
        send(data: unknown): void;
        dataChannel?: RTCDataChannel;
      }
      interface ScriptPeer {
        on(event: 'open' | 'error', cb: (e?: unknown) => void): void;
        connect(id: string, o: object): Conn;
        socket: { send(m: object): void };
      }
      const w = window as unknown as { peerjs: { Peer: new (o: object) => ScriptPeer }; attack: Attack };
      w.attack = { opened: [], errors: [], sent: 0 };
      const peer = new w.peerjs.Peer({
        host: location.hostname,
        port: Number(location.port),
        path: cfg.peer.path,
        key: cfg.peer.key,
        secure: false,
        config: { iceServers: [] },
      });
      peer.on('error', (e) => w.attack.errors.push(String(e)));
      await new Promise<void>((resolve) => peer.on('open', () => resolve()));
      for (const serialization of serializations) {
        if (serialization !== 'binary' && serialization !== 'json') {
          // Names PeerJS itself would choke on: a real offer, sent raw through its signaling socket.
          const pc = new RTCPeerConnection({ iceServers: [] });
          pc.createDataChannel(`dc_${serialization.length}x`);
          const offer = await pc.createOffer();
          await pc.setLocalDescription(offer);
          const connectionId = `dc_odd${w.attack.errors.length}${serialization.length}`;
          peer.socket.send({
            type: 'OFFER',
            dst: hostId,
            payload: { sdp: offer, type: 'data', connectionId, label: connectionId, reliable: true, serialization },
          });
          continue;
        }
        const conn = peer.connect(hostId, { reliable: true, serialization });
        conn.on('open', () => {
          w.attack.opened.push(serialization);
          // A map of 2^32 − 1 entries, then an array of as many: what binarypack's unpack trusted.
          for (const bytes of [
            [0xdf, 0xff, 0xff, 0xff, 0xff],
            [0xdd, 0xff, 0xff, 0xff, 0xff],
          ]) {
            conn.dataChannel?.send(new Uint8Array(bytes));
            w.attack.sent += 1;
          }
        });
      }
    },
    { hostId, serializations },
  );
}

describe('an offer asking for another serializer never reaches a parser', () => {
  it("builds no connection for 'binary', 'json', 'constructor' or '__proto__' offers, counts them, and lets an honest joiner in", async () => {
    const base = inject('baseUrl');
    const host = await openPlayer(browser, withParams(base, { render: '0' }));
    const pageErrors: string[] = [];
    host.on('pageerror', (e) => pageErrors.push(e.message));
    const link = withParams(await createLobby(host, 'Host'), { render: '0' });
    const roomId = (await host.evaluate(() => window.rewind.roomId))!;
    await watchStalls(host);
    const builtBefore = (await host.evaluate(() => window.rewind.stats().host?.['connections.built'])) ?? -1;
    expect(builtBefore).toBe(0);

    // The attacker's own page on the game's origin (it needs /rewind-config.json), its CSP waived for the PeerJS script.
    const hostile = await (await browser.newContext({ bypassCSP: true })).newPage();
    await hostile.goto(withParams(base, { render: '0' }));
    await attack(hostile, hostPeerId(roomId), ['binary', 'json', 'constructor', '__proto__']);
    await waitIn(host, () => (window.rewind.stats().host?.['offers.malformed'] ?? 0) >= 4, undefined, 15_000);

    // An honest joiner gets in meanwhile, and is the only connection the host built.
    const friend = await joinByLink(browser, link, 'Friend');
    expect(await friend.evaluate(() => window.rewind.phase)).toBe('lobby');
    await waitIn(host, () => window.rewind.players().length === 2, undefined);
    const counters = await host.evaluate(() => window.rewind.stats().host!);
    const result = await hostile.evaluate(() => (window as unknown as { attack: Attack }).attack);
    const stall = (await readStalls(host)).max;
    console.log(
      `serializer attack: ${counters['offers.malformed']} offers refused unparsed, ${counters['connections.built']} connection(s) built, hostile channels opened: ${result.opened.length}, host's longest main-thread gap ${Math.round(stall)} ms`,
    );
    expect(result.opened).toEqual([]);
    expect(result.sent).toBe(0);
    expect(counters['connections.built']).toBe(1);
    expect(pageErrors).toEqual([]);
    expect(await host.evaluate(() => window.rewind.phase)).toBe('lobby');
  });
});
