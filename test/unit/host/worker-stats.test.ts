import { describe, expect, it } from 'vitest';
import { asKickNotice } from '../../../src/host/worker-api';
import { readWorkerStats } from '../../../src/host/worker-stats';

describe('readWorkerStats', () => {
  it('reads the tick and per-client round trips from arrays or maps', () => {
    const a = readWorkerStats({
      tick: 120,
      clients: [
        { clientId: 2, rttMs: 30 },
        { id: 3, rtt: 12.5 },
      ],
    });
    expect(a.tick).toBe(120);
    expect([...a.pingsMs]).toEqual([
      [2, 30],
      [3, 12.5],
    ]);
    const b = readWorkerStats({ serverTick: 7, clients: { '4': { rttMs: 80 } } });
    expect(b.tick).toBe(7);
    expect([...b.pingsMs]).toEqual([[4, 80]]);
  });

  it('degrades to unknown on anything else', () => {
    for (const bad of [null, 3, 'x', { tick: 'no' }, { clients: [null, { clientId: 'a', rttMs: 1 }] }]) {
      const s = readWorkerStats(bad);
      expect(s.tick).toBeNull();
      expect(s.pingsMs.size).toBe(0);
    }
  });
});

describe('asKickNotice', () => {
  it('accepts kicks and refuses other shapes', () => {
    expect(asKickNotice({ type: 'kick', clientId: 3, reason: 'flood', text: 'too many' })).toEqual({
      type: 'kick',
      clientId: 3,
      reason: 'flood',
      text: 'too many',
    });
    expect(asKickNotice({ type: 'kick', clientId: 3, reason: 'weird' })).toEqual({
      type: 'kick',
      clientId: 3,
      reason: 'malformed',
      text: '',
    });
    expect(asKickNotice({ type: 'stats' })).toBeNull();
    expect(asKickNotice(null)).toBeNull();
  });
});
