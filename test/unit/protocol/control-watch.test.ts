// Spectators on the control channel (issue 24): hello's watch bit (4) in the optional flags byte.
import { describe, it, expect } from 'vitest';
import { decodeControl, encodeControl } from '../../../src/protocol/control';
import { PROTOCOL_VERSION } from '../../../src/protocol/wire';
import { helloBytes, TOKEN, SEAT, utf8 } from './control-fixtures';

describe("hello's watch bit (spectators, issue 24)", () => {
  const hello = {
    type: 'hello' as const,
    protocolVersion: PROTOCOL_VERSION,
    name: 'Eve',
    password: '',
    browserToken: TOKEN,
    seatToken: SEAT,
  };
  const old = helloBytes(PROTOCOL_VERSION, utf8('Eve'));

  it('is absent unless true: a player hello stays byte for byte what it was', () => {
    expect(encodeControl({ ...hello, watch: false })).toEqual(old);
    expect(decodeControl(old)).toEqual({ ok: true, value: hello });
  });

  it('travels as bit 4 of the flags byte, alone or beside migration (1) and a seat proof (2)', () => {
    const watching = encodeControl({ ...hello, watch: true });
    expect(watching).toEqual(Uint8Array.from([...old, 4]));
    expect(decodeControl(watching)).toEqual({ ok: true, value: { ...hello, watch: true } });
    const seatProof = {
      publicKey: Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)),
      signature: Uint8Array.from({ length: 64 }, (_, i) => 255 - i),
    };
    const all = encodeControl({ ...hello, migration: true, seatProof, watch: true });
    expect(all).toEqual(Uint8Array.from([...old, 7, ...seatProof.publicKey, ...seatProof.signature]));
    expect(decodeControl(all)).toEqual({ ok: true, value: { ...hello, migration: true, seatProof, watch: true } });
  });

  it('still refuses the bits nobody defined (8 and up) beside it', () => {
    expect(decodeControl(Uint8Array.from([...old, 4 | 16]))).toEqual({
      ok: false,
      error: 'control: hello flags 20 out of range',
    });
  });
});
