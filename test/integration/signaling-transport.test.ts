/**
 * Real links through the guarded signaling server: the project's own transport (src/transport:
 * SignalingPeer, IncomingOffers, connectLink; the PeerJS 1.5 wire) in Node over node-datachannel
 * (src/dedicated/webrtc-globals.ts), against the `peer` PeerServer behind the guard and the relay
 * gate on 127.0.0.1, with the production limits. Whatever the gate drops, the transport's own
 * traffic must not be any of it: a lobby of joiners linking to the host, and a host migration
 * (the successor claims the lobby's id with the old host's token and the others link again).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { installWebRtcGlobals } from '../../src/dedicated/webrtc-globals';
import { ConnectionBudget } from '../../src/transport/connection-budget';
import { IncomingOffers } from '../../src/transport/incoming-offers';
import { connectLink } from '../../src/transport/outgoing-link';
import { openPeer } from '../../src/transport/peer-link';
import { startStack, type Running } from './signaling-peers';

installWebRtcGlobals(null);
type Peer = Awaited<ReturnType<typeof openPeer>>;
type Link = Awaited<ReturnType<typeof connectLink>>;

const ROOM = 'rewind-peerjs1';
const TIMEOUT = 20_000;
let stack: Running | undefined;
const peers: Peer[] = [];
const links: Link[] = [];

afterEach(async () => {
  for (const l of links.splice(0)) l.close();
  for (const p of peers.splice(0)) p.destroy();
  await stack?.stop();
  stack = undefined;
});

/** A host on `ROOM` that accepts every incoming connection as the lobby does. */
async function host(port: number, token?: string): Promise<{ peer: Peer; accepted: Link[] }> {
  const peer = await openPeer(
    { host: '127.0.0.1', port, path: '/peerjs', key: 'peerjs', secure: false, iceServers: [] },
    ROOM,
    TIMEOUT,
    token,
  );
  peers.push(peer);
  const accepted: Link[] = [];
  // Every admissible offer is opened at once (no lobby door here: the relay is under test). A
  // joiner whose own connection refused our answer offers again (outgoing-link.ts); the first
  // connection then never opens, which is its own business, not a failure of the relay.
  const opened = (l: Link): void => void (links.push(l), accepted.push(l));
  new IncomingOffers(
    peer,
    new ConnectionBudget(() => performance.now()),
    (conn) => void conn.open(TIMEOUT).then(opened, () => undefined),
  );
  return { peer, accepted };
}

describe('the transport through the relay gate', () => {
  it(
    'joiners link to the host, and link again to a successor on the same id; nothing the transport sends is dropped',
    { timeout: 120_000 },
    async () => {
      stack = await startStack();
      const opts = {
        host: '127.0.0.1',
        port: stack.port,
        path: '/peerjs',
        key: 'peerjs',
        secure: false,
        iceServers: [],
      };
      const first = await host(stack.port);
      const joiners = await Promise.all([0, 1, 2].map(() => openPeer(opts, undefined, TIMEOUT)));
      peers.push(...joiners);
      for (const j of joiners) expect(j.id).toMatch(/^p[A-Za-z0-9]{20}$/);
      for (const j of joiners) links.push(await connectLink(j, ROOM, TIMEOUT));
      await expect.poll(() => first.accepted.length, { timeout: TIMEOUT }).toBe(3);

      // Host migration: the host goes; a successor claims the id with the host's token; the others link again.
      const token = first.peer.token;
      const live = stack.stats().liveIds;
      first.peer.destroy();
      // The successor claims once the host's socket is gone (as the lobby does: closed, or silent 8 s).
      await expect.poll(() => stack!.stats().liveIds, { timeout: TIMEOUT }).toBe(live - 1);
      const successor = await host(stack.port, token);
      expect(successor.peer.id).toBe(ROOM);
      for (const j of joiners) links.push(await connectLink(j, ROOM, TIMEOUT));
      await expect.poll(() => successor.accepted.length, { timeout: TIMEOUT }).toBe(3);

      const s = stack.stats();
      console.log(
        `[signaling-transport] relayed ${s.relayed} (${s.repliesUncharged} uncharged replies); dropped ${s.offersDropped + s.unknownConnections + s.connectionsFull + s.malformed + s.queueDrops}`,
      );
      expect(s.relayed).toBeGreaterThan(0);
      expect(s.repliesUncharged).toBeGreaterThan(0);
      expect({
        offersDropped: s.offersDropped,
        unknownConnections: s.unknownConnections,
        connectionsFull: s.connectionsFull,
        malformed: s.malformed,
        queueDrops: s.queueDrops,
        messagesRefused: s.messagesRefused,
      }).toEqual({
        offersDropped: 0,
        unknownConnections: 0,
        connectionsFull: 0,
        malformed: 0,
        queueDrops: 0,
        messagesRefused: 0,
      });
    },
  );
});
