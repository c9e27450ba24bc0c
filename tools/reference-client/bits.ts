/**
 * Bit reader and writer for the Rewind Arena wire format, written from docs/PROTOCOL.md ("Bits")
 * alone: fields are packed MSB first with no alignment, the last byte is zero-padded.
 *
 * This is the reference client's own code: nothing here comes from the game's `src/`. It is
 * deliberately simple (one bit at a time) rather than fast; it only has to be obviously right.
 * The reader never throws: a read past the end or a broken rule records the first problem in
 * `error` and yields 0 from then on, so a decoder reads a whole message and checks `ok` once.
 * Decoders name each field before reading it (`r.at('serverTick').u(32)`); given a `trace` list,
 * the reader records every named field's bits and value there: an annotated dump of the message
 * (scripts/protocol-example.ts prints the worked example of docs/PROTOCOL.md that way).
 */

/** One named field of a traced message: where its bits start, the bits, the value read. */
export interface TraceEntry {
  label: string;
  from: number;
  bits: string;
  value: unknown;
}

export class BitReader {
  private pos = 0;
  error: string | null = null;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly trace: TraceEntry[] | null = null,
  ) {}

  /** Names the field read next (traced readers start a new entry). */
  at(label: string): this {
    this.trace?.push({ label, from: this.pos, bits: '', value: undefined });
    return this;
  }

  /** Replaces the traced value of the current field with what it means (a position, a name…). */
  note(value: unknown): void {
    const last = this.trace?.[this.trace.length - 1];
    if (last) last.value = value;
  }

  get ok(): boolean {
    return this.error === null;
  }

  get remaining(): number {
    return this.bytes.length * 8 - this.pos;
  }

  fail(why: string): void {
    this.error ??= why;
  }

  /** uN: N bits, most significant first (N up to 32). */
  u(n: number): number {
    if (this.error !== null) return 0;
    if (n > this.remaining) {
      this.fail('truncated');
      return 0;
    }
    let v = 0;
    for (let i = 0; i < n; i++) {
      const bit = (this.bytes[this.pos >> 3]! >> (7 - (this.pos & 7))) & 1;
      v = v * 2 + bit;
      this.pos++;
      if (this.trace?.length) this.trace[this.trace.length - 1]!.bits += bit;
    }
    this.note(v);
    return v;
  }

  bool(): boolean {
    const b = this.u(1) === 1;
    this.note(b);
    return b;
  }

  /** sN: two's complement. */
  s(n: number): number {
    const raw = this.u(n);
    const v = raw >= 2 ** (n - 1) ? raw - 2 ** n : raw;
    this.note(v);
    return v;
  }

  /** varuint(c): groups of c bits, least significant group first, each followed by a continue bit (1 = more). */
  varuint(c: number): number {
    let value = 0;
    let scale = 1;
    for (let used = 0; used < 36; used += c) {
      const group = this.u(c);
      value += group * scale;
      scale *= 2 ** c;
      if (this.u(1) === 0) {
        // Canonical form: a last group of 0 after the first adds nothing, so no encoder writes it.
        if (used > 0 && group === 0) this.fail('overlong varint');
        this.note(value);
        return value;
      }
    }
    this.fail('varint too long');
    return 0;
  }

  /** varint(c): zigzag (0, -1, 1, -2 … as 0, 1, 2, 3 …) then varuint(c). */
  varint(c: number): number {
    const v = unzigzag(this.varuint(c));
    this.note(v);
    return v;
  }

  /** After the last field: at most 7 bits of padding, all zero. */
  end(): void {
    if (this.error !== null) return;
    if (this.remaining >= 8) this.fail('trailing bytes');
    else if (this.remaining > 0 && this.at('padding').u(this.remaining) !== 0) this.fail('non-zero padding');
  }
}

export class BitWriter {
  private readonly bits: number[] = [];

  u(value: number, n: number): void {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** n) throw new RangeError(`${value} does not fit u${n}`);
    for (let i = n - 1; i >= 0; i--) this.bits.push(Math.floor(value / 2 ** i) % 2);
  }

  bool(b: boolean): void {
    this.u(b ? 1 : 0, 1);
  }

  s(value: number, n: number): void {
    this.u(value < 0 ? value + 2 ** n : value, n);
  }

  varuint(value: number, c: number): void {
    let rest = value;
    for (;;) {
      this.u(rest % 2 ** c, c);
      rest = Math.floor(rest / 2 ** c);
      this.u(rest > 0 ? 1 : 0, 1);
      if (rest === 0) return;
    }
  }

  varint(value: number, c: number): void {
    this.varuint(zigzag(value), c);
  }

  bytes(): Uint8Array<ArrayBuffer> {
    const out = new Uint8Array(Math.ceil(this.bits.length / 8));
    this.bits.forEach((bit, i) => (out[i >> 3]! |= bit << (7 - (i & 7))));
    return out;
  }
}

export const zigzag = (v: number): number => (v >= 0 ? v * 2 : -v * 2 - 1);
export const unzigzag = (z: number): number => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);
