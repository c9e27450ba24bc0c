/**
 * The signaling server's defenses against real sockets: the `peer` package's PeerServer behind
 * scripts/signaling-guard.mjs on loopback, clients from distinct source addresses (127.0.0.x:
 * Linux routes all of 127/8 to loopback) or through a trusted proxy's X-Forwarded-For.
 * Each test fails without the limit it names (they are switched on one at a time where possible).
 * Here: ids held for their owner (tokens, takeover tokens, grace); per-address limits are in
 * signaling-address-limits.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useGuardCleanup, startServer, connect, typeOf, offer, until } from './signaling-guard-kit';

useGuardCleanup();

describe('ids held for their owner', () => {
  it('keeps a dropped host id for its token: an impostor gets ID-TAKEN, the owner gets it back and its offers', async () => {
    const { port, logs } = await startServer();
    const host = connect(port, 'rewind-aaaa', 'hosttoken');
    expect(typeOf(await host.first)).toBe('OPEN');
    host.ws.close();
    await host.closed;
    const impostor = connect(port, 'rewind-aaaa', 'impostor', { from: '127.0.0.9' });
    expect(typeOf(await impostor.first)).toBe('ID-TAKEN');
    expect(
      logs.some((l) => /127\.0\.0\.9 asked for id "rewind-aaaa" \(held for its owner for \d+ s more\)/.test(l)),
    ).toBe(true);
    const back = connect(port, 'rewind-aaaa', 'hosttoken');
    expect(typeOf(await back.first)).toBe('OPEN');
    // The id routes to the real host again.
    const joiner = connect(port, 'joiner1', 'jt');
    await joiner.first;
    joiner.ws.send(offer('rewind-aaaa'));
    await until(() => back.received.some((m) => m.type === 'OFFER' && m.src === 'joiner1'));
  });

  it('frees the id after the grace period', async () => {
    const { port } = await startServer({ idGraceMs: 200 });
    const host = connect(port, 'rewind-bbbb', 'hosttoken');
    await host.first;
    host.ws.close();
    await host.closed;
    await new Promise((r) => setTimeout(r, 300));
    expect(typeOf(await connect(port, 'rewind-bbbb', 'someone').first)).toBe('OPEN');
  });

  it('lets the owner back in while its old socket is open but silent (a silent drop), closing the old one', async () => {
    const { port } = await startServer({ replaceSilenceMs: 300 });
    const old = connect(port, 'rewind-cccc', 'hosttoken');
    await old.first;
    // This test socket sends no heartbeat: after the replace silence it counts as gone.
    await new Promise((r) => setTimeout(r, 400));
    const fresh = connect(port, 'rewind-cccc', 'hosttoken');
    expect(typeOf(await fresh.first)).toBe('OPEN');
    await old.closed;
    expect(typeOf(await connect(port, 'rewind-cccc', 'other').first)).toBe('ID-TAKEN');
  });

  it("never lets a takeover token take the id from a live host that heartbeats; once it took over, never lets the old host's token take it back", async () => {
    const { port, logs } = await startServer({ replaceSilenceMs: 600 });
    const host = connect(port, 'rewind-eeee', 'hosttoken', { takeover: 'succtoken' });
    expect(typeOf(await host.first)).toBe('OPEN');
    const heartbeat = setInterval(() => host.ws.send(JSON.stringify({ type: 'HEARTBEAT' })), 100);
    try {
      await new Promise((r) => setTimeout(r, 800));
      const early = connect(port, 'rewind-eeee', 'succown', { from: '127.0.0.6', claim: 'succtoken' });
      expect(typeOf(await early.first)).toBe('ID-TAKEN');
      expect(
        logs.some((l) =>
          l.includes(
            '127.0.0.6 asked for id "rewind-eeee" (in use) with its takeover token while the owner still speaks: refused',
          ),
        ),
      ).toBe(true);
    } finally {
      clearInterval(heartbeat);
    }
    // Once the host falls silent, its successor's takeover token replaces it...
    await new Promise((r) => setTimeout(r, 700));
    const successor = connect(port, 'rewind-eeee', 'succown', {
      from: '127.0.0.6',
      takeover: 'nexttoken',
      claim: 'succtoken',
    });
    expect(typeOf(await successor.first)).toBe('OPEN');
    const beat = setInterval(() => successor.ws.send(JSON.stringify({ type: 'HEARTBEAT' })), 100);
    try {
      // ...and the old host coming back with its own token, or a second successor with the same
      // claim, is refused: never two hosts.
      await new Promise((r) => setTimeout(r, 200));
      expect(typeOf(await connect(port, 'rewind-eeee', 'hosttoken', { from: '127.0.0.7' }).first)).toBe('ID-TAKEN');
      expect(
        typeOf(await connect(port, 'rewind-eeee', 'secondown', { from: '127.0.0.9', claim: 'succtoken' }).first),
      ).toBe('ID-TAKEN');
      // The successor still owns the id: offers reach it.
      const joiner = connect(port, 'joiner2', 'jt');
      await joiner.first;
      joiner.ws.send(offer('rewind-eeee'));
      await until(() => successor.received.some((m) => m.type === 'OFFER' && m.src === 'joiner2'));
    } finally {
      clearInterval(beat);
    }
  });

  it("lets a live host's own token replace its socket at once (a new socket after its network changed)", async () => {
    const { port } = await startServer({ replaceSilenceMs: 60_000 });
    const host = connect(port, 'rewind-ffff', 'hosttoken', { takeover: 'succtoken' });
    expect(typeOf(await host.first)).toBe('OPEN');
    const again = connect(port, 'rewind-ffff', 'hosttoken', { from: '127.0.0.8', takeover: 'succtoken' });
    expect(typeOf(await again.first)).toBe('OPEN');
    await host.closed;
    const joiner = connect(port, 'joiner3', 'jt');
    await joiner.first;
    joiner.ws.send(offer('rewind-ffff'));
    await until(() => again.received.some((m) => m.type === 'OFFER' && m.src === 'joiner3'));
  });

  it('refuses a query that names the id twice (peer would register the last, we would check the first)', async () => {
    const { port } = await startServer();
    const host = connect(port, 'rewind-dddd', 'hosttoken');
    await host.first;
    host.ws.close();
    await host.closed;
    const sneaky = connect(port, 'harmless', 'x&id=rewind-dddd');
    expect(await sneaky.first).toEqual({ type: 'ERROR', payload: { msg: 'Invalid id, token or query' } });
  });
});
