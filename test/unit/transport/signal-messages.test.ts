// The signaling wire as input from strangers: only the project's own offer shape is admitted.
import { describe, expect, it } from 'vitest';
import {
  offerPayload,
  readAnswer,
  readCandidate,
  readOffer,
  readServerMessage,
} from '../../../src/transport/signal-messages';

const SDP = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n';

describe('readOffer', () => {
  it("admits exactly PeerJS 1.5's raw, reliable data connection (what our joiner and the reference client send)", () => {
    expect(readOffer(offerPayload('dc_abc123', SDP))).toEqual({
      connectionId: 'dc_abc123',
      source: null,
      label: 'dc_abc123',
      sdp: SDP,
    });
  });

  it("reads the signaling server's source tag when it has the tag's shape", () => {
    expect(readOffer({ ...offerPayload('dc_a', SDP), sourceTag: 'k3j2h1' })?.source).toBe('k3j2h1');
    expect(readOffer({ ...offerPayload('dc_a', SDP), sourceTag: 'a b' })?.source).toBeNull();
    expect(readOffer({ ...offerPayload('dc_a', SDP), sourceTag: 7 })?.source).toBeNull();
  });

  it.each([
    'binary',
    'binary-utf8',
    'json',
    'default',
    'MsgPack',
    'none',
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
  ])(
    "refuses serialization '%s' before anything is built (binarypack's unpack trusted declared counts)",
    (serialization) => {
      expect(readOffer({ ...offerPayload('dc_x', SDP), serialization })).toBeNull();
    },
  );

  it('refuses metadata, unreliable PeerJS channels, media calls, and odd ids or labels', () => {
    const good = offerPayload('dc_x', SDP);
    expect(readOffer({ ...good, metadata: { a: 1 } })).toBeNull();
    expect(readOffer({ ...good, metadata: 'x' })).toBeNull();
    expect(readOffer({ ...good, metadata: null })).not.toBeNull();
    expect(readOffer({ ...good, reliable: false })).toBeNull();
    expect(readOffer({ ...good, reliable: 'true' })).toBeNull();
    expect(readOffer({ ...good, type: 'media' })).toBeNull();
    expect(readOffer({ ...good, connectionId: 'a'.repeat(65) })).toBeNull();
    expect(readOffer({ ...good, connectionId: '../x' })).toBeNull();
    expect(readOffer({ ...good, label: { toString: 'x' } })).toBeNull();
    expect(readOffer({ ...good, sdp: { type: 'answer', sdp: SDP } })).toBeNull();
    expect(readOffer({ ...good, sdp: { type: 'offer', sdp: 'x'.repeat(20_000) } })).toBeNull();
    expect(readOffer({ ...good, sdp: 'v=0' })).toBeNull();
    expect(readOffer(null)).toBeNull();
    expect(readOffer([good])).toBeNull();
  });

  it('reads only own properties (a payload inheriting the right fields is refused)', () => {
    const inherited = Object.create(offerPayload('dc_x', SDP)) as object;
    expect(readOffer(inherited)).toBeNull();
  });
});

describe('readServerMessage', () => {
  it('parses known types and drops the rest without throwing', () => {
    expect(readServerMessage('{"type":"OPEN"}')).toEqual({ type: 'OPEN', src: '', payload: undefined });
    expect(readServerMessage('{"type":"OFFER","src":"peer1","payload":{}}')?.src).toBe('peer1');
    for (const bad of [
      '',
      'x',
      '{',
      'null',
      '[]',
      '{"type":"constructor"}',
      '{"type":"OFFER","src":{"a":1}}',
      '{"type":"OFFER","src":"a/b"}',
      42,
      null,
    ]) {
      expect(readServerMessage(bad)).toBeNull();
    }
  });
});

describe('readAnswer / readCandidate', () => {
  it('read the shapes PeerJS sends and refuse oversized or mistyped fields', () => {
    expect(readAnswer({ sdp: { type: 'answer', sdp: SDP }, type: 'data', connectionId: 'dc_1' })).toEqual({
      connectionId: 'dc_1',
      sdp: SDP,
    });
    expect(readAnswer({ sdp: { type: 'offer', sdp: SDP }, connectionId: 'dc_1' })).toBeNull();
    const line = 'candidate:1 1 udp 2122260223 10.0.0.1 5000 typ host';
    expect(
      readCandidate({ candidate: { candidate: line, sdpMid: '0', sdpMLineIndex: 0 }, connectionId: 'dc_1' }),
    ).toEqual({ connectionId: 'dc_1', candidate: { candidate: line, sdpMid: '0', sdpMLineIndex: 0 } });
    expect(readCandidate({ candidate: { candidate: 'x'.repeat(2000) }, connectionId: 'dc_1' })).toBeNull();
    expect(readCandidate({ candidate: { candidate: line, sdpMLineIndex: -1 }, connectionId: 'dc_1' })).toBeNull();
    expect(readCandidate({ candidate: line, connectionId: 'dc_1' })).toBeNull();
  });
});
