import { describe, expect, it } from 'vitest';
import { PasswordGuard, type PasswordPolicy } from '../../../src/host/password-guard';
import { passwordsMatch } from '../../../src/lobby/password';

const policy: PasswordPolicy = {
  attemptsPerPeer: 3,
  peerLockMs: 60_000,
  freeLobbyFailures: 5,
  lobbyBackoffBaseMs: 1000,
  lobbyBackoffMaxMs: 30_000,
  maxTrackedPeers: 4,
};

describe('PasswordGuard', () => {
  it('lets everyone in when the lobby has no password, counting nothing', () => {
    const g = new PasswordGuard('', policy);
    for (let i = 0; i < 20; i++) expect(g.check('x', ['a'], i)).toEqual({ ok: true });
    expect(g.lobbyStreak).toBe(0);
  });

  it('gives a peer 3 attempts, then refuses it unheard until the lock runs out', () => {
    const g = new PasswordGuard('secret', policy);
    expect(g.check('a', ['t1'], 0)).toEqual({ ok: false, reason: 'password', attemptsLeft: 2 });
    expect(g.check('b', ['t1'], 1)).toEqual({ ok: false, reason: 'password', attemptsLeft: 1 });
    expect(g.check('c', ['t1'], 2)).toEqual({ ok: false, reason: 'password', attemptsLeft: 0 });
    // The right password is not even compared while locked.
    expect(g.check('secret', ['t1'], 3)).toMatchObject({ ok: false, reason: 'attempts' });
    expect(g.check('secret', ['t1'], 2 + 60_000)).toEqual({ ok: true });
  });

  it('locks a peer known by any of its keys (a new token from the same source is still locked)', () => {
    const g = new PasswordGuard('secret', policy);
    for (let i = 0; i < 3; i++) g.check('x', ['token:a', 'source:1.2.3.4'], i);
    expect(g.check('secret', ['token:b', 'source:1.2.3.4'], 10)).toMatchObject({ ok: false, reason: 'attempts' });
    expect(g.check('secret', ['token:c', 'source:5.6.7.8'], 10)).toEqual({ ok: true });
  });

  it('backs the whole lobby off, doubling, when wrong passwords keep coming from fresh peers', () => {
    const g = new PasswordGuard('secret', policy);
    for (let i = 0; i < 5; i++) expect(g.check('x', [`p${i}`], 0)).toMatchObject({ reason: 'password' });
    // 6th failure: the lobby locks for 1 s, then 2 s, 4 s…
    expect(g.check('x', ['p5'], 0)).toMatchObject({ reason: 'password' });
    expect(g.check('secret', ['honest'], 999)).toEqual({ ok: false, reason: 'attempts', retryAfterMs: 1 });
    expect(g.check('x', ['p6'], 1000)).toMatchObject({ reason: 'password' });
    expect(g.check('x', ['p7'], 2999)).toEqual({ ok: false, reason: 'attempts', retryAfterMs: 1 });
    expect(g.check('secret', ['honest'], 3000)).toEqual({ ok: true });
    expect(g.lobbyStreak).toBe(0);
  });

  it('caps the backoff and the peers it remembers', () => {
    const g = new PasswordGuard('secret', policy);
    let t = 0;
    for (let i = 0; i < 40; i++) {
      const r = g.check('x', [`p${i}`], t);
      if (!r.ok && r.reason === 'attempts') t += r.retryAfterMs;
      expect(!r.ok && r.reason === 'attempts' ? r.retryAfterMs : 0).toBeLessThanOrEqual(30_000);
    }
  });
});

describe('passwordsMatch', () => {
  it('compares whole strings, bytewise, any length', () => {
    expect(passwordsMatch('secret', 'secret')).toBe(true);
    expect(passwordsMatch('secret', 'secreT')).toBe(false);
    expect(passwordsMatch('secret', 'secret ')).toBe(false);
    expect(passwordsMatch('', 'secret')).toBe(false);
    expect(passwordsMatch('é', 'e\u0301')).toBe(false);
    expect(passwordsMatch('x'.repeat(300), 'x'.repeat(300))).toBe(false); // longer than the wire allows
  });
});
