import { describe, expect, it } from 'vitest';
import {
  asSentence,
  failureHelp,
  failureText,
  HOST_LEFT_TEXT,
  HOST_NO_ROUTE_TEXT,
  TURN_HELP_URL,
} from '../../../src/lobby/failures';

describe('failure messages', () => {
  it('say what happened and what to do', () => {
    expect(failureText({ kind: 'signaling-unreachable', address: 'http://127.0.0.1:1/peerjs', detail: 'x' })).toMatch(
      /signaling server.*127\.0\.0\.1:1/,
    );
    expect(failureText({ kind: 'room-not-found', roomId: 'abc' })).toMatch(/Lobby not found.*abc/);
    expect(failureText({ kind: 'connection-failed', detail: 'ice' })).toMatch(/TURN/);
    expect(failureText({ kind: 'rejected', reason: 'full', text: 'It holds 8 players.' })).toBe(
      'The lobby is full. It holds 8 players.',
    );
    expect(failureText({ kind: 'rejected', reason: 'password', text: '' })).toMatch(/Wrong password/);
    expect(failureText({ kind: 'rejected', reason: 'version', text: '' })).toMatch(/Version mismatch/);
    expect(failureText({ kind: 'kicked', reason: 'host', text: 'bye' })).toBe('You were kicked by the host. Bye.');
    expect(failureText({ kind: 'kicked', reason: 'flood', text: '' })).toMatch(/too many packets/);
    expect(failureText({ kind: 'kicked', reason: 'shutdown', text: 'Stopped by its operator (SIGTERM).' })).toBe(
      'The server shut down. Stopped by its operator (SIGTERM).',
    );
    expect(failureText({ kind: 'host-left' })).toBe(HOST_LEFT_TEXT);
    expect(failureText({ kind: 'not-host' })).toBe('This is not the host of this lobby.');
  });

  it('say what to do when there is no route, on both sides, and link to the deployment recipe (issue 22)', () => {
    const joiner = failureText({ kind: 'no-route', detail: 'no peer-to-peer route within 8000 ms' });
    expect(joiner).toMatch(/no peer-to-peer route/);
    expect(joiner).toMatch(/your friend's network needs a TURN relay/i);
    expect(joiner).toMatch(/README "Friends on other networks"/);
    expect(HOST_NO_ROUTE_TEXT).toMatch(
      /^Someone tried to join but could not connect \(no peer-to-peer route\)\. Your friend's network needs a TURN relay/,
    );
    expect(failureHelp({ kind: 'no-route', detail: '' })?.href).toBe(TURN_HELP_URL);
    expect(failureHelp({ kind: 'host-left' })).toBeNull();
    expect(failureText({ kind: 'insecure-context' })).toMatch(/https:\/\//);
    expect(failureText({ kind: 'signaling-unreachable', address: 'x', detail: 'y' })).toMatch(/firewalls/);
  });

  it('say each refusal once: a bad hello is not a version mismatch, and no prefix is doubled', () => {
    const badHello = failureText({ kind: 'rejected', reason: 'bad-hello', text: '' });
    expect(badHello).toBe('The host could not read your join request.');
    expect(badHello).not.toMatch(/version/i);
    // The host's detail repeating our headline is not printed twice.
    expect(failureText({ kind: 'rejected', reason: 'password', text: 'Wrong password.' })).toBe('Wrong password.');
    expect(failureText({ kind: 'kicked', reason: 'host', text: 'You were kicked by the host.' })).toBe(
      'You were kicked by the host.',
    );
    for (const reason of [
      'full',
      'version',
      'password',
      'kicked',
      'banned',
      'bad-hello',
      'started',
      'attempts',
      'name',
      'busy',
    ] as const) {
      const t = failureText({ kind: 'rejected', reason, text: '' });
      expect(t.match(/\./g)?.length ?? 0).toBeGreaterThan(0);
      expect(t.split('. ').filter((s, i, all) => all.indexOf(s) !== i)).toEqual([]);
    }
  });

  it('say what to do when there is no route, on both sides, and link to the deployment recipe (issue 22)', () => {
    const joiner = failureText({ kind: 'no-route', detail: 'no peer-to-peer route within 8000 ms' });
    expect(joiner).toMatch(/no peer-to-peer route/);
    expect(joiner).toMatch(/your friend's network needs a TURN relay/i);
    expect(joiner).toMatch(/README "Friends on other networks"/);
    expect(HOST_NO_ROUTE_TEXT).toMatch(
      /^Someone tried to join but could not connect \(no peer-to-peer route\)\. Your friend's network needs a TURN relay/,
    );
    expect(failureHelp({ kind: 'no-route', detail: '' })?.href).toBe(TURN_HELP_URL);
    expect(failureHelp({ kind: 'host-left' })).toBeNull();
    expect(failureText({ kind: 'insecure-context' })).toMatch(/https:\/\//);
    expect(failureText({ kind: 'signaling-unreachable', address: 'x', detail: 'y' })).toMatch(/firewalls/);
  });

  it('say each refusal once, in sentence case, the new reasons too (issue 12)', () => {
    const details = ['', 'all 8 places are taken', 'the host runs protocol 2.', '2 attempts left', 'try again in 30 s'];
    for (const reason of [
      'full',
      'version',
      'password',
      'kicked',
      'banned',
      'bad-hello',
      'started',
      'attempts',
      'name',
      'busy',
    ] as const) {
      for (const detail of details) {
        const shown = failureText({ kind: 'rejected', reason, text: detail });
        // No sentence appears twice ("Wrong password. Wrong password."), each starts with a capital.
        const sentences = shown.split(/(?<=[.!?])\s+/);
        expect(new Set(sentences).size).toBe(sentences.length);
        for (const sentence of sentences) expect(sentence[0]).toBe(sentence[0]?.toUpperCase());
        expect(shown).toMatch(/[.!?]$/);
      }
    }
    expect(failureText({ kind: 'rejected', reason: 'attempts', text: 'try again in 30 s' })).toBe(
      'Too many wrong passwords. Try again in 30 s.',
    );
    expect(failureText({ kind: 'rejected', reason: 'busy', text: 'The host is busy with other join requests.' })).toBe(
      'The host is busy with other join requests. Try again in a few seconds.',
    );
    expect(failureText({ kind: 'kicked', reason: 'flood', text: 'more than 40 packets in 1000 ms' })).toBe(
      'You were kicked for sending too many packets. More than 40 packets in 1000 ms.',
    );
    expect(failureText({ kind: 'kicked', reason: 'host', text: 'by the host' })).toBe('You were kicked by the host.');
    expect(asSentence('  éclair ')).toBe('Éclair.');
    expect(asSentence('done!')).toBe('Done!');
  });
});
