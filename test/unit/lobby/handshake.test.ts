import { describe, expect, it } from 'vitest';
import { decideHello, uniqueName, type HelloFacts, type PasswordOutcome } from '../../../src/lobby/handshake';

const facts: HelloFacts = {
  protocolVersion: 3,
  playerCount: 2,
  maxPlayers: 8,
  banned: false,
  started: false,
  joinRunningMatch: true,
  nameFits: () => true,
};
const hello = { protocolVersion: 3, name: 'Ada' };
const pass = (): PasswordOutcome => ({ ok: true });

describe('decideHello', () => {
  it('accepts a good hello with the normalized name', () => {
    expect(decideHello(hello, facts, pass)).toEqual({ accept: true, name: 'Ada' });
    expect(decideHello({ ...hello, name: 'ＡＤＡ\u200b ' }, facts, pass)).toEqual({ accept: true, name: 'ADA' });
  });

  it('checks the version first, without asking the password guard', () => {
    let asked = 0;
    const d = decideHello(
      { ...hello, protocolVersion: 2 },
      { ...facts, playerCount: 8 },
      () => (asked++, { ok: false, reason: 'password', attemptsLeft: 2 }),
    );
    expect(d).toMatchObject({ accept: false, reason: 'version' });
    expect(asked).toBe(0);
  });

  it('refuses a banned browser before the password is checked (a ban does not cost attempts)', () => {
    let asked = 0;
    expect(decideHello(hello, { ...facts, banned: true }, () => (asked++, pass()))).toMatchObject({
      accept: false,
      reason: 'kicked',
    });
    expect(asked).toBe(0);
  });

  it("passes the guard's refusal on with a detail that does not repeat the headline", () => {
    expect(decideHello(hello, facts, () => ({ ok: false, reason: 'password', attemptsLeft: 1 }))).toEqual({
      accept: false,
      reason: 'password',
      text: '1 attempt left.',
    });
    expect(decideHello(hello, facts, () => ({ ok: false, reason: 'attempts', retryAfterMs: 2500 }))).toEqual({
      accept: false,
      reason: 'attempts',
      text: 'Try again in 3 s.',
    });
  });

  it('refuses a full lobby (default 8) and caps the size at 32', () => {
    expect(decideHello(hello, { ...facts, playerCount: 8 }, pass)).toMatchObject({ accept: false, reason: 'full' });
    expect(decideHello(hello, { ...facts, playerCount: 7 }, pass)).toMatchObject({ accept: true });
    expect(decideHello(hello, { ...facts, maxPlayers: 40, playerCount: 32 }, pass)).toMatchObject({
      accept: false,
      reason: 'full',
    });
    expect(decideHello(hello, { ...facts, maxPlayers: 40, playerCount: 31 }, pass)).toMatchObject({ accept: true });
  });

  it('refuses joiners of a running match when the host says so', () => {
    expect(decideHello(hello, { ...facts, started: true, joinRunningMatch: false }, pass)).toMatchObject({
      accept: false,
      reason: 'started',
    });
    expect(decideHello(hello, { ...facts, started: true }, pass)).toMatchObject({ accept: true });
  });

  it('refuses bad names with the name reason (not bad-hello) and a sentence', () => {
    for (const name of [' \u0000\u0007 ', '\u3164', 'Alice ★ host', 'Bob (host)']) {
      const d = decideHello({ ...hello, name }, facts, pass);
      expect(d).toMatchObject({ accept: false, reason: 'name' });
      expect(d.accept === false && d.text.length).toBeGreaterThan(10);
    }
  });

  it('refuses a name the glyph budget has no room for', () => {
    expect(decideHello({ ...hello, name: '漢字' }, { ...facts, nameFits: () => false }, pass)).toMatchObject({
      accept: false,
      reason: 'name',
    });
  });
});

describe('uniqueName', () => {
  it('makes names unique within the lobby and the length limit', () => {
    expect(uniqueName('Ada', new Set(['Bob']))).toBe('Ada');
    expect(uniqueName('Ada', new Set(['Ada']))).toBe('Ada (2)');
    expect(uniqueName('Ada', new Set(['Ada', 'Ada (2)']))).toBe('Ada (3)');
    const long = 'y'.repeat(24);
    const u = uniqueName(long, new Set([long]));
    expect([...u].length).toBeLessThanOrEqual(24);
    expect(u.endsWith(' (2)')).toBe(true);
  });
});
