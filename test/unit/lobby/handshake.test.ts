import { describe, expect, it } from 'vitest';
import { cleanName, decideHello, uniqueName, type HelloFacts } from '../../../src/lobby/handshake';

const facts: HelloFacts = { protocolVersion: 3, playerCount: 2, maxPlayers: 8, password: '', wasKicked: false, started: false, joinRunningMatch: true };
const hello = { protocolVersion: 3, name: '  Ada  ', password: '' };

describe('decideHello', () => {
  it('accepts a good hello with the cleaned name', () => {
    expect(decideHello(hello, facts)).toEqual({ accept: true, name: 'Ada' });
  });

  it('refuses a different protocol version first, with a reload hint', () => {
    const d = decideHello({ ...hello, protocolVersion: 2 }, { ...facts, password: 'x', playerCount: 8 });
    expect(d).toMatchObject({ accept: false, reason: 'version' });
    if (!d.accept) expect(d.text).toMatch(/protocol 3/);
  });

  it('refuses a full lobby (default 8) and caps the size at 32', () => {
    expect(decideHello(hello, { ...facts, playerCount: 8 })).toMatchObject({ accept: false, reason: 'full' });
    expect(decideHello(hello, { ...facts, playerCount: 7 })).toMatchObject({ accept: true });
    expect(decideHello(hello, { ...facts, maxPlayers: 40, playerCount: 32 })).toMatchObject({ accept: false, reason: 'full' });
    expect(decideHello(hello, { ...facts, maxPlayers: 40, playerCount: 31 })).toMatchObject({ accept: true });
  });

  it('checks the password only when one is set', () => {
    expect(decideHello({ ...hello, password: 'nope' }, { ...facts, password: 'secret' })).toMatchObject({ accept: false, reason: 'password' });
    expect(decideHello({ ...hello, password: 'secret' }, { ...facts, password: 'secret' })).toMatchObject({ accept: true });
    expect(decideHello({ ...hello, password: 'anything' }, facts)).toMatchObject({ accept: true });
  });

  it('refuses a kicked peer, and a running match when the host does not take joiners', () => {
    expect(decideHello(hello, { ...facts, wasKicked: true })).toMatchObject({ accept: false, reason: 'kicked' });
    expect(decideHello(hello, { ...facts, started: true, joinRunningMatch: false })).toMatchObject({ accept: false, reason: 'started' });
    expect(decideHello(hello, { ...facts, started: true })).toMatchObject({ accept: true });
  });

  it('refuses a name with nothing printable', () => {
    expect(decideHello({ ...hello, name: ' \u0000\u0007 ' }, facts)).toMatchObject({ accept: false, reason: 'bad-hello' });
  });
});

describe('names', () => {
  it('are trimmed, stripped of control and bidi characters, and limited to 24 characters', () => {
    expect(cleanName('a\u0000b\u202ec\nd')).toBe('abc d');
    expect([...cleanName('x'.repeat(40))]).toHaveLength(24);
    expect(cleanName('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>'.slice(0, 24));
  });

  it('are made unique within the lobby', () => {
    expect(uniqueName('Ada', new Set(['Bob']))).toBe('Ada');
    expect(uniqueName('Ada', new Set(['Ada']))).toBe('Ada (2)');
    expect(uniqueName('Ada', new Set(['Ada', 'Ada (2)']))).toBe('Ada (3)');
    const long = 'y'.repeat(24);
    const u = uniqueName(long, new Set([long]));
    expect([...u].length).toBeLessThanOrEqual(24);
    expect(u.endsWith(' (2)')).toBe(true);
  });
});
