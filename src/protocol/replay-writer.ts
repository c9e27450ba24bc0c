/**
 * ReplayWriter: the bytes of one replay file as it grows (replay-format.ts), in bounded memory.
 *
 * Records are appended to fixed-size chunks (never one buffer copied as it doubles: a host's tick
 * must not stall on a multi-megabyte copy), and the writer refuses records past `maxBytes`: a
 * replay then ends there, `full` says so, and the match is not disturbed.
 * Inputs: `begin(header)` once, then `append(kind, writer)` with a record's payload bit-packed in
 * a BitWriter. Outputs: `bytes()`, a whole file (a copy; recording goes on).
 */
import { BitWriter } from './bits';
import {
  lebBytes,
  MAX_REPLAY_BYTES,
  RecordKind,
  REPLAY_FORMAT_VERSION,
  REPLAY_MAGIC,
  writeReplayHeader,
  writeLeb,
  type ReplayHeader,
} from './replay-format';

const CHUNK_BYTES = 256 * 1024;

export class ReplayWriter {
  private readonly chunks: Uint8Array[] = [];
  /** Bytes used in the last chunk. */
  private used = 0;
  private total = 0;
  /** A record was refused for want of room: the replay ends before it. */
  full = false;
  private readonly lead = new Uint8Array(6);

  constructor(private readonly maxBytes = MAX_REPLAY_BYTES) {}

  get byteLength(): number {
    return this.total;
  }

  /** Starts the file: its preamble and header record. */
  begin(header: ReplayHeader): void {
    this.chunks.length = 0;
    this.used = 0;
    this.total = 0;
    this.full = false;
    this.put(REPLAY_MAGIC, REPLAY_MAGIC.length);
    this.put(Uint8Array.of(REPLAY_FORMAT_VERSION), 1);
    const w = new BitWriter(64);
    writeReplayHeader(w, header);
    this.append(RecordKind.header, w);
  }

  /** One record whose payload is what `payload` holds (padded to a byte). False when the replay is full. */
  append(kind: number, payload: BitWriter): boolean {
    if (this.full) return false;
    const length = (payload.bitLength + 7) >> 3;
    const size = 1 + lebBytes(length) + length;
    if (this.total + size > this.maxBytes) {
      this.full = true;
      return false;
    }
    this.lead[0] = kind;
    const leadEnd = writeLeb(this.lead, 1, length);
    this.put(this.lead, leadEnd);
    this.put(payload.view(), length);
    return true;
  }

  /** The file so far, in one array of its own. */
  bytes(): Uint8Array {
    const out = new Uint8Array(this.total);
    let at = 0;
    for (let i = 0; i < this.chunks.length; i++) {
      const chunk = this.chunks[i]!;
      const n = i === this.chunks.length - 1 ? this.used : chunk.length;
      out.set(chunk.subarray(0, n), at);
      at += n;
    }
    return out;
  }

  private put(src: Uint8Array, length: number): void {
    let from = 0;
    while (from < length) {
      let chunk = this.chunks[this.chunks.length - 1];
      if (!chunk || this.used === chunk.length) {
        // A small file (a kill-cam's, at most 64 KB) needs no 256 KB chunk.
        chunk = new Uint8Array(Math.min(CHUNK_BYTES, this.maxBytes));
        this.chunks.push(chunk);
        this.used = 0;
      }
      const n = Math.min(length - from, chunk.length - this.used);
      chunk.set(src.subarray(from, from + n), this.used);
      this.used += n;
      from += n;
    }
    this.total += length;
  }
}
