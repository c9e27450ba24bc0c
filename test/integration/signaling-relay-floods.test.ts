/**
 * What the signaling server relays, against real sockets (see signaling-relay.test.ts): messages
 * for connections no OFFER opened are dropped (and not kept for an id that registers later), and a
 * flood aimed at a reader that does not read costs it the flood, never its socket. Counts only; no
 * wall-clock timing is asserted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LIMIT_DEFAULTS } from '../../scripts/signaling-limits.mjs';
import {
  answerTo,
  candidateTo,
  closeAllPeers,
  connectPeer,
  offerTo,
  offersFrom,
  open,
  send,
  startStack,
  until,
  type Running,
} from './signaling-peers';

let stack: Running | undefined;

afterEach(async () => {
  closeAllPeers();
  await stack?.stop();
  stack = undefined;
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
    await until(
      () =>
        offersFrom(host, 'mallory').length === 1 &&
        host.received.some((m) => m.type === 'CANDIDATE' && m.src === 'joiner'),
      'the markers',
    );
    const ghost = connectPeer(stack.port, 'ghost', { from: '127.0.0.5' });
    await open(ghost);
    // ghost's own offer back to itself proves the server handled its arrival and anything queued for it.
    send(ghost, offerTo('ghost', 'dc_self'));
    await until(() => ghost.received.some((m) => m.type === 'OFFER'), 'the ghost marker');

    // (The two senders' markers may arrive in either order.)
    expect(host.received.map((m) => `${m.type} ${m.src ?? ''}`).sort()).toEqual([
      'CANDIDATE joiner',
      'OFFER joiner',
      'OFFER mallory',
      'OPEN ',
    ]);
    expect(joiner.received.map((m) => m.type)).toEqual(['OPEN']);
    expect(ghost.received.map((m) => `${m.type} ${m.src ?? ''}`)).toEqual(['OPEN ', 'OFFER ghost']);
    expect(stack.stats()).toMatchObject({ unknownConnections: 7, malformed: 3 });
    expect(
      stack.logs.some((l) => l.startsWith('[signaling] 127.0.0.2 sent ANSWER for a connection no OFFER opened')),
    ).toBe(true);
    expect([host, joiner, mallory].every((p) => !p.isClosed())).toBe(true);
  });
});

describe('a flooded reader', () => {
  it(
    '7 MB of messages aimed at an id that does not read: it loses the flood, not its socket',
    { timeout: 180_000 },
    async () => {
      stack = await startStack();
      const victim = connectPeer(stack.port, 'rewind-host4', { from: '127.0.0.3', heartbeat: false });
      const flooder = connectPeer(stack.port, 'flooder', { from: '127.0.0.2', heartbeat: false });
      await open(victim, flooder);
      victim.ws.pause();
      // 8 KiB messages (the size cap), as offers and as candidates on the offers' connections.
      const big = 7600;
      let sentBytes = 0;
      for (let i = 0; sentBytes < 7 * 1024 * 1024; i++) {
        const m =
          i < LIMIT_DEFAULTS.openOffers
            ? offerTo('rewind-host4', `dc_${i}`, big)
            : candidateTo('rewind-host4', `dc_${i % LIMIT_DEFAULTS.openOffers}`, big);
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
    },
  );

  it(
    'a full send queue drops what is relayed to the reader (counted, logged) and keeps its socket',
    { timeout: 180_000 },
    async () => {
      // Relay limits out of the way, a small queue: only the queue rule stands between the flood and the reader.
      stack = await startStack({
        openOffers: 10_000,
        addressOpenOffers: 10_000,
        offersPerS: 10_000,
        destOffersPerS: 10_000,
        destOpenOffers: 10_000,
        maxBufferedBytes: 64 * 1024,
      });
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
      console.log(
        `[signaling-relay] queue rule: ${offersFrom(victim, 'flooder').length} flood offers delivered, ${drops} dropped at the full queue`,
      );
      expect(victim.isClosed()).toBe(false);
      expect(drops).toBeGreaterThan(0);
      expect(
        stack.logs.some((l) =>
          l.startsWith(
            '[signaling] 127.0.0.3 ("rewind-host5") has more than 65536 bytes unread: dropped a message to it',
          ),
        ),
      ).toBe(true);
    },
  );
});
