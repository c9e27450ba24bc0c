import { describe, expect, it } from 'vitest';
import { failureText, HOST_LEFT_TEXT } from '../../../src/lobby/failures';

describe('failure messages', () => {
  it('say what happened and what to do', () => {
    expect(failureText({ kind: 'signaling-unreachable', address: 'http://127.0.0.1:1/peerjs', detail: 'x' })).toMatch(/signaling server.*127\.0\.0\.1:1/);
    expect(failureText({ kind: 'room-not-found', roomId: 'abc' })).toMatch(/Lobby not found.*abc/);
    expect(failureText({ kind: 'connection-failed', detail: 'ice' })).toMatch(/TURN/);
    expect(failureText({ kind: 'rejected', reason: 'full', text: 'The lobby is full (8 players).' })).toMatch(/^Lobby full\./);
    expect(failureText({ kind: 'rejected', reason: 'password', text: '' })).toMatch(/Wrong password/);
    expect(failureText({ kind: 'rejected', reason: 'version', text: '' })).toMatch(/Version mismatch/);
    expect(failureText({ kind: 'kicked', reason: 'host', text: 'bye' })).toBe('You were kicked by the host. bye');
    expect(failureText({ kind: 'kicked', reason: 'flood', text: '' })).toMatch(/too many packets/);
    expect(failureText({ kind: 'kicked', reason: 'shutdown', text: 'Stopped by its operator (SIGTERM).' })).toBe('The server shut down. Stopped by its operator (SIGTERM).');
    expect(failureText({ kind: 'host-left' })).toBe(HOST_LEFT_TEXT);
  });
});
