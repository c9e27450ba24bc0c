/**
 * The fake clock and byte port the ServerRuntime tests drive the runtime with: time advances only
 * when a test says so (timers run in due order, late after a stall), and a port records what the
 * runtime posted and checks each posted buffer is its own (it is transferred in the worker), or, as
 * a DataChannel, copies what it is handed (views of the tick's reused datagram buffer).
 */
import { expect } from 'vitest';
import type { BytePort } from '../../../src/server/server-runtime';

export class FakeClock {
  now = 0;
  private timers: Array<{ id: number; at: number; fn: () => void }> = [];
  private seq = 0;
  schedule = (fn: () => void, ms: number): number => {
    this.timers.push({ id: ++this.seq, at: this.now + ms, fn });
    return this.seq;
  };
  cancel = (id: number): void => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const t = this.timers[0];
      if (!t || t.at > end) break;
      this.timers.shift();
      this.now = Math.max(this.now, t.at); // a timer late after a stall runs late: time never goes back
      t.fn();
    }
    this.now = end;
  }
  /** The thread was blocked: time passes and nothing runs (what was due runs at the next advance). */
  stall(ms: number): void {
    this.now += ms;
  }
}

export class FakePort implements BytePort {
  handler: ((data: unknown) => void) | null = null;
  posted: Uint8Array[] = [];
  /** With `copiesOnPost` (a DataChannel): what post was handed, views the runtime may reuse. */
  views: Uint8Array[] = [];
  closed = false;
  /** `copiesOnPost`: the port copies in post, as RTCDataChannel.send does; else it keeps (transfers) the bytes. */
  constructor(readonly copiesOnPost = false) {}
  listen(h: ((data: unknown) => void) | null): void {
    this.handler = h;
  }
  post(bytes: Uint8Array): void {
    if (this.copiesOnPost) {
      this.views.push(bytes);
      this.posted.push(bytes.slice());
      return;
    }
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    this.posted.push(bytes);
  }
  close(): void {
    this.closed = true;
  }
}
