/**
 * A signaling socket that cannot connect must not kill the dedicated host: `ws` emits an 'error'
 * that throws when nobody listens, and PeerJS only listens for 'close'. The installed WebSocket
 * handles it, remembers why (for the retry's log line), and still closes, which PeerJS sees.
 */
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { installWebRtcGlobals } from '../../../src/dedicated/webrtc-globals';

const g = globalThis as Record<string, unknown>;
const saved = Object.fromEntries(
  ['RTCPeerConnection', 'RTCSessionDescription', 'RTCIceCandidate', 'WebSocket'].map((k) => [k, g[k]]),
);
afterAll(() => Object.assign(g, saved));

/** A port nothing listens on (bound, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('installWebRtcGlobals', () => {
  it('gives PeerJS a WebSocket whose refused connection closes quietly and is remembered', async () => {
    delete g.WebSocket;
    const globals = installWebRtcGlobals(null);
    const port = await freePort();
    const Ws = g.WebSocket as new (url: string) => { onclose: (() => void) | null };
    const socket = new Ws(`ws://127.0.0.1:${port}/peerjs`);
    await new Promise<void>((resolve) => (socket.onclose = () => resolve()));
    expect(globals.lastSocketError()).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
  });
});
