// Offers are admitted, not obeyed: what a stranger's OFFER and CANDIDATE make the host do.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionBudget } from '../../../src/transport/connection-budget';
import { IncomingOffers, type IncomingConnection } from '../../../src/transport/incoming-offers';
import type { Peer } from '../../../src/transport/peer-link';
import { offerPayload, type ServerMessage } from '../../../src/transport/signal-messages';

const SDP = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n';

/** A signaling peer that delivers what the test relays and records what the host sends. */
function fakePeer() {
  let handler: (m: ServerMessage) => void = () => undefined;
  const sent: string[] = [];
  const peer = {
    options: { iceServers: [] },
    onSignal: (h: (m: ServerMessage) => void) => ((handler = h), () => undefined),
    own: () => () => undefined,
    send: (type: string) => (sent.push(type), true),
  } as unknown as Peer;
  return {
    peer,
    sent,
    relay: (type: ServerMessage['type'], src: string, payload: unknown) => handler({ type, src, payload }),
  };
}

/** Counts RTCPeerConnections built (the thing a flood must not get for free). */
function countConnections(): { built: () => number } {
  let n = 0;
  class FakePc {
    constructor() {
      n += 1;
    }
    createDataChannel() {
      return { binaryType: '', readyState: 'connecting', addEventListener: () => undefined, close: () => undefined };
    }
    setRemoteDescription() {
      return new Promise(() => undefined);
    }
    close() {}
  }
  vi.stubGlobal('RTCPeerConnection', FakePc);
  return { built: () => n };
}

afterEach(() => vi.unstubAllGlobals());

describe('IncomingOffers', () => {
  it('builds nothing and tells nobody for an offer asking for another serializer, and counts it', () => {
    const pcs = countConnections();
    const { peer, relay } = fakePeer();
    const seen: IncomingConnection[] = [];
    const offers = new IncomingOffers(peer, new ConnectionBudget(() => 0), (c) => seen.push(c));
    for (const serialization of ['binary', 'json', 'constructor', '__proto__'])
      relay('OFFER', 'attacker', { ...offerPayload('dc_1', SDP), serialization });
    expect(seen).toHaveLength(0);
    expect(pcs.built()).toBe(0);
    expect(offers.counters.malformed).toBe(4);
  });

  it('drops candidates for connections that no admitted offer opened (nothing is stored)', () => {
    const { peer, relay } = fakePeer();
    const offers = new IncomingOffers(peer, new ConnectionBudget(() => 0), () => undefined);
    for (let i = 0; i < 2000; i++)
      relay('CANDIDATE', 'attacker', {
        candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 1 typ host' },
        connectionId: `dc_${i}`,
      });
    expect(offers.counters.strayCandidates).toBe(2000);
    expect(offers.size).toBe(0);
  });

  it('builds a connection only when the door opens the offer, and forgets refused ones entirely', () => {
    const pcs = countConnections();
    const { peer, relay } = fakePeer();
    const seen: IncomingConnection[] = [];
    const offers = new IncomingOffers(peer, new ConnectionBudget(() => 0), (c) => seen.push(c));
    relay('OFFER', 'joiner1', offerPayload('dc_a', SDP));
    relay('OFFER', 'joiner1', offerPayload('dc_a', SDP));
    expect(offers.counters).toMatchObject({ offers: 1, duplicate: 1 });
    expect(seen.map((c) => c.remoteId)).toEqual(['joiner1']);
    expect(pcs.built()).toBe(0);
    seen[0]!.refuse();
    expect(offers.size).toBe(0);
    relay('OFFER', 'joiner2', offerPayload('dc_b', SDP));
    void seen[1]!.open(10_000).catch(() => undefined);
    expect(pcs.built()).toBe(1);
  });

  it('refuses to build past the budget: the offer is dropped, no connection made', async () => {
    const pcs = countConnections();
    const { peer, relay } = fakePeer();
    const seen: IncomingConnection[] = [];
    const offers = new IncomingOffers(
      peer,
      new ConnectionBudget(() => 0, {
        total: { burst: 2, refillMs: 1000 },
        reserve: 0,
        perSource: { burst: 9, refillMs: 1000 },
        maxUncollected: 100,
      }),
      (c) => seen.push(c),
    );
    for (let i = 0; i < 5; i++) relay('OFFER', `p${i}`, offerPayload(`dc_${i}`, SDP));
    const results = await Promise.allSettled(
      seen.map((c) => Promise.race([c.open(10_000), Promise.resolve('pending')])),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    expect(pcs.built()).toBe(2);
    expect(offers.counters.overBudget).toBe(3);
  });

  it('keeps at most maxOffers waiting', () => {
    const { peer, relay } = fakePeer();
    const offers = new IncomingOffers(peer, new ConnectionBudget(() => 0), () => undefined, 10);
    for (let i = 0; i < 50; i++) relay('OFFER', `p${i}`, offerPayload(`dc_${i}`, SDP));
    expect(offers.size).toBe(10);
    expect(offers.counters.overflow).toBe(40);
  });
});
