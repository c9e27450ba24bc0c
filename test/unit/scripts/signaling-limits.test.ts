// The signaling server's limit bookkeeping (scripts/*.mjs), each part on a virtual clock (virtual-clock.ts).
// The ids held for their owners (id-holds.mjs) are tested in id-holds.test.ts.
import { describe, expect, it } from 'vitest';
import { AddressLimits } from '../../../scripts/address-limits.mjs';
import { LimitLog } from '../../../scripts/limit-log.mjs';
import { LIMIT_DEFAULTS, readLimitsEnv } from '../../../scripts/signaling-limits.mjs';
import { TokenBucket } from '../../../scripts/token-bucket.mjs';
import { clock } from './virtual-clock';

describe('TokenBucket', () => {
  it('admits a burst, then exactly the refill rate', () => {
    const b = new TokenBucket(5, 2, 0);
    let taken = 0;
    for (let i = 0; i < 20; i++) if (b.take(0)) taken++;
    expect(taken).toBe(5);
    // 2 per second: after 1.5 s, 3 tokens.
    taken = 0;
    for (let i = 0; i < 20; i++) if (b.take(1500)) taken++;
    expect(taken).toBe(3);
  });

  it('never refills past the burst and ignores time going backwards', () => {
    const b = new TokenBucket(3, 100, 0);
    expect(b.full(60_000)).toBe(true);
    for (let i = 0; i < 3; i++) b.take(60_000);
    b.refill(10);
    expect(b.take(60_000)).toBe(false);
  });
});

describe('AddressLimits', () => {
  const limits = { maxSockets: 3, connectsPerS: 1, messagesPerS: 10, messageBurst: 20 };

  it('caps open sockets per address, and a released socket frees a place', () => {
    const c = clock();
    const a = new AddressLimits(limits, c.now);
    expect([a.admitSocket('1.1.1.1'), a.admitSocket('1.1.1.1'), a.admitSocket('1.1.1.1')]).toEqual(['ok', 'ok', 'ok']);
    c.advance(5000); // the connect bucket is not what stops the fourth
    expect(a.admitSocket('1.1.1.1')).toBe('too-many-sockets');
    expect(a.admitSocket('2.2.2.2')).toBe('ok'); // another address is not affected
    a.releaseSocket('1.1.1.1');
    expect(a.admitSocket('1.1.1.1')).toBe('ok');
    expect(a.openSockets('1.1.1.1')).toBe(3);
  });

  it('refuses sockets opened faster than the connect rate after a burst of maxSockets', () => {
    const c = clock();
    const a = new AddressLimits(limits, c.now);
    for (let i = 0; i < 3; i++) (a.admitSocket('1.1.1.1'), a.releaseSocket('1.1.1.1'));
    expect(a.admitSocket('1.1.1.1')).toBe('too-fast');
    c.advance(1000);
    expect(a.admitSocket('1.1.1.1')).toBe('ok');
  });

  it('admits a burst of messages per address, then the rate', () => {
    const c = clock();
    const a = new AddressLimits(limits, c.now);
    let n = 0;
    for (let i = 0; i < 100; i++) if (a.admitMessage('1.1.1.1')) n++;
    expect(n).toBe(20);
    expect(a.admitMessage('2.2.2.2')).toBe(true);
    c.advance(500);
    n = 0;
    for (let i = 0; i < 100; i++) if (a.admitMessage('1.1.1.1')) n++;
    expect(n).toBe(5);
  });

  it('forgets idle addresses once their buckets refilled, never one with open sockets', () => {
    const c = clock();
    const a = new AddressLimits(limits, c.now);
    a.admitSocket('1.1.1.1');
    a.admitSocket('2.2.2.2');
    a.releaseSocket('2.2.2.2');
    a.prune();
    expect(a.size).toBe(2); // 2.2.2.2's connect bucket is not full yet
    c.advance(10_000);
    a.prune();
    expect(a.size).toBe(1);
    expect(a.openSockets('1.1.1.1')).toBe(1);
  });
});

describe('LimitLog', () => {
  it('writes one line per kind and address per window, then reports how many it swallowed', () => {
    const c = clock();
    const lines: string[] = [];
    const log = new LimitLog((l) => lines.push(l), c.now, 10_000);
    for (let i = 0; i < 50; i++) log.hit('sockets', '1.1.1.1', '1.1.1.1 has too many sockets');
    log.hit('sockets', '2.2.2.2', '2.2.2.2 has too many sockets');
    log.hit('size', '1.1.1.1', '1.1.1.1 sent a big message');
    expect(lines).toEqual([
      '[signaling] 1.1.1.1 has too many sockets',
      '[signaling] 2.2.2.2 has too many sockets',
      '[signaling] 1.1.1.1 sent a big message',
    ]);
    c.advance(10_000);
    log.hit('sockets', '1.1.1.1', '1.1.1.1 has too many sockets');
    expect(lines[3]).toBe('[signaling] 1.1.1.1 has too many sockets (+49 more in the last 10 s)');
  });

  it('folds hits into one line per kind when too many addresses are remembered', () => {
    const c = clock();
    const lines: string[] = [];
    const log = new LimitLog((l) => lines.push(l), c.now, 10_000, 4);
    for (let i = 0; i < 1000; i++) log.hit('sockets', `10.0.${i >> 8}.${i & 255}`, 'x');
    expect(lines.length).toBe(5); // four addresses, then one folded line
  });
});

