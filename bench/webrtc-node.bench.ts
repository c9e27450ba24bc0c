/**
 * WebRTC for the dedicated host (issue 14): the Node WebRTC libraries that install from the npm
 * registry alone, side by side in one run. Each opens two peer connections in this process over
 * loopback with the negotiated channel the game uses for snapshots ({ ordered: false,
 * maxRetransmits: 0 }), reads back which options the channel reports, then sends 1150-byte
 * datagrams (the snapshot part limit) as fast as the send buffer allows for a fixed time.
 * Reported: set-up time, options honoured, messages and MB delivered per second, CPU ms per MB.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { BenchModule } from './run';

const require = createRequire(import.meta.url);
const SEND_MS = 2000;
const SIZE = 1150;
const HIGH_WATER = 256 * 1024;

type Rtc = new (config?: { iceServers: [] }) => RTCPeerConnection;

async function pair(
  RTC: Rtc,
): Promise<{ a: RTCPeerConnection; b: RTCPeerConnection; send: RTCDataChannel; recv: RTCDataChannel }> {
  const a = new RTC({ iceServers: [] });
  const b = new RTC({ iceServers: [] });
  a.onicecandidate = (e) => void (e.candidate && b.addIceCandidate(e.candidate).catch(() => undefined));
  b.onicecandidate = (e) => void (e.candidate && a.addIceCandidate(e.candidate).catch(() => undefined));
  const init = { negotiated: true, id: 3, ordered: false, maxRetransmits: 0 };
  const send = a.createDataChannel('u', init);
  const recv = b.createDataChannel('u', init);
  const offer = await a.createOffer();
  await a.setLocalDescription(offer);
  await b.setRemoteDescription(offer);
  const answer = await b.createAnswer();
  await b.setLocalDescription(answer);
  await a.setRemoteDescription(answer);
  const opened = (c: RTCDataChannel): Promise<void> =>
    c.readyState === 'open'
      ? Promise.resolve()
      : new Promise((r) => c.addEventListener('open', () => r(), { once: true }));
  await Promise.race([
    Promise.all([opened(send), opened(recv)]),
    new Promise((_, rej) => setTimeout(() => rej(new Error('channel did not open in 10 s')), 10_000)),
  ]);
  return { a, b, send, recv };
}

async function measure(name: string, RTC: Rtc): Promise<string> {
  const t0 = performance.now();
  const { a, b, send, recv } = await pair(RTC);
  const setupMs = performance.now() - t0;
  let got = 0;
  recv.onmessage = () => void got++;
  const payload = new Uint8Array(SIZE);
  let sent = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < SEND_MS) {
    while (send.bufferedAmount < HIGH_WATER && sent - got < 2000) {
      send.send(payload);
      sent++;
    }
    await new Promise((r) => setImmediate(r));
  }
  await new Promise((r) => setTimeout(r, 200));
  const cpu = process.cpuUsage(cpu0);
  const seconds = SEND_MS / 1000;
  const mb = (got * SIZE) / 1e6;
  const options = `ordered ${String(send.ordered)}, maxRetransmits ${String(send.maxRetransmits)}`;
  a.close();
  b.close();
  return `| ${name} | ${setupMs.toFixed(0)} | ${options} | ${Math.round(got / seconds)} | ${(mb / seconds).toFixed(1)} | ${(((sent - got) / Math.max(1, sent)) * 100).toFixed(1)} % | ${((cpu.user + cpu.system) / 1000 / Math.max(0.001, mb)).toFixed(1)} |`;
}

const bench: BenchModule = {
  name: 'webrtc-node',
  async run() {
    const rows: string[] = [];
    const candidates: Array<[string, () => Rtc]> = [
      [
        'node-datachannel 0.33 (libdatachannel; used)',
        () => (require('node-datachannel/polyfill') as { RTCPeerConnection: Rtc }).RTCPeerConnection,
      ],
      [
        '@roamhq/wrtc 0.10 (Google libwebrtc)',
        () => (require('@roamhq/wrtc') as { RTCPeerConnection: Rtc }).RTCPeerConnection,
      ],
    ];
    for (const [name, load] of candidates) {
      try {
        rows.push(await measure(name, load()));
      } catch (err) {
        rows.push(`| ${name} | failed: ${err instanceof Error ? err.message : String(err)} | | | | | |`);
      }
    }
    return [
      '## WebRTC libraries for the dedicated host (Node, loopback)',
      '',
      `Two peer connections in one process, a negotiated { ordered: false, maxRetransmits: 0 } channel, ${SIZE}-byte datagrams sent as fast as the send buffer allows for ${SEND_MS / 1000} s. CPU is the whole process's (both ends) per MB delivered. \`werift\` is not listed: it needs Node 22.`,
      '',
      '| library | set-up ms | channel reports | messages/s | MB/s | lost | CPU ms per MB |',
      '|---|---:|---|---:|---:|---:|---:|',
      ...rows,
    ].join('\n');
  },
};

export default bench;
