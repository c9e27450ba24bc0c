/**
 * A bounded loopback load test of the signaling server (`npm run serve`'s PeerServer behind
 * scripts/signaling-guard.mjs, production defaults) in its own process
 * (fixtures/signaling-server.mjs), so its memory is measured apart from the clients.
 *
 * One address (127.0.0.2) opens FLOOD_ATTEMPTS sockets, FLOOD_CONCURRENCY at a time, and keeps
 * every one it gets; meanwhile a host (127.0.0.10) and two joiners (127.0.0.11, .12) register and
 * exchange offers, candidates and answers. Then the flood's open sockets send junk offers at the
 * host as fast as they can, and oversized messages (64 KiB each, two of 32 MiB).
 * Asserts counts and byte bounds only (no timing): the flood holds exactly maxSockets sockets, the
 * host sees at most the address's open offers of junk (relay-gate.mjs), every oversized message is refused
 * unread, the real lobby's messages all arrive, the log stays a handful of lines, and the server's
 * heap returns to where it started. The measured numbers are printed (docs/SECURITY.md).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { GuardStats } from '../../scripts/signaling-guard.mjs';
import { LIMIT_DEFAULTS } from '../../scripts/signaling-limits.mjs';

const FLOOD_ATTEMPTS = 2000;
const FLOOD_CONCURRENCY = 100;
const FLOOD_FROM = '127.0.0.2';
const MiB = 1024 * 1024;
const MESSAGE_BURST = LIMIT_DEFAULTS.messagesPerS * 20;

interface Usage {
  rss: number;
  heapUsed: number;
  arrayBuffers: number;
}

interface Memory {
  now: Usage;
  peak: Usage;
  stats: GuardStats;
}

interface Client {
  id: string;
  ws: WebSocket;
  /** The first answer: a PeerJS message type, 'http <status>', or 'closed'/'error' before any. */
  first: Promise<string>;
  received: Array<{ type: string; src?: string }>;
  closed: Promise<number>;
}

let child: ChildProcess;
let port = 0;
let stderr = '';
const sockets: WebSocket[] = [];

