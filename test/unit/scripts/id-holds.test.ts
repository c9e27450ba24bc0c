// Ids held for their owners on the signaling server (scripts/id-holds.mjs), on a virtual clock: grace
// periods, the owner's and a takeover token's replacement of a live socket, and the bounds of the holds.
import { describe, expect, it } from 'vitest';
import { IdHolds, REPLACE_SILENCE_MS } from '../../../scripts/id-holds.mjs';
import { clock } from './virtual-clock';

describe('IdHolds', () => {
  it("holds a dropped id for its owner's token (and its takeover token) during the grace period only", () => {
    const c = clock();
    const h = new IdHolds(60_000, c.now);
    const owner = {};
    expect(h.check('rewind-a', 'tok', null)).toEqual({ verdict: 'free' });
    h.own('rewind-a', 'tok', owner, 'h-succ');
    expect(h.check('rewind-a', 'other', null)).toEqual({ verdict: 'taken', heldMs: 0 });
    h.dropped('rewind-a', owner);
    c.advance(59_000);
    expect(h.check('rewind-a', 'other', null)).toEqual({ verdict: 'taken', heldMs: 1000 });
    expect(h.check('rewind-a', 'tok', null)).toEqual({ verdict: 'free' });
    // A successor claims a closed host's id at once with the takeover token.
    expect(h.check('rewind-a', 'succ-own', 'h-succ')).toEqual({ verdict: 'free' });
    c.advance(1000);
    expect(h.check('rewind-a', 'other', null)).toEqual({ verdict: 'free' });
  });

  it("lets the owner's own token replace its live socket at once (a new socket after a network change)", () => {
    const c = clock();
    const h = new IdHolds(60_000, c.now);
    const host = {};
    h.own('rewind-a', 'host-token', host, 'h-succ');
    h.heard('rewind-a', host);
    expect(h.check('rewind-a', 'host-token', null)).toEqual({ verdict: 'replace', old: host });
  });

  it('lets a takeover token replace a live socket only after it was silent for REPLACE_SILENCE_MS; after the takeover, the old host is refused', () => {
    const c = clock();
    const h = new IdHolds(60_000, c.now);
    const host = {};
    h.own('rewind-a', 'host-token', host, 'h-succ');
    // The host heartbeats: its successor's token never takes the id from it.
    for (let i = 0; i < 5; i++) {
      c.advance(5000);
      h.heard('rewind-a', host);
      expect(h.check('rewind-a', 'succ-own', 'h-succ')).toEqual({ verdict: 'taken', heldMs: 0 });
    }
    h.heard('rewind-a', {}); // another socket's message does not keep the owner alive
    c.advance(REPLACE_SILENCE_MS - 1);
    expect(h.check('rewind-a', 'succ-own', 'h-succ').verdict).toBe('taken');
    c.advance(1);
    expect(h.check('rewind-a', 'succ-own', 'h-succ')).toEqual({ verdict: 'replace', old: host });
    // Silence never lets another token in.
    expect(h.check('rewind-a', 'stranger', null).verdict).toBe('taken');
    // The successor owns the id now, under its own token and takeover hash: neither the old host's
    // token nor a second successor with the same claim can take it, even once it falls silent.
    const successor = {};
    h.own('rewind-a', 'succ-own', successor, 'h-next');
    c.advance(REPLACE_SILENCE_MS);
    expect(h.check('rewind-a', 'host-token', null)).toEqual({ verdict: 'taken', heldMs: 0 });
    expect(h.check('rewind-a', 'second-own', 'h-succ')).toEqual({ verdict: 'taken', heldMs: 0 });
    const custom = new IdHolds(60_000, c.now, 10, 100);
    custom.own('x', 't', successor, 'h-s');
    c.advance(100);
    expect(custom.check('x', 's-own', 'h-s').verdict).toBe('replace');
  });

  it('keeps the hold until the owner is accepted again, and ignores drops of other sockets', () => {
    const c = clock();
    const h = new IdHolds(1000, c.now);
    const first = {};
    h.own('x', 't', first);
    h.dropped('x', {}); // not the owner's socket
    expect(h.live.size).toBe(1);
    h.dropped('x', first);
    expect(h.check('x', 't', null).verdict).toBe('free'); // checking does not end the hold...
    expect(h.check('x', 'u', null).verdict).toBe('taken');
    h.own('x', 't', {}); // ...being accepted does
    expect(h.held.size).toBe(0);
  });

  it('holds nothing with a zero grace, and at most maxHeld ids (oldest dropped first)', () => {
    const c = clock();
    const none = new IdHolds(0, c.now);
    const s = {};
    none.own('x', 't', s);
    none.dropped('x', s);
    expect(none.check('x', 'u', null).verdict).toBe('free');
    const few = new IdHolds(60_000, c.now, 2);
    for (const id of ['a', 'b', 'c']) {
      const sock = {};
      few.own(id, 't', sock);
      few.dropped(id, sock);
    }
    expect([...few.held.keys()]).toEqual(['b', 'c']);
    c.advance(60_000);
    few.prune();
    expect(few.held.size).toBe(0);
  });
});
