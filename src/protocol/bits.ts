/**
 * Bit-level writer and reader: the only place that touches raw bytes of a game message.
 *
 * Writer: appends unsigned fields of 1..32 bits (MSB first), grows as needed, `finish()` returns the
 * bytes with the last one zero-padded. Values must be integers in range; the writer throws on a
 * caller bug (an encoder is fed by our own code, never by the network).
 * Reader: never throws. Reading past the end, or a varint longer than allowed, sets `error` and
 * yields 0 from then on, so a decoder can read a whole message and check `ok` once at the end.
 * Numbers up to 2^32 use arithmetic, not 32-bit bitwise ops, so no sign surprises.
 */

/** Zigzag: 0, -1, 1, -2, 2 … → 0, 1, 2, 3, 4 … (small magnitudes give small codes). */
export function zigzag(v: number): number {
  return v >= 0 ? v * 2 : -v * 2 - 1;
}

export function unzigzag(z: number): number {
  return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
}

/** Number of bits needed to write `v` (>= 0) unsigned; 0 for 0. */
export function bitLength(v: number): number {
  let n = 0;
  let x = v;
  while (x >= 1) {
    x = Math.floor(x / 2);
    n++;
  }
  return n;
}

export class BitWriter {
  private bytes: Uint8Array;
  private bitPos = 0;

  constructor(initialBytes = 64) {
    this.bytes = new Uint8Array(Math.max(1, initialBytes));
  }

  /** Bits written so far. */
  get bitLength(): number {
    return this.bitPos;
  }

  writeBits(value: number, bits: number): void {
    if (!Number.isInteger(bits) || bits < 0 || bits > 32) throw new RangeError(`bit count ${bits}`);
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** bits) {
      throw new RangeError(`value ${value} does not fit ${bits} bits`);
    }
    if (bits > 24) {
      // Keep the fast path below on exact 32-bit integer arithmetic.
      this.writeBits(Math.floor(value / 65536), bits - 16);
      this.writeBits(value % 65536, 16);
      return;
    }
    this.ensure(bits);
    let left = bits;
    // Whole runs of bits that land in the same byte at once (at most 8 per step).
    while (left > 0) {
      const offset = this.bitPos & 7;
      const take = Math.min(8 - offset, left);
      const chunk = (value >>> (left - take)) & ((1 << take) - 1);
      this.bytes[this.bitPos >> 3]! |= chunk << (8 - offset - take);
      this.bitPos += take;
      left -= take;
    }
  }

  writeBool(b: boolean): void {
    this.writeBits(b ? 1 : 0, 1);
  }

  /** Two's complement in `bits` bits; `value` must lie in [-2^(bits-1), 2^(bits-1)). */
  writeSigned(value: number, bits: number): void {
    const half = 2 ** (bits - 1);
    if (!Number.isInteger(value) || value < -half || value >= half) throw new RangeError(`value ${value} not int${bits}`);
    this.writeBits(value < 0 ? value + 2 * half : value, bits);
  }

  /**
   * Unsigned varint in groups of `chunk` bits, each followed by a continue bit. A small chunk
   * suits values that are usually tiny (tick offsets, counts); values up to 2^36 are accepted.
   */
  writeVarUint(value: number, chunk = 7): void {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** 36) throw new RangeError(`varint ${value}`);
    let rest = value;
    for (;;) {
      const low = rest % 2 ** chunk;
      rest = Math.floor(rest / 2 ** chunk);
      this.writeBits(low, chunk);
      this.writeBool(rest > 0);
      if (rest === 0) return;
    }
  }

  writeVarInt(value: number, chunk = 7): void {
    this.writeVarUint(zigzag(value), chunk);
  }

  finish(): Uint8Array {
    return this.bytes.slice(0, (this.bitPos + 7) >> 3);
  }

  private ensure(bits: number): void {
    const need = (this.bitPos + bits + 7) >> 3;
    if (need <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(need, this.bytes.length * 2));
    grown.set(this.bytes);
    this.bytes = grown;
  }
}

export class BitReader {
  private bitPos = 0;
  private failure: string | null = null;

  constructor(private readonly bytes: Uint8Array) {}

  /** True while every read so far stayed inside the data. */
  get ok(): boolean {
    return this.failure === null;
  }

  get error(): string | null {
    return this.failure;
  }

  get remainingBits(): number {
    return this.bytes.length * 8 - this.bitPos;
  }

  /** Records the first error; later reads return 0. Decoders also use it for range checks. */
  fail(message: string): void {
    if (this.failure === null) this.failure = message;
  }

  readBits(bits: number): number {
    if (this.failure !== null) return 0;
    if (bits > this.remainingBits) {
      this.fail('truncated');
      return 0;
    }
    let value = 0;
    let left = bits;
    while (left > 0) {
      const offset = this.bitPos & 7;
      const take = Math.min(8 - offset, left);
      const chunk = (this.bytes[this.bitPos >> 3]! >> (8 - offset - take)) & ((1 << take) - 1);
      value = value * (1 << take) + chunk;
      this.bitPos += take;
      left -= take;
    }
    return value;
  }

  readBool(): boolean {
    return this.readBits(1) === 1;
  }

  readSigned(bits: number): number {
    const raw = this.readBits(bits);
    const half = 2 ** (bits - 1);
    return raw >= half ? raw - 2 * half : raw;
  }

  readVarUint(chunk = 7): number {
    let value = 0;
    let scale = 1;
    for (let shift = 0; shift < 36; shift += chunk) {
      value += this.readBits(chunk) * scale;
      scale *= 2 ** chunk;
      if (!this.readBool()) return this.failure === null ? value : 0;
    }
    this.fail('varint too long');
    return 0;
  }

  readVarInt(chunk = 7): number {
    return unzigzag(this.readVarUint(chunk));
  }

  /**
   * After the last field: the rest must be the zero padding of the final byte. Anything longer
   * or non-zero means the message is not what we think it is.
   */
  expectEnd(): void {
    if (this.failure !== null) return;
    if (this.remainingBits >= 8) {
      this.fail('trailing bytes');
      return;
    }
    if (this.readBits(this.remainingBits) !== 0) this.fail('non-zero padding');
  }
}
