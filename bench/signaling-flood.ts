/**
 * `npx tsx bench/signaling-flood.ts [seconds=60]`: the signaling server's memory under a mixed
 * flood from four source addresses (127.0.0.2-5), all at once for `seconds`, while a real lobby
 * keeps working. Not part of `npm run bench` (it takes a minute); its numbers are quoted in
 * docs/SECURITY.md ("Signaling flood"). Loopback only.
 *
 * The server is the one `npm run serve` runs, production defaults, in its own process
 * (test/integration/fixtures/signaling-server.mjs, --expose-gc), so its heap is measured apart
 * from the clients. Each attacker address keeps opening sockets (up to and past the socket cap)
 * and sends, through whichever of them are open: offers to the host's id, candidates for
 * connection ids nobody opened, 8 KiB offers and candidates at a registered id that never reads,
 * offers to ids that do not exist, junk, a 64 KiB message now and then; and it holds as many
 * half-sent HTTP requests as the server lets it, plus GETs of /peerjs/peerjs/id.
 * Meanwhile a host (127.0.0.10) answers every offer it receives as PeerJS does (ANSWER + 4
 * CANDIDATEs) and a new joiner (127.0.0.11/.12) joins every 2 s.
 * Prints: the server's heap and rss before (after GC), at their peak, after the flood and once the
 * flood's held ids and connections expired (after GC), what it relayed and dropped, and how the
 * lobby fared. Nothing is asserted.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

interface Usage {
  rss: number;
  heapUsed: number;
  arrayBuffers: number;
}
interface Memory {
  now: Usage;
  peak: Usage;
  stats: Record<string, number>;
  http: Record<string, number>;
}
interface Wire {
  type: string;
  src?: string;
  payload?: { connectionId?: string };
}

const SECONDS = Number(process.argv[2] ?? 60);
const ATTACKERS = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const HOST = 'rewind-bench1';
const MiB = 1024 * 1024;

const script = fileURLToPath(new URL('../test/integration/fixtures/signaling-server.mjs', import.meta.url));
const child = fork(script, [], {
  execArgv: ['--expose-gc'],
  stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  env: { ...process.env, REWIND_TRUST_PROXY: '' },
});
let logLines = 0;
child.stderr?.on(
  'data',
  (d: Buffer) =>
    (logLines += d
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('[')).length),
);

const ask = (resetPeak = false): Promise<Memory> =>
  new Promise((resolve) => {
    const on = (m: { type: string } & Memory): void => {
      if (m.type !== 'memory') return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send({ type: 'memory', resetPeak });
  });

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
let port = 0;
let running = true;
let serial = 0;
/** Offers the attackers wrote to the host's id (on sockets that were open when written). */
let floodOffersSent = 0;
const all = new Set<WebSocket>();

