/**
 * A `Channel` over a MessagePort: the host's own client ↔ the server worker, with no network.
 *
 * Inputs: one end of a MessageChannel (the other end is transferred to the worker).
 * Outputs: bytes; outgoing buffers are transferred, not copied, so the caller must not reuse a
 * Uint8Array after sending it. Invariant: `options` reports ordered delivery with no loss (a
 * MessagePort is both), which is what the debug API shows for the host's own client.
 */
import {
  asBytes,
  ChannelCore,
  type Channel,
  type ChannelOptions,
  type ChannelState,
  type ChannelStats,
} from './channel';

export class LoopbackChannel implements Channel {
  private readonly core = new ChannelCore('open');
  readonly options: ChannelOptions = { ordered: true, maxRetransmits: null };

  constructor(
    private readonly port: MessagePort,
    readonly label = 'loopback',
  ) {
    port.onmessage = (ev: MessageEvent) => {
      const bytes = asBytes(ev.data);
      if (bytes) this.core.deliver(bytes);
    };
    port.start();
  }

  get state(): ChannelState {
    return this.core.state;
  }

  get stats(): ChannelStats {
    return this.core.stats;
  }

  send(bytes: Uint8Array): void {
    if (this.core.state !== 'open') {
      this.core.stats.dropsOut += 1;
      return;
    }
    this.core.countSent(bytes);
    // A view over part of a larger buffer cannot be transferred without taking the rest too.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const out = whole ? bytes : bytes.slice();
    this.port.postMessage(out, [out.buffer as ArrayBuffer]);
  }

  onMessage(handler: (bytes: Uint8Array) => void): () => void {
    return this.core.onMessage(handler);
  }

  onClose(handler: (reason: string) => void): () => void {
    return this.core.onClose(handler);
  }

  close(): void {
    this.core.finish('closed');
    this.port.onmessage = null;
    this.port.close();
  }
}
