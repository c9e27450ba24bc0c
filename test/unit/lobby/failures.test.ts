import { describe, expect, it } from 'vitest';
import { failureText, HOST_LEFT_TEXT } from '../../../src/lobby/failures';

describe('failure messages', () => {
  it('say what happened and what to do', () => {
    expect(failureText({ kind: 'signaling-unreachable', address: 'http://127.0.0.1:1/peerjs', detail: 'x' })).toMatch(/signaling server.*127\.0\.0\.1:1/);
    expect(failureText({ kind: 'room-not-found', roomId: 'abc' })).toMatch(/Lobby not found.*abc/);
    expect(failureText({ kind: 'connection-failed', detail: 'ice' })).toMatch(/TURN/);
    expect(failureText({ kind: 'rejected', reason: 'full', text: 'It holds 8 players.' })).toBe('The lobby is full. It holds 8 players.');
    expect(failureText({ kind: 'rejected', reason: 'password', text: '' })).toMatch(/Wrong password/);
    expect(failureText({ kind: 'rejected', reason: 'version', text: '' })).toMatch(/Version mismatch/);
    expect(failureText({ kind: 'kicked', reason: 'host', text: 'bye' })).toBe('You were kicked by the host. bye');
    expect(failureText({ kind: 'kicked', reason: 'flood', text: '' })).toMatch(/too many packets/);
    expect(failureText({ kind: 'kicked', reason: 'shutdown', text: 'Stopped by its operator (SIGTERM).' })).toBe('The server shut down. Stopped by its operator (SIGTERM).');
    expect(failureText({ kind: 'host-left' })).toBe(HOST_LEFT_TEXT);
    expect(failureText({ kind: 'not-host' })).toBe('This is not the host of this lobby.');
  });

  it('say each refusal once: a bad hello is not a version mismatch, and no prefix is doubled', () => {
    const badHello = failureText({ kind: 'rejected', reason: 'bad-hello', text: '' });
    expect(badHello).toBe('The host could not read your join request.');
    expect(badHello).not.toMatch(/version/i);
    // The host's detail repeating our headline is not printed twice.
    expect(failureText({ kind: 'rejected', reason: 'password', text: 'Wrong password.' })).toBe('Wrong password.');
    expect(failureText({ kind: 'kicked', reason: 'host', text: 'You were kicked by the host.' })).toBe('You were kicked by the host.');
    for (const reason of ['full', 'version', 'password', 'kicked', 'banned', 'bad-hello', 'started', 'attempts', 'name', 'busy'] as const) {
      const t = failureText({ kind: 'rejected', reason, text: '' });
      expect(t.match(/\./g)?.length ?? 0).toBeGreaterThan(0);
      expect(t.split('. ').filter((s, i, all) => all.indexOf(s) !== i)).toEqual([]);
    }
  });
});