function peer(id: string, from: string, onMessage?: (m: Wire, ws: WebSocket) => void): WebSocket {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/peerjs/peerjs?key=peerjs&id=${id}&token=t${id}`, {
    localAddress: from,
  });
  all.add(ws);
  ws.on('error', () => undefined);
  ws.on('close', () => all.delete(ws));
  if (onMessage) ws.on('message', (d: Buffer) => onMessage(JSON.parse(d.toString()) as Wire, ws));
  const beat = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"type":"HEARTBEAT"}'), 5000);
  ws.on('close', () => clearInterval(beat));
  return ws;
}

const msg = (type: string, dst: string, cid: string, pad = 100): string =>
  JSON.stringify({ type, dst, payload: { sdp: 'v'.repeat(pad), connectionId: cid, type: 'data' } });

/** One attacker address: a pool of sockets it keeps refilling, each tick a volley through one of them. */
async function attacker(from: string): Promise<void> {
  const pool: WebSocket[] = [];
  let tick = 0;
  while (running) {
    for (let i = pool.length - 1; i >= 0; i--) if (pool[i]!.readyState > WebSocket.OPEN) pool.splice(i, 1);
    if (pool.length < 70) pool.push(peer(`flood${++serial}`, from));
    const open = pool.filter((w) => w.readyState === WebSocket.OPEN);
    const ws = open[tick % Math.max(1, open.length)];
    if (ws) {
      const n = ++serial;
      for (let k = 0; k < 5; k++) ws.send(msg('OFFER', HOST, `o${n}_${k}`, 1500));
      floodOffersSent += 5;
      for (let k = 0; k < 5; k++) ws.send(msg('CANDIDATE', HOST, `nobody${n}_${k}`));
      ws.send(msg('OFFER', 'victim', `v${n}`, 7800));
      for (let k = 0; k < 3; k++) ws.send(msg('CANDIDATE', 'victim', `v${n - 1}`, 7800));
      ws.send(msg('OFFER', `ghost${n}`, 'g1', 1500));
      ws.send('{"type":"EXPIRE","dst":"' + HOST + '"}');
      ws.send('junk');
      if (tick % 50 === 0) ws.send(Buffer.alloc(64 * 1024, 0x61));
    }
    tick++;
    await sleep(20);
  }
  for (const w of pool) w.terminate();
}

/** Half-sent HTTP requests, as many as the server keeps open, and id requests. */
async function slowloris(from: string): Promise<void> {
  let open = 0;
  while (running) {
    while (open < 300) {
      open++;
      const sk = net.connect({ port, host: '127.0.0.1', localAddress: from }, () =>
        sk.write('GET / HTTP/1.1\r\nHost: x\r\n'),
      );
      sk.on('error', () => undefined);
      sk.on('close', () => open--);
    }
    http
      .get({ host: '127.0.0.1', port, path: '/peerjs/peerjs/id', localAddress: from, agent: false }, (res) =>
        res.resume(),
      )
      .on('error', () => undefined);
    await sleep(200);
  }
}

async function main(): Promise<void> {
  port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  let offersAtHost = 0;
  const host = peer(HOST, '127.0.0.10', (m, ws) => {
    if (m.type !== 'OFFER' || !m.src || !m.payload?.connectionId) return;
    offersAtHost++;
    ws.send(msg('ANSWER', m.src, m.payload.connectionId, 600));
    for (let k = 0; k < 4; k++) ws.send(msg('CANDIDATE', m.src, m.payload.connectionId));
  });
  const victim = peer('victim', '127.0.0.13');
  await Promise.all([host, victim].map((ws) => new Promise((r) => ws.once('message', r))));
  victim.pause();
  const before = await ask(true);

  const joins = { tried: 0, answered: 0 };
  const lobby = async (): Promise<void> => {
    while (running) {
      const i = joins.tried++;
      const ws = peer(`joiner${i}`, i % 2 ? '127.0.0.11' : '127.0.0.12', (m, w) => {
        if (m.type === 'OPEN') w.send(msg('OFFER', HOST, `dc_${i}`, 1500));
        if (m.type === 'ANSWER') (joins.answered++, w.close());
      });
      void ws;
      await sleep(2000);
    }
  };
  const started = performance.now();
  const work = [...ATTACKERS.map(attacker), ...ATTACKERS.map(slowloris), lobby()];
  await sleep(SECONDS * 1000);
  running = false;
  await Promise.all(work);
  const during = await ask();
  // Let the held half-open requests time out (10 s) and peer expire what it queued for absent ids.
  await sleep(12_000);
  const after = await ask();
  // Once the ids the flood held (REWIND_SIGNAL_ID_GRACE_S) and its connections (REWIND_SIGNAL_CONNECTION_TTL_S) expired.
  await sleep(62_000);
  const settled = await ask();
  const hostOpen = host.readyState === WebSocket.OPEN;
  const victimOpen = victim.readyState === WebSocket.OPEN;
  for (const ws of all) ws.terminate();
  child.disconnect();

  const mib = (n: number): string => (n / MiB).toFixed(1);
  const s = after.stats;
  console.log(
    `signaling flood, ${ATTACKERS.length} addresses, ${((performance.now() - started) / 1000).toFixed(0)} s (flood ${SECONDS} s), production defaults`,
  );
  console.log(
    `server heap MiB: before ${mib(before.now.heapUsed)}, peak ${mib(during.peak.heapUsed)}, after ${mib(after.now.heapUsed)}, 62 s later ${mib(settled.now.heapUsed)} (each after GC)`,
  );
  console.log(
    `server rss MiB:  before ${mib(before.now.rss)}, peak ${mib(during.peak.rss)}, after ${mib(after.now.rss)}; buffers peak ${mib(during.peak.arrayBuffers)}`,
  );
  console.log(
    `sockets: ${s.accepted} accepted, ${s.connectsRefused} × 429, ${s.socketsRefused} over the cap, ${s.messagesRefused} cut off for their message rate, ${s.oversized} oversized`,
  );
  console.log(
    `relayed ${s.relayed} (${s.repliesUncharged} uncharged replies); dropped: ${s.offersDropped} offers, ${s.unknownConnections} for unknown connections, ${s.connectionsFull} over a connection's caps, ${s.malformed} malformed, ${s.queueDrops} at a full queue`,
  );
  console.log(
    `http: ${after.http.connections} connections, ${after.http.refused} refused at the cap, ${after.http.timeouts} timed out, most open from one address ${after.http.mostOpen}`,
  );
  console.log(
    `ids held after the flood: ${after.stats.heldIds}, 62 s later: ${settled.stats.heldIds}; open connections: ${after.stats.openConnections}, then ${settled.stats.openConnections}`,
  );
  console.log(
    `lobby: host got ${offersAtHost} offers (of ${floodOffersSent} the flood sent it, plus ${joins.tried} joiners') and kept its socket: ${hostOpen}; the non-reading victim kept its socket: ${victimOpen}; joiners answered ${joins.answered} of ${joins.tried}`,
  );
  console.log(`log lines: ${logLines}`);
}

main().catch((err: unknown) => {
  console.error(err);
  child.kill();
  process.exit(1);
});
