// The Content-Security-Policy of `npm run serve` (scripts/static-site.mjs); the headers and the
// game running under it are checked in real Chromium by test/e2e/serving.test.ts.
import { describe, expect, it } from 'vitest';
import { readSignalingEnv } from '../../../scripts/signaling.mjs';
import { cspDirectives, parseConnectSources, signalingSources } from '../../../scripts/static-site.mjs';

function settings(env: Record<string, string> = {}) {
  const r = readSignalingEnv(env, { webPort: 8080, peerPort: 0 });
  if (!r.ok) throw new Error(r.errors.join());
  return r.value;
}

describe('CSP', () => {
  it('allows no inline script, no eval, no plugins, no framing', () => {
    const d = cspDirectives(settings());
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['style-src']).toEqual(["'self'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(
      Object.values(d)
        .flat()
        .filter((s) => s.includes('unsafe')),
    ).toEqual([]);
  });

  it('connects to this origin only when the PeerServer shares it, else also to the configured one', () => {
    expect(cspDirectives(settings())['connect-src']).toEqual(["'self'"]);
    expect(
      cspDirectives(
        settings({
          REWIND_PEER_HOST: 'peer.example.org',
          REWIND_PEER_PORT: '443',
          REWIND_PEER_SECURE: '1',
          REWIND_PEER_EXTERNAL: '1',
        }),
      )['connect-src'],
    ).toEqual(["'self'", 'https://peer.example.org:443', 'wss://peer.example.org:443']);
    expect(signalingSources({ peerHost: '', peerPort: 9000, secure: false })).toEqual(['http://*:9000', 'ws://*:9000']);
    expect(signalingSources({ peerHost: '::1', peerPort: 9000, secure: false })).toEqual([
      'http://[::1]:9000',
      'ws://[::1]:9000',
    ]);
  });

  it('adds REWIND_CSP_CONNECT_SRC sources, and refuses anything that could break out of the directive', () => {
    expect(
      cspDirectives(settings({ REWIND_CSP_CONNECT_SRC: 'https://peer.example.org wss://peer.example.org' }))[
        'connect-src'
      ],
    ).toEqual(["'self'", 'https://peer.example.org', 'wss://peer.example.org']);
    expect(parseConnectSources('*.example.org:*')).toEqual(['*.example.org:*']);
    for (const bad of ["'self'; script-src 'unsafe-inline'", 'https://a.example,b', "'unsafe-eval'"])
      expect(() => parseConnectSources(bad)).toThrow(/^REWIND_CSP_CONNECT_SRC: /);
    const r = readSignalingEnv({ REWIND_CSP_CONNECT_SRC: 'x;y' }, { webPort: 8080, peerPort: 0 });
    expect(r.ok).toBe(false);
  });
});
