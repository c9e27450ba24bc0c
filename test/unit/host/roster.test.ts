import { describe, expect, it } from 'vitest';
import { Roster } from '../../../src/host/roster';

describe('Roster', () => {
  it('gives the lowest free id and unique names', () => {
    const r = new Roster();
    const host = r.add('Ada', '', true)!;
    const b = r.add('Ada', 'p1', false)!;
    const c = r.add('Cy', 'p2', false)!;
    expect([host.id, b.id, c.id]).toEqual([1, 2, 3]);
    expect(b.name).toBe('Ada (2)');
    r.remove(b.id);
    expect(r.add('Dee', 'p3', false)!.id).toBe(2);
    expect(r.lobbyList().map((p) => p.name)).toEqual(['Ada', 'Dee', 'Cy']);
  });

  it('rounds pings and ignores a non-finite one', () => {
    const r = new Roster();
    const a = r.add('A', 'pa', false)!;
    r.setPing(a.id, 41.6);
    r.setPing(a.id, Number.NaN);
    expect(r.get(a.id)!.pingMs).toBe(42);
  });
});
