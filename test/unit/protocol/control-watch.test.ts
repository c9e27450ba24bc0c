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

  it("carries 'understands watchers' as bit 16, and still refuses the bits nobody defined here (8, 32 and up)", () => {
    const both = encodeControl({ ...hello, watch: true, watchers: true });
    expect(both).toEqual(Uint8Array.from([...old, 20]));
    expect(decodeControl(both)).toEqual({ ok: true, value: { ...hello, watch: true, watchers: true } });
    for (const bad of [8, 4 | 8, 32, 16 | 64])
      expect(decodeControl(Uint8Array.from([...old, bad]))).toEqual({
        ok: false,
        error: `control: hello flags ${bad} out of range`,
      });
  });
});

describe("the 'watchers' message (control type 14)", () => {
  it('lists spectators by id and name: [14][count] then [id][name] each', () => {
    const m = {
      type: 'watchers' as const,
      watchers: [
        { id: 7, name: 'Eve' },
        { id: 3, name: 'Zed' },
      ],
    };
    const bytes = encodeControl(m);
    // Bits, as every control message: the type byte, the count, then id 7's byte.
    expect([...bytes.subarray(0, 3)]).toEqual([14, 2, 7]);
    expect(decodeControl(bytes)).toEqual({ ok: true, value: m });
    expect(decodeControl(Uint8Array.from([14, 0]))).toEqual({ ok: true, value: { type: 'watchers', watchers: [] } });
  });

  it('normalizes what it sends: ids 1-255, no repeats, at most 32, names by the name rule', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: ` W${i} ` }));
    const sent = decodeControl(
      encodeControl({
        type: 'watchers',
        watchers: [{ id: 0, name: 'x' }, { id: 5, name: 'a' }, { id: 5, name: 'b' }, ...many],
      }),
    );
    expect(sent.ok && sent.value.type === 'watchers' && sent.value.watchers.length).toBe(32);
    expect(sent.ok && sent.value.type === 'watchers' && sent.value.watchers.slice(0, 2)).toEqual([
      { id: 5, name: 'a' },
      { id: 1, name: 'W0' },
    ]);
  });

  it('refuses a hand-made list that is too long, holds id 0 or repeats an id; type 15 is unknown', () => {
    expect(decodeControl(Uint8Array.from([14, 33]))).toEqual({ ok: false, error: 'control: watchers 33 out of range' });
    expect(decodeControl(Uint8Array.from([14, 1, 0, 1, 65])).ok).toBe(false);
    expect(decodeControl(Uint8Array.from([14, 2, 4, 1, 65, 4, 1, 66])).ok).toBe(false);
    expect(decodeControl(Uint8Array.from([15]))).toEqual({ ok: false, error: 'control: unknown control type 15' });
  });
});
