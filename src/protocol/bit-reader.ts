/**
 * Bit-level reader: the decoding half of bits.ts (which re-exports it, so every decoder imports
 * both halves from one place). Reads unsigned fields of 1..32 bits, MSB first, as BitWriter writes.
 * Never throws: reading past the end, or a varint longer than allowed, sets `error` and yields 0
 * from then on, so a decoder can read a whole message and check `ok` once at the end. Whole bytes
 * move through a 32-bit window (no per-bit loop); fields wider than 24 bits are read in two steps,
 * so the bitwise ops only ever see numbers below 2^31.
 */

/** Undoes `zigzag` (bits.ts): 0, 1, 2, 3, 4 … → 0, -1, 1, -2, 2 … */
export function unzigzag(z: number): number {
  // Below 2^31 in int32 bit operations: `%` of a double (what a read gives) is a library call.
  if (z < 2147483648) return (z >>> 1) ^ -(z & 1);
  return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
}

/**
 * The bits of `b` from bit `pos` on, MSB first, as an int32: at least the first 25 are the
 * message's (bits past its end read as 0). What `peek` returns, for a decoder that keeps its
 * position in a local while it reads many fields (row-fast-read.ts).
 */
export function windowAt(b: Uint8Array, pos: number): number {
  const i = pos >> 3;
  // The last three bytes of a message have no full window after them: apart (`tailWindow`), as
  // one expression with both forms V8 checked every byte's index twice on every read.
  if (i + 3 >= b.length) return tailWindow(b, pos);
  return ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) << (pos & 7);
}

/** `windowAt` near the end: missing bytes read as 0. */
function tailWindow(b: Uint8Array, pos: number): number {
  const i = pos >> 3;
  const word = ((b[i] ?? 0) << 24) | ((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0);
  return word << (pos & 7);
}

export class BitReader {
  /**
   * The read position in bits. Written only by reads, and by the fast row reader
   * (row-fast-read.ts), which reads a run of rows with the position in a local and stores it back.
   */
  bitPos = 0;
  readonly totalBits: number;
  private failure: string | null = null;
  /** The message itself (never copied: a copy per message was most of a command packet's garbage). */
  readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.totalBits = bytes.length * 8;
    this.bytes = bytes;
  }

  /** True while every read so far stayed inside the data. */
  get ok(): boolean {
    return this.failure === null;
  }

  get error(): string | null {
    return this.failure;
  }

  get remainingBits(): number {
    return this.totalBits - this.bitPos;
  }

  /** Records the first error; later reads return 0. Decoders also use it for range checks. */
  fail(message: string): void {
    if (this.failure === null) this.failure = message;
  }

  readBits(bits: number): number {
    if (this.failure !== null) return 0;
    if (bits > this.totalBits - this.bitPos) {
      this.fail('truncated');
      return 0;
    }
    if (bits > 24) {
      // Two steps keep the word arithmetic under 2^31, as the writer does.
      const high = this.take(bits - 16);
      return high * 65536 + this.take(16);
    }
    return this.take(bits);
  }

  /** `bits` (0..24) bits already known to be there: one 32-bit window, no per-byte loop. */
  private take(bits: number): number {
    if (bits === 0) return 0;
    const v = windowAt(this.bytes, this.bitPos) >>> (32 - bits);
    this.bitPos += bits;
    return v;
  }

  /**
   * The bits from the current position, MSB first, without moving: at least the first 25 are
   * the message's (bits past its end read as 0). With `skip`, a field whose width its first bits
   * give (a class and its difference, a unary mask code) is read from one window.
   */
  peek(): number {
    return windowAt(this.bytes, this.bitPos);
  }

  /** Moves past `bits` bits a `peek` looked at; past the end it fails as a read would ('truncated'). */
  skip(bits: number): void {
    if (bits > this.totalBits - this.bitPos) this.fail('truncated');
    else this.bitPos += bits;
  }

  readBool(): boolean {
    return this.readBits(1) === 1;
  }

  readSigned(bits: number): number {
    const raw = this.readBits(bits);
    // Up to 32 bits: sign-extended by two shifts (no `**`, a library call for a variable power).
    if (bits <= 32) return (raw << (32 - bits)) >> (32 - bits);
    const half = 2 ** (bits - 1);
    return raw >= half ? raw - 2 * half : raw;
  }

  readVarUint(chunk = 7): number {
    let value = 0;
    let scale = 1;
    for (let shift = 0; shift < 36; shift += chunk) {
      // Group and continue bit in one read.
      const group = this.readBits(chunk + 1);
      value += (group >>> 1) * scale;
      scale *= 1 << chunk;
      if ((group & 1) === 0) {
        // Canonical form: only a lone group may be zero (a zero last group adds nothing).
        if (shift > 0 && group === 0) this.fail('overlong varint');
        return this.failure === null ? value : 0;
      }
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
