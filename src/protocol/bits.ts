/**
 * Bit-level writer (and, re-exported from bit-reader.ts, the reader): the only place that touches
 * raw bytes of a game message.
 *
 * Writer: appends unsigned fields of 1..32 bits (MSB first) into a buffer it keeps and grows, so a
 * writer reused with `reset()` allocates nothing per message; `finish()` copies out the bytes with
 * the last one zero-padded. `appendBits` splices bits another writer (or a byte array) already
 * holds, at any bit alignment: that is how shared snapshot pieces are encoded once and copied into
 * many datagrams. `resetInto` writes the next message straight into a caller's buffer (the free
 * tail of DatagramArena's slab), so a finished datagram needs no copy. Values must be integers in
 * range; the writer throws on a caller bug (an encoder is fed by our own code, never the network).
 * Whole bytes move through a 32-bit accumulator (no per-bit loop): fields of up to 24 bits go in
 * one step, wider ones as two, so the bitwise ops only ever see numbers below 2^31.
 */
export { BitReader, unzigzag } from './bit-reader';

/** Zigzag: 0, -1, 1, -2, 2 … → 0, 1, 2, 3, 4 … (small magnitudes give small codes). */
export function zigzag(v: number): number {
  return v >= 0 ? v * 2 : -v * 2 - 1;
}

/** Number of bits needed to write `v` (>= 0) unsigned; 0 for 0. */
export function bitLength(v: number): number {
  if (v < 1) return 0;
  // clz32 for the common case; the loop only for values of 2^32 and above.
  if (v < 4294967296) return 32 - Math.clz32(Math.floor(v));
  let n = 32;
  let x = Math.floor(v / 4294967296);
  while (x >= 1) {
    x = Math.floor(x / 2);
    n++;
  }
  return n;
}

/** `n` (0..8) bits of `src` from bit `at`, MSB first; bytes past its end read as 0. */
function bitsAt(src: Uint8Array, at: number, n: number): number {
  const i = at >> 3;
  // A 16-bit window holds any 8 bits starting inside its first byte (a missing byte reads as 0).
  return ((((src[i] ?? 0) << 8) | (src[i + 1] ?? 0)) >>> (16 - (at & 7) - n)) & ((1 << n) - 1);
}

/** Slack kept after the written bytes so a 32-bit window read never leaves the buffer. */
const SLACK = 8;
const TWO_POW_24 = 16777216;
const TWO_POW_36 = 68719476736;

export class BitWriter {
  /** Where the message goes: `own`, or a buffer lent by `resetInto`. */
  private bytes: Uint8Array;
  private own: Uint8Array;
  /** Byte of `bytes` where the message starts (0 in `own`). */
  private start = 0;
  /** End of the whole bytes written (an index into `bytes`). */
  private pos = 0;
  /** Pending bits (fewer than 8 between calls), right-aligned. */
  private acc = 0;
  private accBits = 0;

  constructor(initialBytes = 64) {
    this.own = this.bytes = new Uint8Array(Math.max(1, initialBytes) + SLACK);
  }

  /** Bits written so far. */
  get bitLength(): number {
    return (this.pos - this.start) * 8 + this.accBits;
  }

  /** Forgets everything written; the buffer is kept for the next message. */
  reset(): void {
    this.resetInto(this.own, 0);
  }

  /**
   * Forgets everything written; the next message goes into `target` from byte `at` (a free tail
   * the caller lends), so its finished bytes need no copy out. Every byte from `at` on may be
   * written (slack included). A tail shorter than the slack is not used; a message that outgrows
   * the tail moves to the writer's own buffer: `writesAt` tells the caller which happened.
   */
  resetInto(target: Uint8Array, at: number): void {
    const lent = at >= 0 && at + SLACK <= target.length;
    this.bytes = lent ? target : this.own;
    this.start = this.pos = lent ? at : 0;
    this.acc = 0;
    this.accBits = 0;
  }

  /** Whether the message being written lives in `target` from byte `at` (`resetInto` and no move since). */
  writesAt(target: Uint8Array, at: number): boolean {
    return this.bytes === target && this.start === at;
  }

  /** Puts the pending bits into the zero-padded last byte, in place; returns the message's length in bytes. */
  seal(): number {
    if (this.accBits > 0) this.bytes[this.pos] = this.acc << (8 - this.accBits);
    return this.pos - this.start + (this.accBits > 0 ? 1 : 0);
  }

  writeBits(value: number, bits: number): void {
    if (bits <= 24 && bits >= 0 && (bits | 0) === bits) {
      // One check covers "integer", "not negative" and "fits": anything else changes under the mask.
      if (value !== (value & ((1 << bits) - 1))) throw new RangeError(`value ${value} does not fit ${bits} bits`);
      this.put(value, bits);
      return;
    }
    if (!Number.isInteger(bits) || bits < 0 || bits > 32) throw new RangeError(`bit count ${bits}`);
    // A uint32 (`>>> 0` keeps it) no larger than all ones in `bits`: integer, not negative, fits.
    if (value >>> 0 !== value || value > 0xffffffff >>> (32 - bits))
      throw new RangeError(`value ${value} does not fit ${bits} bits`);
    // Keep the accumulator under 2^31: the high part first, then 16 low bits (integer ops, no division).
    this.put(value >>> 16, bits - 16);
    this.put(value & 0xffff, 16);
  }

