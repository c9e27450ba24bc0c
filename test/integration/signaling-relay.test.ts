/**
 * What the signaling server relays, against real sockets: the `peer` PeerServer behind our guard
 * (scripts/relay-gate.mjs) on 127.0.0.1, attackers and players on distinct source addresses.
 * Each test is an attack from the lobby-link issue that worked against the guard before the relay
 * gate: an offer flood reaching the host, the host cut off for answering, messages for connections
 * nobody opened being relayed (or kept for an id not yet there), and a flood closing a slow
 * reader's socket. Counts only; no wall-clock timing is asserted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LIMIT_DEFAULTS } from '../../scripts/signaling-limits.mjs';
import { answerTo, candidateTo, closeAllPeers, connectPeer, offerTo, send, sleep, startStack, until, type Peer, type Running, type Wire } from './signaling-peers';

let stack: Running | undefined;

afterEach(async () => {
  closeAllPeers();
  await stack?.stop();
  stack = undefined;
});

const offersFrom = (p: Peer, prefix: string): Wire[] => p.received.filter((m) => m.type === 'OFFER' && m.src?.startsWith(prefix));

async function open(...peers: Peer[]): Promise<void> {
  expect(await Promise.all(peers.map((p) => p.first))).toEqual(peers.map(() => 'OPEN'));
}

describe('offers are admitted, not obeyed', () => {
  it('100 OFFERs/s for 10 s from one address: the host keeps its socket, gets at most the open-offer cap, and a newcomer still gets through', { timeout: 180_000 }, async () => {
    stack = await startStack();
    const host = connectPeer(stack.port, 'rewind-host1', { from: '127.0.0.3' });
    // The attacker spreads its offers over four sockets (four peer ids) of one address.
    const flood = [0, 1, 2, 3].map((i) => connectPeer(stack!.port, `flood${i}`, { from: '127.0.0.2' }));
    await open(host, ...flood);
    let sent = 0;
    let newcomer: Peer | undefined;
    for (let round = 0; round < 100; round++) {
      for (let k = 0; k < 10; k++, sent++) send(flood[sent % 4]!, offerTo('rewind-host1', `dc_${sent}`, 1200));
      if (round === 50) {
        newcomer = connectPeer(stack.port, 'joiner1', { from: '127.0.0.4' });
        await open(newcomer);
        send(newcomer, offerTo('rewind-host1', 'dc_j1'));
      }
      await sleep(100);
    }
    // Each flood socket's first offer was admitted: a candidate on it comes after all its offers.
    flood.forEach((f, i) => send(f, candidateTo('rewind-host1', `dc_${i}`)));
    await until(() => host.received.filter((m) => m.type === 'CANDIDATE' && m.src?.startsWith('flood')).length === 4, 'the flood sockets handled');
    const late = connectPeer(stack.port, 'joiner2', { from: '127.0.0.5' });
    await open(late);
    send(late, offerTo('rewind-host1', 'dc_j2'));
    await until(() => offersFrom(host, 'joiner').length === 2, 'both newcomers at the host');

    const relayed = offersFrom(host, 'flood').length;
    console.log(`[signaling-relay] offer flood: ${relayed} of ${sent} offers relayed to the host; host open: ${!host.isClosed()}`);
    expect(host.isClosed()).toBe(false);
    expect(relayed).toBeGreaterThan(0);
    expect(relayed).toBeLessThanOrEqual(LIMIT_DEFAULTS.openOffers);
    expect(stack.stats().offersDropped).toBe(sent - relayed);
    expect(stack.logs.some((l) => l.startsWith(`[signaling] 127.0.0.2 has ${LIMIT_DEFAULTS.openOffers} connections open towards "rewind-host1" (REWIND_SIGNAL_OPEN_OFFERS)`))).toBe(true);
    // The flood sockets are not cut off for it either: dropped offers cost their address's budget only.
    expect(flood.every((f) => !f.isClosed())).toBe(true);
  });

  it("never charges the host for answering: ANSWER + 20 CANDIDATEs for each of 60 offers pass, bounded per connection", async () => {
    // A small message budget per address: answering 60 offers (1,260 messages) would spend it 21 times.
    // (60 offers leave the host's id more than half of its offer burst: none is held back for fairness.)
    stack = await startStack({ messagesPerS: 1, messageBurst: 60 });
    const host = connectPeer(stack.port, 'rewind-host2', { from: '127.0.0.3', heartbeat: false });
    const joiners = ['127.0.0.4', '127.0.0.5', '127.0.0.6'].map((from, i) => connectPeer(stack!.port, `joiner${i}`, { from, heartbeat: false }));
    await open(host, ...joiners);
    let answered = 0;
    host.ws.on('message', (d: Buffer) => {
      const m = JSON.parse(d.toString()) as Wire;
      if (m.type !== 'OFFER' || !m.src || !m.payload?.connectionId) return;
      send(host, answerTo(m.src, m.payload.connectionId));
      for (let k = 0; k < 20; k++) send(host, candidateTo(m.src, m.payload.connectionId));
      answered++;
    });
    for (const [i, j] of joiners.entries()) for (let k = 0; k < 20; k++) send(j, offerTo('rewind-host2', `dc_${i}_${k}`));
    const replies = (j: Peer): number => j.received.filter((m) => m.src === 'rewind-host2' && (m.type === 'ANSWER' || m.type === 'CANDIDATE')).length;
    await until(() => joiners.every((j) => replies(j) === 20 * 21), 'every reply at its joiner');
    expect(answered).toBe(60);
    expect(host.isClosed()).toBe(false);
    expect(stack.stats().repliesUncharged).toBe(60 * 21);
    expect(stack.stats().messagesRefused).toBe(0);

    // Still bounded: one connection takes at most connectionMessages from each side.
    for (let k = 0; k < 100; k++) send(host, candidateTo('joiner0', 'dc_0_0'));
    send(host, candidateTo('joiner0', 'dc_0_1'));
    await until(() => joiners[0]!.received.filter((m) => m.type === 'CANDIDATE' && m.payload?.connectionId === 'dc_0_1').length === 21, 'the marker candidate');
    const onFirst = joiners[0]!.received.filter((m) => m.payload?.connectionId === 'dc_0_0').length;
    expect(onFirst).toBe(LIMIT_DEFAULTS.connectionMessages);
    expect(stack.stats().connectionsFull).toBe(21 + 100 - LIMIT_DEFAULTS.connectionMessages);
    expect(host.isClosed()).toBe(false);
  });
});

describe('source tags', () => {
  it("stamp every relayed OFFER with its sender's address tag: one per address, never the sender's own", async () => {
    stack = await startStack();
    const host = connectPeer(stack.port, 'rewind-host5', { from: '127.0.0.3' });
    const a1 = connectPeer(stack.port, 'a1', { from: '127.0.0.2' });
    const a2 = connectPeer(stack.port, 'a2', { from: '127.0.0.2' });
    const b = connectPeer(stack.port, 'b1', { from: '127.0.0.4' });
    await open(host, a1, a2, b);
    const forged = offerTo('rewind-host5', 'dc_f');
    send(a1, { ...forged, payload: { ...(forged.payload as object), sourceTag: 'forged' } });
    send(a2, offerTo('rewind-host5', 'dc_2'));
    send(b, offerTo('rewind-host5', 'dc_3'));
    await until(() => host.received.filter((m) => m.type === 'OFFER').length === 3, 'three offers');
    const tagOf = (src: string): unknown => (host.received.find((m) => m.type === 'OFFER' && m.src === src)?.payload as { sourceTag?: unknown }).sourceTag;
    expect(tagOf('a1')).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(tagOf('a2')).toBe(tagOf('a1'));
    expect(tagOf('b1')).not.toBe(tagOf('a1'));
    expect(tagOf('b1')).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});

describe('an offer to an id nobody holds', () => {
  it('is answered at once with EXPIRE (not queued for peer to expire later), so a joiner learns its host is gone in one round trip', async () => {
    stack = await startStack();
    const joiner = connectPeer(stack.port, 'joiner9', { from: '127.0.0.2' });
    await open(joiner);
    send(joiner, offerTo('rewind-gone', 'dc_1'));
    await until(() => joiner.received.some((m) => m.type === 'EXPIRE'), 'the EXPIRE');
    expect(joiner.received.find((m) => m.type === 'EXPIRE')?.src).toBe('rewind-gone');
    expect(stack.stats()).toMatchObject({ offersToNobody: 1, relayed: 0 });
    // Whoever registers the id later gets nothing of it.
    const late = connectPeer(stack.port, 'rewind-gone', { from: '127.0.0.3' });
    await open(late);
    send(late, offerTo('rewind-gone', 'dc_marker'));
    await until(() => late.received.some((m) => m.type === 'OFFER'), 'the marker');
    expect(late.received.filter((m) => m.type === 'OFFER').map((m) => m.payload?.connectionId)).toEqual(['dc_marker']);
  });
});

describe('messages for connections no OFFER opened', () => {
  it('are dropped and counted, not relayed, and not kept for an id that registers later', async () => {
    stack = await startStack();
    const host = connectPeer(stack.port, 'rewind-host3', { from: '127.0.0.3' });
    const joiner = connectPeer(stack.port, 'joiner', { from: '127.0.0.4' });
    const mallory = connectPeer(stack.port, 'mallory', { from: '127.0.0.2' });
    await open(host, joiner, mallory);
    send(joiner, offerTo('rewind-host3', 'dc_1'));
    await until(() => offersFrom(host, 'joiner').length === 1, 'the real offer');
    // Unknown connection ids, someone else's connection id, the opener's side answering itself.
    send(mallory, answerTo('rewind-host3', 'dc_nope'));
    send(mallory, candidateTo('rewind-host3', 'dc_nope'));
    send(mallory, { type: 'LEAVE', dst: 'rewind-host3', payload: { connectionId: 'dc_nope' } });
    send(mallory, candidateTo('rewind-host3', 'dc_1'));
    send(mallory, candidateTo('joiner', 'dc_1'));
    send(joiner, answerTo('rewind-host3', 'dc_1'));
    // Not PeerJS signaling at all: an EXPIRE (the server's word), a LEAVE without connection, junk.
    send(mallory, { type: 'EXPIRE', dst: 'joiner' });
    send(mallory, { type: 'LEAVE', dst: 'rewind-host3' });
    mallory.ws.send('not json');
    // For an id nobody holds yet: `peer` would keep it and hand it over when the id registers.
    send(mallory, candidateTo('ghost', 'dc_9'));
    // Markers: each sender's next admitted message comes after everything above.
    send(mallory, offerTo('rewind-host3', 'dc_m'));
    send(joiner, candidateTo('rewind-host3', 'dc_1'));
    await until(() => offersFrom(host, 'mallory').length === 1 && host.received.some((m) => m.type === 'CANDIDATE' && m.src === 'joiner'), 'the markers');
    const ghost = connectPeer(stack.port, 'ghost', { from: '127.0.0.5' });
    await open(ghost);
    // ghost's own offer back to itself proves the server handled its arrival and anything queued for it.
    send(ghost, offerTo('ghost', 'dc_self'));
    await until(() => ghost.received.some((m) => m.type === 'OFFER'), 'the ghost marker');

    // (The two senders' markers may arrive in either order.)
    expect(host.received.map((m) => `${m.type} ${m.src ?? ''}`).sort()).toEqual(['CANDIDATE joiner', 'OFFER joiner', 'OFFER mallory', 'OPEN ']);
    expect(joiner.received.map((m) => m.type)).toEqual(['OPEN']);
    expect(ghost.received.map((m) => `${m.type} ${m.src ?? ''}`)).toEqual(['OPEN ', 'OFFER ghost']);
    expect(stack.stats()).toMatchObject({ unknownConnections: 7, malformed: 3 });
    expect(stack.logs.some((l) => l.startsWith('[signaling] 127.0.0.2 sent ANSWER for a connection no OFFER opened'))).toBe(true);
    expect([host, joiner, mallory].every((p) => !p.isClosed())).toBe(true);
  });
});

describe('a flooded reader', () => {
  it('7 MB of messages aimed at an id that does not read: it loses the flood, not its socket', { timeout: 180_000 }, async () => {
    stack = await startStack();
    const victim = connectPeer(stack.port, 'rewind-host4', { from: '127.0.0.3', heartbeat: false });
    const flooder = connectPeer(stack.port, 'flooder', { from: '127.0.0.2', heartbeat: false });
    await open(victim, flooder);
    victim.ws.pause();
    // 8 KiB messages (the size cap), as offers and as candidates on the offers' connections.
    const big = 7600;
    let sentBytes = 0;
    for (let i = 0; sentBytes < 7 * 1024 * 1024; i++) {
      const m = i < LIMIT_DEFAULTS.openOffers ? offerTo('rewind-host4', `dc_${i}`, big) : candidateTo('rewind-host4', `dc_${i % LIMIT_DEFAULTS.openOffers}`, big);
      const text = JSON.stringify(m);
      flooder.ws.send(text);
      sentBytes += text.length;
    }
    send(flooder, offerTo('flooder', 'dc_self'));
    await until(() => flooder.received.some((m) => m.type === 'OFFER' && m.src === 'flooder'), 'the flood handled');
    const s = stack.stats();
    victim.ws.resume();
    const newcomer = connectPeer(stack.port, 'joiner', { from: '127.0.0.4' });
    await open(newcomer);
    send(newcomer, offerTo('rewind-host4', 'dc_n'));
    await until(() => offersFrom(victim, 'joiner').length === 1, "the newcomer's offer at the victim");
    const relayedBytes = victim.bytes.n;
    console.log(
      `[signaling-relay] 7 MB flood: ${(sentBytes / 1048576).toFixed(1)} MiB sent at the victim, ${(relayedBytes / 1048576).toFixed(2)} MiB reached it; ` +
        `dropped: ${s.offersDropped} offers, ${s.connectionsFull} over a connection's caps, ${s.queueDrops} at the full queue; victim open: ${!victim.isClosed()}`,
    );
    expect(victim.isClosed()).toBe(false);
    expect(flooder.isClosed()).toBe(false);
    // What can reach one id from one address: its open offers times a connection's byte cap.
    expect(relayedBytes).toBeLessThanOrEqual(LIMIT_DEFAULTS.openOffers * 64 * 1024 + 64 * 1024);
    expect(s.offersDropped + s.connectionsFull + s.queueDrops).toBeGreaterThan(0);
  });

  it('a full send queue drops what is relayed to the reader (counted, logged) and keeps its socket', { timeout: 180_000 }, async () => {
    // Relay limits out of the way, a small queue: only the queue rule stands between the flood and the reader.
    stack = await startStack({ openOffers: 10_000, addressOpenOffers: 10_000, offersPerS: 10_000, destOffersPerS: 10_000, destOpenOffers: 10_000, maxBufferedBytes: 64 * 1024 });
    const victim = connectPeer(stack.port, 'rewind-host5', { from: '127.0.0.3', heartbeat: false });
    const flooder = connectPeer(stack.port, 'flooder', { from: '127.0.0.2', heartbeat: false });
    await open(victim, flooder);
    victim.ws.pause();
    let sentBytes = 0;
    for (let i = 0; sentBytes < 7 * 1024 * 1024; i++) {
      const text = JSON.stringify(offerTo('rewind-host5', `dc_${i}`, 7600));
      flooder.ws.send(text);
      sentBytes += text.length;
    }
    send(flooder, offerTo('flooder', 'dc_self'));
    await until(() => flooder.received.some((m) => m.type === 'OFFER' && m.src === 'flooder'), 'the flood handled');
    const drops = stack.stats().queueDrops;
    victim.ws.resume();
    const newcomer = connectPeer(stack.port, 'joiner', { from: '127.0.0.4' });
    await open(newcomer);
    send(newcomer, offerTo('rewind-host5', 'dc_n'));
    await until(() => offersFrom(victim, 'joiner').length === 1, "the newcomer's offer at the victim");
    console.log(`[signaling-relay] queue rule: ${offersFrom(victim, 'flooder').length} flood offers delivered, ${drops} dropped at the full queue`);
    expect(victim.isClosed()).toBe(false);
    expect(drops).toBeGreaterThan(0);
    expect(stack.logs.some((l) => l.startsWith('[signaling] 127.0.0.3 ("rewind-host5") has more than 65536 bytes unread: dropped a message to it'))).toBe(true);
  });
});
