import { describe, expect, it } from 'vitest';
import { joinLinkProblem, lobbyLink, parseJoinHash, parseLobbyHash } from '../../../src/lobby/link';
import { linkWarnings } from '../../../src/lobby/link-warnings';
import type { SignalingOptions } from '../../../src/transport/peer-link';

const page = { origin: 'http://192.168.1.5:8080', pathname: '/', search: '' };

describe('lobby links', () => {
  it('put the room id in the hash and round-trip', () => {
    const link = lobbyLink(page, 'abcdefghijk23456');
    expect(link).toBe('http://192.168.1.5:8080/#join=abcdefghijk23456');
    expect(parseJoinHash(new URL(link).hash)).toBe('abcdefghijk23456');
  });

  it('keep signaling parameters and drop personal ones (cvars, names)', () => {
    const link = lobbyLink(
      { ...page, search: '?net_fakelag=100&peer=example.org:9000/peerjs&name=bob&ice=stun:s:3478' },
      'abcdefghijk23456',
    );
    const url = new URL(link);
    expect(url.searchParams.get('peer')).toBe('example.org:9000/peerjs');
    expect(url.searchParams.get('ice')).toBe('stun:s:3478');
    expect(url.searchParams.has('net_fakelag')).toBe(false);
    expect(url.searchParams.has('name')).toBe(false);
  });

  it('refuse malformed or hostile hashes', () => {
    for (const h of [
      '',
      '#',
      '#join=',
      '#join=short',
      '#join=ABCDEFGHIJKLMNOP',
      '#join=abcdefghijk2345<',
      '#other=abcdefghijk23456',
    ]) {
      expect(parseJoinHash(h)).toBeNull();
    }
    expect(parseJoinHash('join=abcdefghijk23456')).toBe('abcdefghijk23456');
  });
});

describe('lobby links with a host key', () => {
  const key = 'A'.repeat(20) + '-_' + 'b'.repeat(21);
  it('carry the key fingerprint in the fragment and parse it back', () => {
    const link = lobbyLink(page, 'abcdefghijk23456', key);
    expect(new URL(link).search).toBe('');
    expect(parseLobbyHash(new URL(link).hash)).toEqual({
      target: { roomId: 'abcdefghijk23456', hostKey: key },
      problem: null,
    });
  });

  it('say a damaged key is damaged instead of joining without it', () => {
    const r = parseLobbyHash(`#join=abcdefghijk23456&key=${key.slice(1)}`);
    expect(r.target).toBeNull();
    expect(r.problem).toMatch(/damaged/);
    expect(parseLobbyHash('#join=abcdefghijk23456')).toEqual({
      target: { roomId: 'abcdefghijk23456', hostKey: null },
      problem: null,
    });
  });
});

describe('link warnings', () => {
  const defaults: SignalingOptions = {
    host: 'game.example',
    port: 443,
    path: '/peerjs',
    key: 'peerjs',
    secure: true,
    iceServers: [{ urls: 'stun:stun.example:3478' }],
  };
  it("say nothing for a link on the page's own servers with a key", () => {
    expect(linkWarnings({ ...defaults, iceServers: [...defaults.iceServers] }, defaults, 'k')).toEqual({
      sentences: [],
      serversDiffer: false,
    });
  });

  it('name another signaling server or other ICE servers, and never a TURN password', () => {
    const w = linkWarnings(
      {
        ...defaults,
        host: 'evil.example',
        iceServers: [{ urls: 'turn:evil.example:3478', username: 'u', credential: 'hunter2' }],
      },
      defaults,
      'k',
    );
    expect(w.serversDiffer).toBe(true);
    expect(w.sentences.join(' ')).toMatch(/evil\.example.*turn:evil\.example:3478/s);
    expect(w.sentences.join(' ')).not.toMatch(/hunter2/);
  });

  it('warn that a link without a key cannot verify the host', () => {
    const w = linkWarnings(defaults, defaults, null);
    expect(w.serversDiffer).toBe(false);
    expect(w.sentences).toHaveLength(1);
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
    // A well-formed id with a damaged key is its own problem, not a malformed id.
    expect(joinLinkProblem('#join=abcdefghijklmnop&key=xyz')).toMatch(/damaged/);
  });
});
