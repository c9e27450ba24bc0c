/**
 * The protocol fuzzer shared by the decoders' fuzz tests: random bytes, mutations of valid
 * encodings (bit flips, truncation, extension, insertion, deletion), and the check that a decoder
 * never throws and that whatever it accepts survives its own re-encoding unchanged.
 */
import { expect } from 'vitest';
import type { DecodeResult } from '../../../src/protocol/wire';
import { Rng } from './gen';

export const RUNS = 100_000;

export function randomBytes(r: Rng, maxLength: number): Uint8Array {
  const out = new Uint8Array(r.int(0, maxLength));
  for (let i = 0; i < out.length; i++) out[i] = r.int(0, 255);
  return out;
}

/** Bit flips, truncation, extension, byte insertion or deletion of a valid encoding. */
export function mutate(r: Rng, valid: Uint8Array): Uint8Array {
  const bytes = [...valid];
  const kind = r.int(0, 4);
  if (kind === 0 || bytes.length === 0) {
    for (let n = r.int(1, 3); n > 0 && bytes.length; n--) {
      const i = r.int(0, bytes.length - 1);
      bytes[i] = bytes[i]! ^ (1 << r.int(0, 7));
    }
  } else if (kind === 1) bytes.length = r.int(0, bytes.length - 1);
  else if (kind === 2) for (let n = r.int(1, 8); n > 0; n--) bytes.push(r.int(0, 255));
  else if (kind === 3) bytes.splice(r.int(0, bytes.length), 0, r.int(0, 255));
  else bytes.splice(r.int(0, bytes.length - 1), 1);
  return Uint8Array.from(bytes);
}

export interface Tally {
  ok: number;
  refused: number;
}

/** Runs a decoder; an accepted value must survive its own re-encoding (i.e. be in range). */
export function check<T>(
  bytes: Uint8Array,
  decode: (b: Uint8Array) => DecodeResult<T>,
  reencode: (v: T) => Uint8Array,
  tally: Tally,
): void {
  let out: DecodeResult<T>;
  try {
    out = decode(bytes);
  } catch (err) {
    throw new Error(`decoder threw on [${[...bytes].join(',')}]: ${String(err)}`);
  }
  if (!out.ok) {
    expect(typeof out.error).toBe('string');
    tally.refused++;
    return;
  }
  tally.ok++;
  const again = decode(reencode(out.value));
  if (!again.ok || JSON.stringify(again.value) !== JSON.stringify(out.value)) {
    throw new Error(
      `accepted an out-of-range value from [${[...bytes].join(',')}]: ${again.ok ? JSON.stringify(again.value).slice(0, 300) + ' vs ' + JSON.stringify(out.value).slice(0, 300) : again.error}`,
    );
  }
}

export function fuzz<T>(
  seed: number,
  maxLength: number,
  samples: Uint8Array[],
  decode: (b: Uint8Array) => DecodeResult<T>,
  reencode: (v: T) => Uint8Array,
  runs = RUNS,
): [Tally, Tally] {
  const r = new Rng(seed);
  const random = { ok: 0, refused: 0 };
  const mutated = { ok: 0, refused: 0 };
  for (let i = 0; i < runs; i++) check(randomBytes(r, maxLength), decode, reencode, random);
  for (let i = 0; i < runs; i++) check(mutate(r, r.pick(samples)), decode, reencode, mutated);
  return [random, mutated];
}
