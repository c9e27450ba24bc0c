// TURN credentials per visitor (scripts/turn-credentials.mjs): coturn's REST scheme, checked
// against an HMAC computed here independently, and through /rewind-config.json's pageConfig.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageConfig, readSignalingEnv } from '../../../scripts/signaling.mjs';
import { readTurnEnv, turnIceServers } from '../../../scripts/turn-credentials.mjs';

const SECRET = 'a-long-enough-lab-secret';
const env = { REWIND_TURN_HOST: 'turn.example.org', REWIND_TURN_SECRET: SECRET, REWIND_TURN_TTL_S: '600' };

describe('TURN credentials', () => {
  it('is off without REWIND_TURN_HOST', () => {
    expect(readTurnEnv({})).toEqual({ ok: true, value: null });
  });

  it('refuses a missing or short secret, a bad port or ttl', () => {
    expect(readTurnEnv({ REWIND_TURN_HOST: 'x.org' }).ok).toBe(false);
    expect(readTurnEnv({ ...env, REWIND_TURN_PORT: '70000' }).ok).toBe(false);
    expect(readTurnEnv({ ...env, REWIND_TURN_TTL_S: '0' }).ok).toBe(false);
    const r = readTurnEnv({ ...env, REWIND_TURN_SECRET: 'short' });
    expect(r.ok ? [] : r.errors.join(' ')).toMatch(/REWIND_TURN_SECRET/);
  });

  it("makes '<expiry>:<id>' usernames with base64(HMAC-SHA1(secret, username)) and STUN from the same server", () => {
    const r = readTurnEnv(env);
    if (!r.ok || !r.value) throw new Error('settings');
    const [stun, turn] = turnIceServers(r.value, 1_000_000, 'abc');
    expect(stun).toEqual({ urls: 'stun:turn.example.org:3478' });
    expect(turn?.urls).toEqual([
      'turn:turn.example.org:3478?transport=udp',
      'turn:turn.example.org:3478?transport=tcp',
    ]);
    expect(turn?.username).toBe('1000600:abc');
    expect(turn?.credential).toBe(createHmac('sha1', SECRET).update('1000600:abc').digest('base64'));
    expect(JSON.stringify([stun, turn])).not.toContain(SECRET);
  });

  it('gives every visitor of /rewind-config.json its own pair, expiring ttl after the request', () => {
    const s = readSignalingEnv(env, { webPort: 0, peerPort: 0 });
    if (!s.ok) throw new Error(s.errors.join());
    const a = pageConfig(s.value, 5000).iceServers[1];
    const b = pageConfig(s.value, 5000).iceServers[1];
    expect(a?.username?.startsWith('5600:')).toBe(true);
    expect(a?.username).not.toBe(b?.username);
    expect(a?.credential).not.toBe(b?.credential);
  });

  it('turns TCP off with REWIND_TURN_TCP=0', () => {
    const r = readTurnEnv({ ...env, REWIND_TURN_TCP: '0' });
    if (!r.ok || !r.value) throw new Error('settings');
    expect(turnIceServers(r.value, 0)[1]?.urls).toEqual(['turn:turn.example.org:3478?transport=udp']);
  });
});
