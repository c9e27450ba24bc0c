// Host migration's control messages (issue 13): hello's flags and seat proof, successors, checkpoints.
import { describe, it, expect } from 'vitest';
import { decodeControl, encodeControl, normalizeControl } from '../../../src/protocol/control';
import { PROTOCOL_VERSION } from '../../../src/protocol/wire';
import { helloBytes, TOKEN, SEAT, utf8 } from './control-fixtures';

describe('host migration on the control channel (issue 13)', () => {
  const hello = {
    type: 'hello' as const,
    protocolVersion: PROTOCOL_VERSION,
    name: 'Bob',
    password: '',
    browserToken: TOKEN,
    seatToken: SEAT,
  };

  it("carries hello's migration flag as one optional trailing byte: absent is no, byte for byte an older hello", () => {
    const old = helloBytes(PROTOCOL_VERSION, utf8('Bob'));
    expect(encodeControl(hello)).toEqual(old);
    expect(encodeControl({ ...hello, migration: false })).toEqual(old);
    const capable = encodeControl({ ...hello, migration: true });
    expect(capable).toEqual(Uint8Array.from([...old, 1]));
    expect(decodeControl(old)).toEqual({ ok: true, value: hello });
    const decoded = decodeControl(capable);
    expect(decoded).toEqual({ ok: true, value: { ...hello, migration: true } });
    expect(decoded.ok && decoded.value.type === 'hello' && decoded.value.migration).toBe(true);
  });

  it('refuses a flags byte of 0 or with unknown bits, a seat proof cut short, and anything after it', () => {
    const old = helloBytes(PROTOCOL_VERSION, utf8('Bob'));
    expect(decodeControl(Uint8Array.from([...old, 0]))).toEqual({
      ok: false,
      error: 'control: hello flags 0 out of range',
    });
    // 4 is the spectator's bit since issue 24 (control-watch.test.ts); 8 and above are still unknown.
    expect(decodeControl(Uint8Array.from([...old, 8]))).toEqual({
      ok: false,
      error: 'control: hello flags 8 out of range',
    });
    expect(decodeControl(Uint8Array.from([...old, 1, 0]))).toEqual({ ok: false, error: 'control: trailing bytes' });
    expect(decodeControl(Uint8Array.from([...old, 2, 4, 1, 2]))).toEqual({ ok: false, error: 'control: truncated' });
    const notAPoint = Uint8Array.from([...old, 2, 3, ...new Uint8Array(64 + 64)]);
    expect(decodeControl(notAPoint)).toEqual({ ok: false, error: 'control: seat key is not an uncompressed point' });
  });

  it("carries hello's seat proof after the flags byte (2, or 3 with migration): key then signature", () => {
    const old = helloBytes(PROTOCOL_VERSION, utf8('Bob'));
    const seatProof = {
      publicKey: Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)),
      signature: Uint8Array.from({ length: 64 }, (_, i) => 255 - i),
    };
    const both = encodeControl({ ...hello, migration: true, seatProof });
    expect(both).toEqual(Uint8Array.from([...old, 3, ...seatProof.publicKey, ...seatProof.signature]));
    expect(decodeControl(both)).toEqual({ ok: true, value: { ...hello, migration: true, seatProof } });
    const proofOnly = encodeControl({ ...hello, seatProof });
    expect(proofOnly[old.length]).toBe(2);
    expect(decodeControl(proofOnly)).toEqual({ ok: true, value: { ...hello, seatProof } });
  });

  it('carries successors in rank order and normalizes the list: ids 1..255, no repeats, at most 3', () => {
    const bytes = encodeControl({ type: 'successors', ids: [7, 3, 9] });
    expect([...bytes]).toEqual([11, 3, 7, 3, 9]);
    expect(decodeControl(bytes)).toEqual({ ok: true, value: { type: 'successors', ids: [7, 3, 9] } });
    expect(decodeControl(Uint8Array.from([11, 0]))).toEqual({ ok: true, value: { type: 'successors', ids: [] } });
    expect(normalizeControl({ type: 'successors', ids: [0, 4, 4, 300, Number.NaN, 2, 5, 6] })).toEqual({
      type: 'successors',
      ids: [4, 2, 5],
    });
  });

  it('refuses hand-made successor lists that are too long, hold id 0 or repeat an id', () => {
    expect(decodeControl(Uint8Array.from([11, 4, 1, 2, 3, 4]))).toEqual({
      ok: false,
      error: 'control: successor count 4 out of range',
    });
    expect(decodeControl(Uint8Array.from([11, 2, 1, 0]))).toEqual({
      ok: false,
      error: 'control: successor id 0 out of range',
    });
    expect(decodeControl(Uint8Array.from([11, 2, 5, 5]))).toEqual({
      ok: false,
      error: 'control: successor id 5 repeated',
    });
    expect(decodeControl(Uint8Array.from([11, 2, 5]))).toEqual({ ok: false, error: 'control: truncated' });
  });

  it('carries a checkpoint as opaque bytes with its final flag, up to 65535 bytes', () => {
    const payload = Uint8Array.from({ length: 300 }, (_, i) => i & 0xff);
    const bytes = encodeControl({ type: 'checkpoint', final: true, bytes: payload });
    expect([...bytes.slice(0, 4)]).toEqual([12, 1, 1, 44]);
    expect(bytes.length).toBe(4 + 300);
    expect(decodeControl(bytes)).toEqual({ ok: true, value: { type: 'checkpoint', final: true, bytes: payload } });
    const big = new Uint8Array(70000).fill(9);
    const cut = normalizeControl({ type: 'checkpoint', final: false, bytes: big });
    expect(cut.type === 'checkpoint' && cut.bytes.length).toBe(65535);
    expect(decodeControl(encodeControl(cut))).toEqual({ ok: true, value: cut });
  });

  it('refuses a checkpoint that is empty, longer than its bytes, with a bad flag or trailing bytes, without allocating', () => {
    expect(decodeControl(Uint8Array.from([12, 0, 0, 0]))).toEqual({ ok: false, error: 'control: empty checkpoint' });
    expect(decodeControl(Uint8Array.from([12, 2, 0, 1, 5]))).toEqual({
      ok: false,
      error: 'control: final flag 2 out of range',
    });
    expect(decodeControl(Uint8Array.from([12, 0, 255, 255, 1, 2]))).toEqual({ ok: false, error: 'control: truncated' });
    expect(decodeControl(Uint8Array.from([12, 0, 0, 1, 5, 6]))).toEqual({
      ok: false,
      error: 'control: trailing bytes',
    });
    expect(decodeControl(Uint8Array.from([12, 0, 0, 1, 5]))).toEqual({
      ok: true,
      value: { type: 'checkpoint', final: false, bytes: Uint8Array.from([5]) },
    });
  });
});
