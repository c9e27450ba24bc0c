import { describe, expect, it } from 'vitest';
import { joinLinkProblem, lobbyLink, parseJoinHash } from '../../../src/lobby/link';

const page = { origin: 'http://192.168.1.5:8080', pathname: '/', search: '' };

describe('lobby links', () => {
  it('put the room id in the hash and round-trip', () => {
    const link = lobbyLink(page, 'abcdefghijk23456');
    expect(link).toBe('http://192.168.1.5:8080/#join=abcdefghijk23456');
    expect(parseJoinHash(new URL(link).hash)).toBe('abcdefghijk23456');
  });

  it('keep signaling parameters and drop personal ones (cvars, names)', () => {
    const link = lobbyLink({ ...page, search: '?net_fakelag=100&peer=example.org:9000/peerjs&name=bob&ice=stun:s:3478' }, 'abcdefghijk23456');
    const url = new URL(link);
    expect(url.searchParams.get('peer')).toBe('example.org:9000/peerjs');
    expect(url.searchParams.get('ice')).toBe('stun:s:3478');
    expect(url.searchParams.has('net_fakelag')).toBe(false);
    expect(url.searchParams.has('name')).toBe(false);
  });

  it('refuse malformed or hostile hashes', () => {
    for (const h of ['', '#', '#join=', '#join=short', '#join=ABCDEFGHIJKLMNOP', '#join=abcdefghijk2345<', '#other=abcdefghijk23456']) {
      expect(parseJoinHash(h)).toBeNull();
    }
    expect(parseJoinHash('join=abcdefghijk23456')).toBe('abcdefghijk23456');
  });
});

describe('malformed lobby links', () => {
  it('say why a #join= link is not one, and stay quiet for good links and other hashes', () => {
    expect(joinLinkProblem('#join=abc')).toMatch(/^This lobby link is malformed: "abc" is not a lobby id/);
    expect(joinLinkProblem('#join=')).toMatch(/names no lobby/);
    expect(joinLinkProblem('#JOIN')).toMatch(/malformed/);
    expect(joinLinkProblem('#join=<img src=x onerror=alert(1)>' + 'x'.repeat(100))).toMatch(/…" is not/);
    expect(joinLinkProblem('#join=abcdefghijklmnop')).toBeNull();
    expect(joinLinkProblem('')).toBeNull();
    expect(joinLinkProblem('#section-2')).toBeNull();
  });
});
