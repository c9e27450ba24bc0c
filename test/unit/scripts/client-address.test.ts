// Which address a signaling client is limited as (scripts/client-address.mjs), and the query check.
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress, parseTrustProxy } from '../../../scripts/client-address.mjs';
import { socketQuery } from '../../../scripts/signaling-guard.mjs';
import type { IncomingMessage } from 'node:http';

function req(
  remote: string,
  xff?: string,
): Pick<IncomingMessage, 'headers' | 'socket'> & { connection: { remoteAddress: string } } {
  const socket = { remoteAddress: remote } as IncomingMessage['socket'];
  return {
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    socket,
    connection: { remoteAddress: remote },
  };
}

function trust(raw: string) {
  const t = parseTrustProxy(raw);
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

describe('client address', () => {
  it('ignores X-Forwarded-For unless REWIND_TRUST_PROXY is set', () => {
    expect(clientAddress(req('203.0.113.9', '198.51.100.1'), null)).toBe('203.0.113.9');
    expect(clientAddress(req('127.0.0.1', '198.51.100.1'), trust(''))).toBe('127.0.0.1');
  });

  it('with one trusted hop takes the address the proxy appended, not what the client wrote', () => {
    // The client wrote "6.6.6.6" itself; the proxy appended the real 198.51.100.1.
    expect(clientAddress(req('127.0.0.1', '6.6.6.6, 198.51.100.1'), trust('1'))).toBe('198.51.100.1');
    expect(clientAddress(req('127.0.0.1', '6.6.6.6, 198.51.100.1'), trust('2'))).toBe('6.6.6.6');
  });

  it('with a list of proxies believes only requests from those proxies', () => {
    const t = trust('loopback, 10.0.0.0/8');
    expect(clientAddress(req('127.0.0.1', '198.51.100.1'), t)).toBe('198.51.100.1');
    expect(clientAddress(req('10.1.2.3', '198.51.100.7'), t)).toBe('198.51.100.7');
    expect(clientAddress(req('203.0.113.9', '198.51.100.1'), t)).toBe('203.0.113.9');
  });

  it("refuses 'true' and bad addresses with the variable's name", () => {
    for (const raw of ['true', 'bogus', '11']) {
      const r = parseTrustProxy(raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^REWIND_TRUST_PROXY: /);
    }
    expect(parseTrustProxy('0')).toEqual({ ok: true, value: null });
  });

  it('limits IPv4 per address and IPv6 per /64, IPv4-mapped as IPv4', () => {
    expect(addressKey('::ffff:192.0.2.4')).toBe('192.0.2.4');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('not an address')).toBe('unknown');
  });
});

describe('signaling socket query', () => {
  it("reads id, token and key as peer does, and refuses repeated names (peer would read the last one, we'd check the first)", () => {
    expect(socketQuery('/peerjs/peerjs?key=peerjs&id=rewind-abc&token=t1&version=1.5.5')).toEqual({
      key: 'peerjs',
      id: 'rewind-abc',
      token: 't1',
      version: '1.5.5',
    });
    expect(socketQuery('/peerjs/peerjs?key=peerjs&id=harmless&token=t&id=rewind-abc')).toBeNull();
  });

  it('refuses ids and tokens no PeerJS client sends', () => {
    expect(socketQuery(`/p?key=k&id=${'a'.repeat(65)}&token=t`)).toBeNull();
    expect(socketQuery('/p?key=k&id=<script>&token=t')).toBeNull();
    expect(socketQuery('/p?key=k&id=ok&token=a%20b')).toBeNull();
    expect(socketQuery('/p?key=k&id=3f1c-uuid-like-id&token=abc123')).not.toBeNull();
  });
});