  writeBool(b: boolean): void {
    this.put(b ? 1 : 0, 1);
  }

  /** Two's complement in `bits` bits; `value` must lie in [-2^(bits-1), 2^(bits-1)). */
  writeSigned(value: number, bits: number): void {
    if (bits <= 24 && bits >= 1 && (bits | 0) === bits) {
      // The common widths in integer ops (no `**`): an int32 in range, masked to its low `bits`.
      const small = 1 << (bits - 1);
      if ((value | 0) !== value || value < -small || value >= small)
        throw new RangeError(`value ${value} not int${bits}`);
      this.put(value & ((1 << bits) - 1), bits);
      return;
    }
    const half = 2 ** (bits - 1);
    if (!Number.isInteger(value) || value < -half || value >= half)
      throw new RangeError(`value ${value} not int${bits}`);
    this.writeBits(value < 0 ? value + 2 * half : value, bits);
  }

  /**
   * Unsigned varint in groups of `chunk` bits, each followed by a continue bit. A small chunk
   * suits values that are usually tiny (tick offsets, counts); values up to 2^36 are accepted.
   */
  writeVarUint(value: number, chunk = 7): void {
    if (!(value >= 0 && value < TWO_POW_36) || Math.floor(value) !== value) throw new RangeError(`varint ${value}`);
    if (value < TWO_POW_24 && chunk <= 16) {
      // The common case in integer ops: each group and its continue bit in one step.
      const mask = (1 << chunk) - 1;
      let rest = value;
      for (;;) {
        const low = rest & mask;
        rest >>>= chunk;
        this.put((low << 1) | (rest > 0 ? 1 : 0), chunk + 1);
        if (rest === 0) return;
      }
    }
    const base = 2 ** chunk;
    let rest = value;
    for (;;) {
      const low = rest % base;
      rest = Math.floor(rest / base);
      this.writeBits(low * 2 + (rest > 0 ? 1 : 0), chunk + 1);
      if (rest === 0) return;
    }
  }

  writeVarInt(value: number, chunk = 7): void {
    this.writeVarUint(zigzag(value), chunk);
  }

  /**
   * Appends `count` bits of `src` starting at bit `from` (MSB-first numbering, as this writer
   * writes). `src` is another writer's `view()` or any byte array; bits past its end read as 0.
   */
  appendBits(src: Uint8Array, from: number, count: number): void {
    if (count <= 0) return;
    // Room for every byte up front, so the loops below are only shifts, loads and stores.
    while (this.pos + (count >> 3) + SLACK > this.bytes.length) this.grow();
    // Complete the pending byte first: then every further output byte is 8 source bits.
    const head = Math.min((8 - this.accBits) & 7, count);
    if (head > 0) this.put(bitsAt(src, from, head), head);
    const at = from + head;
    const left = count - head;
    // Each whole output byte: two neighbouring source bytes, both shifted by the same `k` (a plain
    // byte copy when the offsets agree modulo 8), instead of a 32-bit window per 24 bits.
    const k = at & 7;
    const bytes = this.bytes;
    let pos = this.pos;
    let i = at >> 3;
    const end = i + (left >> 3);
    if (k === 0) for (; i < end; i++) bytes[pos++] = src[i]!;
    else for (; i < end; i++) bytes[pos++] = (src[i]! << k) | (src[i + 1]! >>> (8 - k));
    this.pos = pos;
    if ((left & 7) > 0) this.put(bitsAt(src, at + (left & ~7), left & 7), left & 7);
  }

  /**
   * The bytes written so far, pending bits included as a zero-padded last byte, without copying:
   * valid until the next write. Readable past the end (slack), as `appendBits` needs.
   */
  view(): Uint8Array {
    const end = this.start + this.seal();
    for (let i = end; i < this.pos + 4; i++) this.bytes[i] = 0;
    return this.start === 0 ? this.bytes : this.bytes.subarray(this.start);
  }

  finish(): Uint8Array {
    // The last byte: the pending bits, MSB first, zero-padded (the buffer keeps slack for it).
    // One allocation and one copy (`slice`), no intermediate view.
    return this.bytes.slice(this.start, this.start + this.seal());
  }

  /** Appends `bits` (<= 24) bits of a checked value: at most 31 bits ever sit in the accumulator. */
  private put(value: number, bits: number): void {
    if (this.pos + SLACK > this.bytes.length) this.grow();
    const acc = (this.acc << bits) | value;
    let pending = this.accBits + bits;
    const bytes = this.bytes;
    // Uint8Array stores keep the low 8 bits: no masking needed.
    while (pending >= 8) {
      pending -= 8;
      bytes[this.pos++] = acc >>> pending;
    }
    this.acc = acc & ((1 << pending) - 1);
    this.accBits = pending;
  }

  /** More room: a bigger own buffer, or (a lent tail being full) the own one if it is big enough. */
  private grow(): void {
    const written = this.pos - this.start;
    const size = this.bytes === this.own ? this.own.length * 2 + SLACK : Math.max(this.own.length, written * 2 + SLACK);
    const into = size > this.own.length ? new Uint8Array(size) : this.own;
    into.set(this.bytes.subarray(this.start, this.pos));
    this.own = this.bytes = into;
    this.start = 0;
    this.pos = written;
  }
}
