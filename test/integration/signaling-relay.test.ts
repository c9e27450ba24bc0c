/**
 * What the signaling server relays, against real sockets: the `peer` PeerServer behind our guard
 * (scripts/relay-gate.mjs) on 127.0.0.1, attackers and players on distinct source addresses.
 * Each test is an attack from the lobby-link issue that worked against the guard before the relay
 * gate: an offer flood reaching the host, the host cut off for answering, messages for connections
 * nobody opened being relayed (or kept for an id not yet there), and a flood closing a slow
 * reader's socket. Counts only; no wall-clock timing is asserted.
 * Here: offers, source tags, offers to nobody; messages for connections no OFFER opened and
 * flooded readers are in signaling-relay-floods.test.ts.
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
  sleep,
  startStack,
  until,
  type Peer,
  type Running,
  type Wire,
} from './signaling-peers';

let stack: Running | undefined;

afterEach(async () => {
  closeAllPeers();
  await stack?.stop();
  stack = undefined;
});

describe('offers are admitted, not obeyed', () => {
  it(
    '100 OFFERs/s for 10 s from one address: the host keeps its socket, gets at most the open-offer cap, and a newcomer still gets through',
    { timeout: 180_000 },
    async () => {
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
      await until(
        () => host.received.filter((m) => m.type === 'CANDIDATE' && m.src?.startsWith('flood')).length === 4,
        'the flood sockets handled',
      );
      const late = connectPeer(stack.port, 'joiner2', { from: '127.0.0.5' });
      await open(late);
      send(late, offerTo('rewind-host1', 'dc_j2'));
      await until(() => offersFrom(host, 'joiner').length === 2, 'both newcomers at the host');

      const relayed = offersFrom(host, 'flood').length;
      console.log(
        `[signaling-relay] offer flood: ${relayed} of ${sent} offers relayed to the host; host open: ${!host.isClosed()}`,
      );
      expect(host.isClosed()).toBe(false);
      expect(relayed).toBeGreaterThan(0);
      expect(relayed).toBeLessThanOrEqual(LIMIT_DEFAULTS.openOffers);
      expect(stack.stats().offersDropped).toBe(sent - relayed);
      expect(
        stack.logs.some((l) =>
          l.startsWith(
            `[signaling] 127.0.0.2 has ${LIMIT_DEFAULTS.openOffers} connections open towards "rewind-host1" (REWIND_SIGNAL_OPEN_OFFERS)`,
          ),
        ),
      ).toBe(true);
      // The flood sockets are not cut off for it either: dropped offers cost their address's budget only.
      expect(flood.every((f) => !f.isClosed())).toBe(true);
    },
  );

  it('never charges the host for answering: ANSWER + 20 CANDIDATEs for each of 60 offers pass, bounded per connection', async () => {
    // A small message budget per address: answering 60 offers (1,260 messages) would spend it 21 times.
    // (60 offers leave the host's id more than half of its offer burst: none is held back for fairness.)
    stack = await startStack({ messagesPerS: 1, messageBurst: 60 });
    const host = connectPeer(stack.port, 'rewind-host2', { from: '127.0.0.3', heartbeat: false });
    const joiners = ['127.0.0.4', '127.0.0.5', '127.0.0.6'].map((from, i) =>
      connectPeer(stack!.port, `joiner${i}`, { from, heartbeat: false }),
    );
    await open(host, ...joiners);
    let answered = 0;
    host.ws.on('message', (d: Buffer) => {
      const m = JSON.parse(d.toString()) as Wire;
      if (m.type !== 'OFFER' || !m.src || !m.payload?.connectionId) return;
      send(host, answerTo(m.src, m.payload.connectionId));
      for (let k = 0; k < 20; k++) send(host, candidateTo(m.src, m.payload.connectionId));
      answered++;
    });
    for (const [i, j] of joiners.entries())
      for (let k = 0; k < 20; k++) send(j, offerTo('rewind-host2', `dc_${i}_${k}`));
    const replies = (j: Peer): number =>
      j.received.filter((m) => m.src === 'rewind-host2' && (m.type === 'ANSWER' || m.type === 'CANDIDATE')).length;
    await until(() => joiners.every((j) => replies(j) === 20 * 21), 'every reply at its joiner');
    expect(answered).toBe(60);
    expect(host.isClosed()).toBe(false);
    expect(stack.stats().repliesUncharged).toBe(60 * 21);
    expect(stack.stats().messagesRefused).toBe(0);

    // Still bounded: one connection takes at most connectionMessages from each side.
    for (let k = 0; k < 100; k++) send(host, candidateTo('joiner0', 'dc_0_0'));
    send(host, candidateTo('joiner0', 'dc_0_1'));
    await until(
      () =>
        joiners[0]!.received.filter((m) => m.type === 'CANDIDATE' && m.payload?.connectionId === 'dc_0_1').length ===
        21,
      'the marker candidate',
    );
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
    const tagOf = (src: string): unknown =>
      (host.received.find((m) => m.type === 'OFFER' && m.src === src)?.payload as { sourceTag?: unknown }).sourceTag;
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
