import { describe, expect, it } from 'vitest';
import { awaitConnectionFingerprints, dtlsFromDescriptions, sdpFingerprints } from '../../../src/lobby/host-auth';

const sdp = (byte: string, algorithm = 'sha-256'): string =>
  `v=0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\na=fingerprint:${algorithm} ${Array(32).fill(byte).join(':')}\r\n`;

describe('DTLS fingerprints for host authentication', () => {
  it('reads fingerprints canonically (algorithm lower case, hex upper case, de-duplicated, sorted)', () => {
    const twice =
      sdp('ab', 'SHA-256') + `m=application 9 x\r\na=fingerprint:sha-256 ${Array(32).fill('AB').join(':')}\r\n`;
    expect(sdpFingerprints(twice)).toBe(`sha-256 ${Array(32).fill('AB').join(':')}`);
    expect(sdpFingerprints('v=0\r\n')).toBeNull();
    expect(dtlsFromDescriptions(sdp('01'), sdp('02'), 'joiner')).toEqual({
      joiner: sdpFingerprints(sdp('01')),
      host: sdpFingerprints(sdp('02')),
    });
    expect(dtlsFromDescriptions(sdp('01'), null, 'host')).toBeNull();
  });

  it('waits for a description that is not readable yet instead of failing the join at once', async () => {
    let reads = 0;
    // The remote description shows up on the fourth read (a loaded page reading a moment early).
    const found = await awaitConnectionFingerprints(
      () => ({ local: sdp('01'), remote: ++reads >= 4 ? sdp('02') : null }),
      'joiner',
      1000,
    );
    expect(found).toEqual({ joiner: sdpFingerprints(sdp('01')), host: sdpFingerprints(sdp('02')) });
    expect(reads).toBe(4);
  });

  it('gives up (null) when a description never carries a fingerprint', async () => {
    let reads = 0;
    const found = await awaitConnectionFingerprints(
      () => (reads++, { local: 'v=0\r\n', remote: sdp('02') }),
      'host',
      100,
    );
    expect(found).toBeNull();
    expect(reads).toBeGreaterThan(1);
  });
});