describe('readLimitsEnv', () => {
  it('uses the documented defaults', () => {
    const r = readLimitsEnv({});
    if (!r.ok) throw new Error(r.errors.join());
    expect(r.value).toMatchObject({
      maxSockets: LIMIT_DEFAULTS.maxSockets,
      messagesPerS: 50,
      messageBurst: 1000,
      maxMessageBytes: 8192,
      idGraceMs: 60_000,
      replaceSilenceMs: 8000,
      trustProxy: null,
    });
    expect(r.value).toMatchObject({
      offersPerS: 2,
      openOffers: 48,
      addressOpenOffers: 192,
      destOffersPerS: 8,
      destOpenOffers: 256,
      connectionMessages: 64,
      connectionBytes: 65_536,
      connectionTtlMs: 60_000,
    });
    expect(r.value).toMatchObject({
      httpMaxConnections: 256,
      httpHeadersTimeoutMs: 10_000,
      httpRequestTimeoutMs: 30_000,
    });
  });

  it('reads the relay and web server limits and names each bad one', () => {
    const ok = readLimitsEnv({
      REWIND_SIGNAL_OFFERS_PER_S: '1',
      REWIND_SIGNAL_OPEN_OFFERS: '10',
      REWIND_SIGNAL_DEST_OFFERS_PER_S: '4',
      REWIND_SIGNAL_DEST_OPEN_OFFERS: '100',
      REWIND_SIGNAL_CONNECTION_MESSAGES: '32',
      REWIND_SIGNAL_CONNECTION_TTL_S: '15',
      REWIND_HTTP_MAX_CONNECTIONS: '50',
      REWIND_HTTP_HEADERS_TIMEOUT_S: '2',
      REWIND_HTTP_REQUEST_TIMEOUT_S: '5',
    });
    if (!ok.ok) throw new Error(ok.errors.join());
    expect(ok.value).toMatchObject({
      offersPerS: 1,
      openOffers: 10,
      addressOpenOffers: 40,
      destOffersPerS: 4,
      destOpenOffers: 100,
      connectionMessages: 32,
      connectionTtlMs: 15_000,
    });
    expect(ok.value).toMatchObject({ httpMaxConnections: 50, httpHeadersTimeoutMs: 2000, httpRequestTimeoutMs: 5000 });
    const bad = readLimitsEnv({
      REWIND_SIGNAL_OPEN_OFFERS: '0',
      REWIND_SIGNAL_CONNECTION_MESSAGES: '2',
      REWIND_HTTP_MAX_CONNECTIONS: 'many',
      REWIND_HTTP_HEADERS_TIMEOUT_S: '20',
      REWIND_HTTP_REQUEST_TIMEOUT_S: '10',
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.map((e) => e.split(':')[0])).toEqual([
      'REWIND_SIGNAL_OPEN_OFFERS',
      'REWIND_SIGNAL_CONNECTION_MESSAGES',
      'REWIND_HTTP_MAX_CONNECTIONS',
      'REWIND_HTTP_REQUEST_TIMEOUT_S',
    ]);
  });

  it('reads every variable and names each bad one', () => {
    const ok = readLimitsEnv({
      REWIND_SIGNAL_MAX_SOCKETS: '8',
      REWIND_SIGNAL_CONNECTS_PER_S: '0.5',
      REWIND_SIGNAL_MESSAGES_PER_S: '20',
      REWIND_SIGNAL_MAX_MESSAGE_BYTES: '4096',
      REWIND_SIGNAL_ID_GRACE_S: '5',
      REWIND_SIGNAL_REPLACE_SILENCE_S: '2.5',
      REWIND_TRUST_PROXY: '1',
    });
    if (!ok.ok) throw new Error(ok.errors.join());
    expect(ok.value).toMatchObject({
      maxSockets: 8,
      connectsPerS: 0.5,
      messagesPerS: 20,
      messageBurst: 400,
      maxMessageBytes: 4096,
      idGraceMs: 5000,
      replaceSilenceMs: 2500,
    });
    expect(ok.value.trustProxy).toBeTypeOf('function');
    const bad = readLimitsEnv({
      REWIND_SIGNAL_MAX_SOCKETS: '0',
      REWIND_SIGNAL_MAX_MESSAGE_BYTES: '100',
      REWIND_SIGNAL_ID_GRACE_S: 'soon',
      REWIND_SIGNAL_REPLACE_SILENCE_S: '-1',
      REWIND_TRUST_PROXY: 'true',
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.map((e) => e.split(':')[0])).toEqual([
      'REWIND_SIGNAL_MAX_SOCKETS',
      'REWIND_SIGNAL_MAX_MESSAGE_BYTES',
      'REWIND_SIGNAL_ID_GRACE_S',
      'REWIND_SIGNAL_REPLACE_SILENCE_S',
      'REWIND_TRUST_PROXY',
    ]);
  });
});
