import { describe, expect, it } from 'vitest';
import { asSentence, failureText, HOST_LEFT_TEXT } from '../../../src/lobby/failures';
import { rejectText } from '../../../src/lobby/handshake';

describe('failure messages', () => {
  it('say what happened and what to do', () => {
    expect(failureText({ kind: 'signaling-unreachable', address: 'http://127.0.0.1:1/peerjs', detail: 'x' })).toMatch(/signaling server.*127\.0\.0\.1:1/);
    expect(failureText({ kind: 'room-not-found', roomId: 'abc' })).toMatch(/Lobby not found.*abc/);
    expect(failureText({ kind: 'connection-failed', detail: 'ice' })).toMatch(/TURN/);
    expect(failureText({ kind: 'rejected', reason: 'full', text: 'Lobby full: all 8 places are taken.' })).toBe('Lobby full: all 8 places are taken.');
    expect(failureText({ kind: 'rejected', reason: 'password', text: '' })).toMatch(/Wrong password/);
    expect(failureText({ kind: 'rejected', reason: 'version', text: '' })).toMatch(/Version mismatch/);
    expect(failureText({ kind: 'kicked', reason: 'host', text: 'bye' })).toBe('You were kicked by the host. Bye.');
    expect(failureText({ kind: 'kicked', reason: 'flood', text: '' })).toMatch(/too many packets/);
    expect(failureText({ kind: 'kicked', reason: 'shutdown', text: 'Stopped by its operator (SIGTERM).' })).toBe('The server shut down. Stopped by its operator (SIGTERM).');
    expect(failureText({ kind: 'host-left' })).toBe(HOST_LEFT_TEXT);
  });

  it('say each refusal once, in sentence case (issue 12)', () => {
    for (const reason of ['full', 'version', 'password', 'kicked', 'banned', 'bad-hello', 'started'] as const) {
      const hostText = rejectText(reason, { maxPlayers: 8, protocolVersion: 2 });
      const shown = failureText({ kind: 'rejected', reason, text: hostText });
      expect(shown).toBe(hostText);
      // No sentence appears twice ("Wrong password. Wrong password.").
      const sentences = shown.split(/(?<=\.)\s+/);
      expect(new Set(sentences).size).toBe(sentences.length);
      expect(shown[0]).toBe(shown[0]?.toUpperCase());
    }
    expect(failureText({ kind: 'rejected', reason: 'password', text: '' })).toBe('Wrong password.');
    expect(failureText({ kind: 'kicked', reason: 'flood', text: 'more than 40 packets in 1000 ms' })).toBe('You were kicked for sending too many packets. More than 40 packets in 1000 ms.');
    expect(failureText({ kind: 'kicked', reason: 'host', text: 'by the host' })).toBe('You were kicked by the host.');
    expect(asSentence('  éclair ')).toBe('Éclair.');
    expect(asSentence('done!')).toBe('Done!');
  });
});
