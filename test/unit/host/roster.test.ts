import { describe, expect, it } from 'vitest';
import { Roster, SILENCE_TIMEOUT_MS } from '../../../src/host/roster';

describe('Roster', () => {
  it('gives the lowest free id and unique names', () => {
    const r = new Roster();
    const host = r.add('Ada', '', true, 0)!;
    const b = r.add('Ada', 'p1', false, 0)!;
    const c = r.add('Cy', 'p2', false, 0)!;
    expect([host.id, b.id, c.id]).toEqual([1, 2, 3]);
    expect(b.name).toBe('Ada (2)');
    r.remove(b.id);
    expect(r.add('Dee', 'p3', false, 0)!.id).toBe(2);
    expect(r.lobbyList().map((p) => p.name)).toEqual(['Ada', 'Dee', 'Cy']);
  });

  it('finds remote members silent for more than 5 s, never the host', () => {
    const r = new Roster();
    r.add('Host', '', true, 0);
    const a = r.add('A', 'pa', false, 0)!;
    const b = r.add('B', 'pb', false, 0)!;
    r.heard(a.id, 4000);
    expect(r.silent(SILENCE_TIMEOUT_MS)).toEqual([]);
    expect(r.silent(SILENCE_TIMEOUT_MS + 1).map((m) => m.id)).toEqual([b.id]);
    expect(r.silent(4000 + SILENCE_TIMEOUT_MS + 1).map((m) => m.id)).toEqual([a.id, b.id]);
  });

  it('remembers kicked peers and rounds pings', () => {
    const r = new Roster();
    const a = r.add('A', 'pa', false, 0)!;
    r.markKicked('pa');
    r.markKicked('');
    expect(r.wasKicked('pa')).toBe(true);
    expect(r.wasKicked('')).toBe(false);
    r.setPing(a.id, 41.6);
    r.setPing(a.id, Number.NaN);
    expect(r.get(a.id)!.pingMs).toBe(42);
  });
});
