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

/**
 * Bit flips, truncation, extension, byte insertion or deletion of a valid encoding. On typed arrays
 * (no copy through a plain array): the replay fuzz calls it a million times.
 */
export function mutate(r: Rng, valid: Uint8Array): Uint8Array {
  const kind = r.int(0, 4);
  const n = valid.length;
  if (kind === 0 || n === 0) {
    const out = valid.slice();
    for (let flips = r.int(1, 3); flips > 0 && n; flips--) {
      const i = r.int(0, n - 1);
      out[i] = out[i]! ^ (1 << r.int(0, 7));
    }
    return out;
  }
  if (kind === 1) return valid.slice(0, r.int(0, n - 1));
  if (kind === 2) {
    const extra = r.int(1, 8);
    const out = new Uint8Array(n + extra);
    out.set(valid);
    for (let k = 0; k < extra; k++) out[n + k] = r.int(0, 255);
    return out;
  }
  if (kind === 3) {
    const at = r.int(0, n);
    const out = new Uint8Array(n + 1);
    out.set(valid.subarray(0, at));
    out[at] = r.int(0, 255);
    out.set(valid.subarray(at), at + 1);
    return out;
  }
  const at = r.int(0, n - 1);
  const out = new Uint8Array(n - 1);
  out.set(valid.subarray(0, at));
  out.set(valid.subarray(at + 1), at);
  return out;
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
