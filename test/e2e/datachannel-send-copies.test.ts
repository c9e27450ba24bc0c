/**
 * What the host's worker relies on when it hands a DataChannel views of one datagram buffer it
 * reuses every tick (src/protocol/datagram-arena.ts, ServerRuntime's `copiesOnPost`):
 * `RTCDataChannel.send(view)` copies the bytes before it returns. Checked in real Chromium over a
 * loopback pair of RTCPeerConnections, on the page and on a channel transferred into a worker (as
 * the host transfers each joiner's): every message is sent from the same slab, overwritten at once
 * after each send, and every message must arrive as it was when sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';

const PAGE = `<!doctype html><script>
window.sendFromSlab = async (inWorker) => {
  const a = new RTCPeerConnection(), b = new RTCPeerConnection();
  a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
  b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
  const dc = a.createDataChannel('datagrams', { ordered: false, maxRetransmits: 0 });
  const got = [];
  b.ondatachannel = (e) => { e.channel.binaryType = 'arraybuffer'; e.channel.onmessage = (m) => got.push(Array.from(new Uint8Array(m.data))); };
  await a.setLocalDescription(); await b.setRemoteDescription(a.localDescription);
  await b.setLocalDescription(); await a.setRemoteDescription(b.localDescription);
  const send = 'const slab = new Uint8Array(64); for (let k = 0; k < 50; k++) { slab.fill(k, 0, 8); dc.send(slab.subarray(0, 8)); slab.fill(200, 0, 8); }';
  if (inWorker) {
    const src = 'onmessage = (e) => { const dc = e.data; const go = () => { ' + send + ' postMessage(0); }; if (dc.readyState === "open") go(); else dc.onopen = go; };';
    const w = new Worker(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })));
    // A channel can be transferred only in the task that creates it (the host does the same).
    const moved = a.createDataChannel('moved', { ordered: false, maxRetransmits: 0 });
    w.postMessage(moved, [moved]);
    await new Promise((r) => (w.onmessage = r));
  } else {
    await new Promise((r) => (dc.readyState === 'open' ? r() : (dc.onopen = r)));
    new Function('dc', send)(dc);
  }
  const until = Date.now() + 5000;
  while (got.length < 50 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  return got;
};
</script>`;

describe('RTCDataChannel.send copies the bytes of a view', () => {
  let browser: Browser;
  let server: http.Server;
  let url = '';

  beforeAll(async () => {
    server = http
      .createServer((_req, res) => res.setHeader('content-type', 'text/html').end(PAGE))
      .listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  for (const where of ['page', 'worker'] as const) {
    it(`on the ${where}: a slab overwritten right after each send delivers every message as sent`, async () => {
      const page = await browser.newPage();
      await page.goto(url);
      const got = await page.evaluate(
        (inWorker) => (window as unknown as { sendFromSlab(w: boolean): Promise<number[][]> }).sendFromSlab(inWorker),
        where === 'worker',
      );
      await page.close();
      // Loopback loses nothing in practice; what arrived must hold the bytes as sent, never the overwrite.
      expect(got.length).toBeGreaterThan(40);
      for (const m of got) expect(m).toEqual(new Array(8).fill(m[0]));
      expect(got.some((m) => m[0] === 200)).toBe(false);
    });
  }
});
