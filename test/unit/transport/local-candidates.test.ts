// Our candidates never overtake the OFFER or ANSWER they belong to.
import { describe, expect, it } from 'vitest';
import { LocalCandidates } from '../../../src/transport/local-candidates';

describe('LocalCandidates', () => {
  it('holds candidates gathered before the description went out, then sends them in order, then sends at once', () => {
    const pc = { onicecandidate: null } as unknown as RTCPeerConnection;
    const sent: string[] = [];
    const local = new LocalCandidates(pc, (c) => sent.push(c.candidate ?? ''));
    const fire = (candidate: string | null): void =>
      pc.onicecandidate!({ candidate: candidate === null ? null : { candidate } } as RTCPeerConnectionIceEvent);
    fire('a');
    fire('b');
    fire(null); // end of gathering
    fire('');
    expect(sent).toEqual([]);
    local.described();
    expect(sent).toEqual(['a', 'b']);
    fire('c');
    expect(sent).toEqual(['a', 'b', 'c']);
  });
});