function ask(resetPeak = false): Promise<Memory> {
  return new Promise((resolve) => {
    const on = (m: { type: string } & Memory): void => {
      if (m.type !== 'memory') return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send({ type: 'memory', resetPeak });
  });
}

function connect(id: string, token: string, from: string): Client {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/peerjs/peerjs?key=peerjs&id=${id}&token=${token}`, {
    localAddress: from,
  });
  sockets.push(ws);
  const received: Client['received'] = [];
  let settle: (s: string) => void = () => undefined;
  const first = new Promise<string>((r) => (settle = r));
  const closed = new Promise<number>((r) => ws.on('close', (code) => (settle('closed'), r(code))));
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as { type: string; src?: string };
    received.push(m);
    settle(m.type);
  });
  ws.on('unexpected-response', (_req, res) => (settle(`http ${res.statusCode ?? 0}`), ws.terminate()));
  ws.on('error', () => settle('error'));
  // As PeerJS does: peer closes a client that sent no HEARTBEAT for alive_timeout (20 s).
  const heartbeat = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send('{"type":"HEARTBEAT"}'), 5000);
  ws.on('close', () => clearInterval(heartbeat));
  return { id, ws, first, received, closed };
}

const send = (c: Client, m: object): void => c.ws.send(JSON.stringify(m));
const until = async (cond: () => boolean, what: string): Promise<void> => {
  // A generous deadline only turns a hang into a failure message; nothing asserts speed.
  for (let waited = 0; !cond(); waited += 10) {
    if (waited > 60_000) throw new Error(`${what}: not reached`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** FLOOD_ATTEMPTS sockets from one address, FLOOD_CONCURRENCY in flight; open ones are kept. */
async function flood(
  halfway: () => void,
): Promise<{ open: Client[]; outcomes: Map<string, number>; mostOpen: number }> {
  const open: Client[] = [];
  const outcomes = new Map<string, number>();
  let next = 0;
  let openNow = 0;
  let mostOpen = 0;
  const worker = async (): Promise<void> => {
    while (next < FLOOD_ATTEMPTS) {
      const i = next++;
      if (i === FLOOD_ATTEMPTS / 2) halfway();
      const c = connect(`flood${i}`, 'floodtoken', FLOOD_FROM);
      const first = await c.first;
      outcomes.set(first, (outcomes.get(first) ?? 0) + 1);
      if (first === 'OPEN') {
        open.push(c);
        mostOpen = Math.max(mostOpen, ++openNow);
        void c.closed.then(() => (openNow -= 1));
      } else await c.closed;
    }
  };
  await Promise.all(Array.from({ length: FLOOD_CONCURRENCY }, worker));
  return { open, outcomes, mostOpen };
}

/** A host and two joiners doing what PeerJS does to set up two connections. */
async function lobby(): Promise<{ host: Client; joiners: Client[] }> {
  const host = connect('rewind-load1', 'hosttoken', '127.0.0.10');
  const joiners = [connect('joinerA', 'ta', '127.0.0.11'), connect('joinerB', 'tb', '127.0.0.12')];
  expect(await Promise.all([host.first, ...joiners.map((j) => j.first)])).toEqual(['OPEN', 'OPEN', 'OPEN']);
  for (const j of joiners) {
    send(j, {
      type: 'OFFER',
      dst: 'rewind-load1',
      payload: { sdp: { type: 'offer', sdp: 'v=0 '.repeat(300) }, connectionId: 'dc_1' },
    });
    for (let k = 0; k < 4; k++)
      send(j, {
        type: 'CANDIDATE',
        dst: 'rewind-load1',
        payload: { candidate: { candidate: `candidate:${k}` }, connectionId: 'dc_1' },
      });
  }
  await until(() => host.received.filter((m) => m.type === 'OFFER').length === 2, 'both offers at the host');
  for (const src of ['joinerA', 'joinerB'])
    send(host, {
      type: 'ANSWER',
      dst: src,
      payload: { sdp: { type: 'answer', sdp: 'v=0 '.repeat(300) }, connectionId: 'dc_1' },
    });
  await until(
    () => joiners.every((j) => j.received.some((m) => m.type === 'ANSWER' && m.src === 'rewind-load1')),
    'answers at both joiners',
  );
  return { host, joiners };
}

beforeAll(async () => {
  const script = fileURLToPath(new URL('./fixtures/signaling-server.mjs', import.meta.url));
  child = fork(script, [], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, REWIND_TRUST_PROXY: '' },
  });
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { type: string; port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`signaling server exited with ${code}:\n${stderr}`)));
  });
});

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  child?.disconnect();
  await new Promise((r) => (child?.exitCode !== null ? r(null) : child.once('exit', r)));
});

describe('signaling under a flood from one address', () => {
  it('caps the flood, keeps the real lobby working and the memory bounded', { timeout: 120_000 }, async () => {
    const before = await ask(true);
    const floodStart = performance.now();
    let midFlood: () => void = () => undefined;
    const halfway = new Promise<void>((r) => (midFlood = r));
    const [flooded, real] = await Promise.all([flood(midFlood), halfway.then(lobby)]);

    // The flood got exactly one address's share of sockets; the rest were refused (429 or ERROR).
    const { open, outcomes, mostOpen } = flooded;
    expect(mostOpen).toBe(LIMIT_DEFAULTS.maxSockets);
    expect(open).toHaveLength(LIMIT_DEFAULTS.maxSockets);
    const refused = (outcomes.get('http 429') ?? 0) + (outcomes.get('ERROR') ?? 0);
    expect(refused).toBe(FLOOD_ATTEMPTS - LIMIT_DEFAULTS.maxSockets);
    const duringFlood = await ask();

    // Junk: half the open sockets spam offers at the host, the other half send oversized messages.
    const start = performance.now();
    const spammers = open.slice(0, open.length / 2);
    const oversized = open.slice(open.length / 2);
    spammers.forEach((c) => {
      for (let k = 0; k < 200; k++)
        send(c, { type: 'OFFER', dst: 'rewind-load1', payload: { sdp: 'junk', connectionId: `j${k}` } });
      // An offer to itself: once it comes back (or the socket was cut off), the server has handled all of its junk.
      send(c, { type: 'OFFER', dst: c.id, payload: { connectionId: 'marker' } });
    });
    oversized.forEach((c, i) => c.ws.send(Buffer.alloc(i < 2 ? 32 * MiB : 64 * 1024, 0x61)));
    await Promise.all(oversized.map((c) => c.closed));
    const echoed = (c: Client): boolean => c.received.some((m) => m.type === 'OFFER' && m.src === c.id);
    await until(
      () => spammers.every((c) => echoed(c) || c.ws.readyState === WebSocket.CLOSED),
      'every spammer handled',
    );
    // The server wrote all relayed junk to the host's socket before this marker, so it arrives after it.
    send(real.joiners[0]!, {
      type: 'CANDIDATE',
      dst: 'rewind-load1',
      payload: { candidate: { candidate: 'marker' }, connectionId: 'dc_1' },
    });
    await until(() => real.host.received.some((m) => JSON.stringify(m).includes('marker')), 'the marker at the host');
    const elapsedS = (performance.now() - start) / 1000;
    const junk = real.host.received.filter((m) => m.type === 'OFFER' && m.src?.startsWith('flood')).length;
    // One address's open offers towards one id (relay-gate.mjs), far below its message budget (a count bound, not a speed assert).
    expect(junk).toBeGreaterThan(0);
    expect(junk).toBeLessThanOrEqual(LIMIT_DEFAULTS.openOffers);
    expect(junk).toBeLessThanOrEqual(MESSAGE_BURST + Math.ceil(LIMIT_DEFAULTS.messagesPerS * elapsedS) + 1);

    for (const c of open) c.ws.terminate();
    await Promise.all(open.map((c) => c.closed));
    const after = await ask();
    const s = after.stats;
    expect(s.oversized).toBe(oversized.length);
    expect(s.messagesRefused).toBeGreaterThan(0);
    expect(s.connectsRefused + s.socketsRefused).toBe(refused);
    // The real lobby still signals after all that.
    send(real.joiners[1]!, {
      type: 'CANDIDATE',
      dst: 'rewind-load1',
      payload: { candidate: { candidate: 'late' }, connectionId: 'dc_1' },
    });
    await until(
      () =>
        real.host.received.some(
          (m) => m.type === 'CANDIDATE' && m.src === 'joinerB' && JSON.stringify(m).includes('late'),
        ),
      'a late candidate',
    );

    // One line per kind of limit per 10 s window, not one per refusal (a slower run spans more windows).
    const lines = stderr.split('\n').filter((l) => l.startsWith('[signaling]'));
    const kinds = [
      /opened more than 4 sockets\/s/,
      new RegExp(`has ${LIMIT_DEFAULTS.maxSockets} sockets open`),
      /over 8192 bytes/,
      /more than 50 messages\/s/,
    ];
    for (const kind of kinds) expect(lines.some((l) => kind.test(l))).toBe(true);
    const windows = 1 + Math.ceil((performance.now() - floodStart) / 10_000);
    expect(lines.length).toBeLessThanOrEqual((kinds.length + 1) * windows);

    // Memory: no message is ever buffered whole (the 32 MiB ones are refused on their header), and
    // what the flood left behind is a few per-address and per-id records.
    const mib = (n: number): string => (n / MiB).toFixed(1);
    const show = (k: keyof Usage): string =>
      `${mib(before.now[k])} → ${mib(duringFlood.peak[k])} (sockets) / ${mib(after.peak[k])} (junk) → ${mib(after.now[k])}`;
    console.log(
      `[signaling-load] ${FLOOD_ATTEMPTS} sockets from one address: ${open.length} open, ${outcomes.get('http 429') ?? 0} × 429, ${outcomes.get('ERROR') ?? 0} × ERROR; ` +
        `${junk} of ${spammers.length * 200} junk offers relayed; ${s.oversized} oversized refused; ${lines.length} log lines. ` +
        `Server MiB, before → peak → after: rss ${show('rss')}; heap ${show('heapUsed')}; buffers ${show('arrayBuffers')}`,
    );
    // Two 32 MiB messages buffered whole (ws's default 100 MiB cap) would add 64 MiB of buffers.
    expect(Math.max(duringFlood.peak.arrayBuffers, after.peak.arrayBuffers) - before.now.arrayBuffers).toBeLessThan(
      8 * MiB,
    );
    expect(Math.max(duringFlood.peak.rss, after.peak.rss) - before.now.rss).toBeLessThan(64 * MiB);
    expect(after.now.heapUsed - before.now.heapUsed).toBeLessThan(4 * MiB);
  });
});
