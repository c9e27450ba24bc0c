/**
 * Attack scripts for the door tests (issue 21): what a stranger with only the room id can send,
 * from its own loopback address (127.0.0.x; the signaling server counts per address), each bounded
 * in time and count, aimed only at the test's own server on 127.0.0.1.
 *
 *  - `floodSignaling`: signaling sockets that relay OFFERs (real SDP, the project's own shape, so
 *    the host would build a connection for each if it obeyed), OFFERs asking for PeerJS's 'binary'
 *    serializer, CANDIDATEs for connections that do not exist, and near-cap junk messages, as fast
 *    as the server lets them; a socket the server closes is reopened.
 *  - `halfOpenRequests`: HTTP requests whose headers never finish.
 * Each returns counters and a `stop()`.
 */
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { RTCPeerConnection } from 'node-datachannel/polyfill';

export interface FloodCounters {
  sockets: number;
  refused: number;
  sent: number;
}

export interface Flood {
  readonly counters: FloodCounters;
  stop(): void;
}

/** One real offer SDP (a data channel, host candidates) to paste into every flooding OFFER. */
export async function realOfferSdp(): Promise<string> {
  const pc = new RTCPeerConnection({ iceServers: [] });
  pc.createDataChannel('x');
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  const sdp = pc.localDescription?.sdp ?? offer.sdp ?? '';
  pc.close();
  return sdp;
}

const rand = (n: number): string =>
  Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');

/** The messages of one round, in the mix the attacks used. */
function round(hostId: string, sdp: string, i: number): string[] {
  const id = `dc_${rand(10)}`;
  const raw = {
    sdp: { type: 'offer', sdp },
    type: 'data',
    connectionId: id,
    label: id,
    reliable: true,
    serialization: 'raw',
  };
  return [
    JSON.stringify({ type: 'OFFER', dst: hostId, payload: raw }),
    JSON.stringify({
      type: 'OFFER',
      dst: hostId,
      payload: { ...raw, connectionId: `${id}b`, label: `${id}b`, serialization: 'binary' },
    }),
    JSON.stringify({
      type: 'CANDIDATE',
      dst: hostId,
      payload: {
        type: 'data',
        connectionId: `dc_stray${i}`,
        candidate: {
          candidate: `candidate:1 1 udp 2122260223 10.9.${i % 250}.1 ${1000 + (i % 60000)} typ host`,
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
      },
    }),
    JSON.stringify({
      type: 'CANDIDATE',
      dst: hostId,
      payload: { type: 'data', connectionId: `dc_big${i}`, candidate: { candidate: 'x'.repeat(7000) } },
    }),
  ];
}

export function floodSignaling(
  base: string,
  from: string,
  hostId: string,
  sdp: string,
  messagesPerSecond: number,
): Flood {
  const counters: FloodCounters = { sockets: 0, refused: 0, sent: 0 };
  let stopped = false;
  let current: WebSocket | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let i = 0;
  const open = (): void => {
    if (stopped) return;
    const url = new URL(`peerjs/peerjs?key=peerjs&id=a${rand(12)}&token=${rand(16)}`, base);
    url.protocol = 'ws:';
    const ws = new WebSocket(url, { localAddress: from });
    current = ws;
    counters.sockets += 1;
    ws.on('message', (d) => {
      const type = (JSON.parse(d.toString()) as { type?: string }).type;
      if (type !== 'OPEN' || timer !== null) return;
      // Send in 20 ms slices at the asked rate until the server closes us.
      timer = setInterval(() => {
        for (let k = 0; k < Math.max(1, messagesPerSecond / 50) && ws.readyState === WebSocket.OPEN; k++) {
          for (const m of round(hostId, sdp, i++)) {
            ws.send(m);
            counters.sent += 1;
          }
        }
      }, 20);
    });
    const again = (): void => {
      if (timer !== null) clearInterval(timer);
      timer = null;
      current = null;
      if (!stopped) setTimeout(open, 300);
    };
    ws.on('unexpected-response', () => (counters.refused += 1));
    ws.on('error', () => undefined);
    ws.on('close', again);
  };
  open();
  return {
    counters,
    stop: () => {
      stopped = true;
      if (timer !== null) clearInterval(timer);
      current?.terminate();
    },
  };
}

/** `count` requests to the page's server from `from`, each sending half its headers and then nothing. */
export function halfOpenRequests(host: string, port: number, from: string, count: number): Flood {
  const counters: FloodCounters = { sockets: 0, refused: 0, sent: 0 };
  const sockets: Socket[] = [];
  for (let k = 0; k < count; k++) {
    const s = connect({ host, port, localAddress: from }, () => {
      counters.sockets += 1;
      s.write(`GET /?${k} HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `);
      counters.sent += 1;
    });
    s.on('error', () => (counters.refused += 1));
    s.on('close', () => undefined);
    sockets.push(s);
  }
  return { counters, stop: () => sockets.forEach((s) => s.destroy()) };
}
