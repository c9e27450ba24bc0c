import { describe, expect, it } from 'vitest';
import {
  describeSignaling,
  parseIceParam,
  parsePeerParam,
  resolveSignaling,
} from '../../../src/lobby/signaling-config';
// The Node side (scripts) reads the same settings from the environment.
import { pageConfig, parseIceServers, readSignalingEnv } from '../../../scripts/signaling.mjs';

const page = { hostname: '10.0.0.7', port: '8080', protocol: 'http:' };

describe('page signaling config', () => {
  it('defaults to a PeerServer on the page host, port 9000, path /peerjs, no ICE servers', () => {
    const r = resolveSignaling(undefined, new URLSearchParams(), page);
    expect(r.options).toEqual({
      host: '10.0.0.7',
      port: 9000,
      path: '/peerjs',
      key: 'peerjs',
      secure: false,
      iceServers: [],
    });
    expect(r.issues).toEqual([]);
  });

  it('takes the served config, port 0 meaning the page port', () => {
    const served = {
      peer: { host: '', port: 0, path: '/signal', key: 'k1', secure: false },
      iceServers: [{ urls: 'turn:t.example:3478', username: 'u', credential: 'p' }],
    };
    const r = resolveSignaling(served, new URLSearchParams(), page);
    expect(r.options).toEqual({
      host: '10.0.0.7',
      port: 8080,
      path: '/signal',
      key: 'k1',
      secure: false,
      iceServers: [{ urls: 'turn:t.example:3478', username: 'u', credential: 'p' }],
    });
  });

  it('lets the URL override host, port, path, TLS, key and ICE', () => {
    const q = new URLSearchParams({
      peer: 'https://peer.example:443/p',
      peerkey: 'abc',
      ice: 'stun:s.example:3478,turn:t.example:3478',
    });
    const r = resolveSignaling({ peer: { host: 'x', port: 1 } }, q, page);
    expect(r.options).toMatchObject({ host: 'peer.example', port: 443, path: '/p', key: 'abc', secure: true });
    expect(r.options.iceServers).toEqual([{ urls: 'stun:s.example:3478' }, { urls: 'turn:t.example:3478' }]);
    expect(describeSignaling(r.options)).toBe('https://peer.example:443/p');
  });

  it('accepts ICE servers with credentials as JSON in the URL', () => {
    const ice = JSON.stringify([{ urls: ['turn:a:3478', 'turns:a:5349'], username: 'me', credential: 'pw' }]);
    expect(parseIceParam(ice)).toEqual([{ urls: ['turn:a:3478', 'turns:a:5349'], username: 'me', credential: 'pw' }]);
  });

  it('reports and ignores bad values instead of failing', () => {
    const q = new URLSearchParams({ peer: 'bad host!', peerkey: 'no spaces', ice: 'http://not-ice' });
    const r = resolveSignaling('garbage', q, page);
    expect(r.issues).toHaveLength(4);
    expect(r.options.host).toBe('10.0.0.7');
    expect(parsePeerParam('h:99999')).toBeNull();
    expect(parseIceParam('[{"nourls":1}]')).toBeNull();
    expect(parseIceParam('[not json')).toBeNull();
  });
});

describe('server signaling env', () => {
  it('has working defaults', () => {
    const r = readSignalingEnv({}, { webPort: 8080, peerPort: 0 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // No `secure`: an https:// page then signals over wss://, an http:// one over ws://.
    expect(pageConfig(r.value)).toEqual({
      peer: { host: '', port: 0, path: '/peerjs', key: 'peerjs' },
      iceServers: [],
    });
    const page = resolveSignaling(pageConfig(r.value), new URLSearchParams(), {
      hostname: 'game.example',
      port: '',
      protocol: 'https:',
    });
    expect(page.options).toMatchObject({ host: 'game.example', port: 443, secure: true });
  });

  it('reads every variable', () => {
    const r = readSignalingEnv(
      {
        REWIND_PORT: '3000',
        REWIND_PEER_HOST: 'peer.example',
        REWIND_PEER_PORT: '443',
        REWIND_PEER_PATH: 'sig',
        REWIND_PEER_KEY: 'k',
        REWIND_PEER_SECURE: '1',
        REWIND_PEER_EXTERNAL: '1',
        REWIND_ICE_SERVERS: '[{"urls":"turn:t:3478","username":"u","credential":"c"}]',
      },
      { webPort: 8080, peerPort: 0 },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      webPort: 3000,
      peerHost: 'peer.example',
      peerPort: 443,
      path: '/sig',
      key: 'k',
      secure: true,
      external: true,
    });
    expect(r.value.iceServers).toEqual([{ urls: 'turn:t:3478', username: 'u', credential: 'c' }]);
  });

  it('names the variable that is wrong', () => {
    const r = readSignalingEnv(
      { REWIND_PORT: 'eighty', REWIND_ICE_SERVERS: '{', REWIND_PEER_KEY: 'a b' },
      { webPort: 8080, peerPort: 0 },
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.join('\n')).toMatch(/REWIND_PORT/);
    expect(r.errors.join('\n')).toMatch(/REWIND_ICE_SERVERS/);
    expect(r.errors.join('\n')).toMatch(/REWIND_PEER_KEY/);
    expect(parseIceServers('stun:a:1,http://b').ok).toBe(false);
  });
});
