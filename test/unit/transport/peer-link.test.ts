import { describe, expect, it } from 'vitest';
import { peerErrorKind } from '../../../src/transport/peer-link';

describe('PeerJS errors', () => {
  it('map to the failures a player can act on', () => {
    for (const t of ['network', 'server-error', 'socket-error', 'socket-closed', 'invalid-key'])
      expect(peerErrorKind(t)).toBe('signaling-unreachable');
    expect(peerErrorKind('peer-unavailable')).toBe('room-not-found');
    expect(peerErrorKind('unavailable-id')).toBe('id-taken');
    expect(peerErrorKind('webrtc')).toBe('connection-failed');
    expect(peerErrorKind('browser-incompatible')).toBe('other');
  });
});
