// TURN credentials that expire (issue 22): the page reads the expiry from coturn-style usernames
// and fetches new ones before using them past half their life; the open peer sees them in place.
import { describe, expect, it } from 'vitest';
import { iceExpiry, iceNeedsRefresh } from '../../../src/lobby/ice-expiry';
import { IceRefresher } from '../../../src/app/ice-refresh';

const turn = (expiry: number, id = 'x'): RTCIceServer[] => [
  { urls: 'stun:t:3478' },
  { urls: ['turn:t:3478?transport=udp'], username: `${expiry}:${id}`, credential: 'c' },
];

describe('ice expiry', () => {
  it('reads the earliest expiry from usernames, ignores static credentials', () => {
    expect(iceExpiry(turn(1_700_000_600))).toBe(1_700_000_600);
    expect(iceExpiry([...turn(1_700_000_600), ...turn(1_700_000_100)])).toBe(1_700_000_100);
    expect(iceExpiry([{ urls: 'turn:t', username: 'rewind', credential: 's' }])).toBeNull();
    expect(iceExpiry([])).toBeNull();
  });

  it('needs a refresh past half the life seen since the fetch', () => {
    expect(iceNeedsRefresh(turn(1_000_000_600), 1_000_000_000, 1_000_000_299)).toBe(false);
    expect(iceNeedsRefresh(turn(1_000_000_600), 1_000_000_000, 1_000_000_300)).toBe(true);
    expect(iceNeedsRefresh([{ urls: 'stun:t' }], 0, 1e12)).toBe(false);
  });
});

describe('IceRefresher', () => {
  it('fetches fresh credentials for an expired page and replaces them in place (the peer holds the same object)', async () => {
    let now = 1_000_000_000;
    const options = { iceServers: turn(now + 6, 'old') };
    const peerOptions = options; // what an open SignalingPeer keeps
    let loads = 0;
    const r = new IceRefresher(
      () => [options],
      async () => (loads++, turn(now + 6, 'new')),
      () => now,
    );
    await r.ensureFresh();
    expect(loads).toBe(0);
    now += 7; // expired
    await r.ensureFresh();
    expect(loads).toBe(1);
    expect(peerOptions.iceServers[1]?.username).toBe(`${now + 6}:new`);
    await r.ensureFresh();
    expect(loads).toBe(1);
  });

  it('keeps the old list when the fetch fails or brings no expiring credentials, and leaves static lists alone', async () => {
    let now = 1_000_000_000;
    const options = { iceServers: turn(now + 6, 'old') };
    const fixed = { iceServers: [{ urls: 'turn:t', username: 'u', credential: 'p' }] };
    const results: Array<() => Promise<RTCIceServer[]>> = [
      () => Promise.reject(new Error('offline')),
      async () => [],
      async () => turn(now + 6, 'new'),
    ];
    const r = new IceRefresher(
      () => [options, fixed],
      () => results.shift()!(),
      () => now,
    );
    now += 10;
    await r.ensureFresh();
    expect(options.iceServers[1]?.username).toMatch(/:old$/);
    await r.ensureFresh();
    expect(options.iceServers[1]?.username).toMatch(/:old$/);
    await r.ensureFresh();
    expect(options.iceServers[1]?.username).toMatch(/:new$/);
    expect(fixed.iceServers[0]?.username).toBe('u');
  });
});
