/**
 * A reject that comes before the host's proof verified is anyone's: an impostor on the lobby's id
 * could answer the challenge with `reject: password` to make the page say "Wrong password.". Every
 * such reject reads "This is not the host of this lobby.", and nothing but the challenge was sent.
 */
import { describe, expect, it } from 'vitest';
import { decodeControl, encodeControl, REJECT_REASONS } from '../../../src/protocol/control';
import { failureText, NOT_HOST_TEXT } from '../../../src/lobby/failures';
import { authenticateHost } from '../../../src/lobby/join';
import { createLobbyKey } from '../../../src/lobby/host-key';
import { linkPair } from '../../helpers/fake-link';

const ROOM = 'abcdefghijk23456';

describe('a reject before the host proved itself', () => {
  it('reads as not the host, whatever its reason and text', async () => {
    const key = await createLobbyKey(crypto);
    for (const reason of REJECT_REASONS) {
      const { joiner, host } = linkPair();
      // The impostor answers the challenge with a reject of its choosing.
      host.reliable.onMessage(() =>
        host.reliable.send(encodeControl({ type: 'reject', reason, text: 'Wrong password. Try hunter2.' })),
      );
      const failure = await authenticateHost(joiner, { target: { roomId: ROOM, hostKey: key.fingerprint }, crypto });
      expect(failure).toEqual({ kind: 'not-host', refused: reason });
      expect(failureText(failure!)).toBe(NOT_HOST_TEXT);
      expect(joiner.reliable.sent.map((b) => decodeControl(b)).map((m) => m.ok && m.value.type)).toEqual([
        'auth-challenge',
      ]);
    }
  });
});
