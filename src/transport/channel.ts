/**
 * The one interface every byte pipe in the game implements: a WebRTC DataChannel, the host's
 * loopback MessagePort, a conditioned wrapper. Game code above it sees only bytes.
 *
 * Contract: `send` never throws (a closed or failing channel drops and counts the message);
 * `onMessage` handlers get whole messages in arrival order of this channel; after `close()` (or
 * the far end closing) state is 'closed', the close handlers run once and nothing more arrives.
 */

export type ChannelState = 'connecting' | 'open' | 'closed';

export interface ChannelStats {
  bytesIn: number;
  bytesOut: number;
  packetsIn: number;
  packetsOut: number;
  /** Sends refused because the channel was not open or the browser raised. */
  dropsOut: number;
}

/** Delivery guarantees as the underlying channel reports them (null = not applicable / unlimited). */
export interface ChannelOptions {
  ordered: boolean;
  maxRetransmits: number | null;
}

export interface Channel {
  readonly label: string;
  readonly state: ChannelState;
  readonly stats: Readonly<ChannelStats>;
  readonly options: ChannelOptions;
  send(bytes: Uint8Array): void;
  /** Returns a function that removes the handler. */
  onMessage(handler: (bytes: Uint8Array) => void): () => void;
  onClose(handler: (reason: string) => void): () => void;
  close(): void;
}

export function emptyStats(): ChannelStats {
  return { bytesIn: 0, bytesOut: 0, packetsIn: 0, packetsOut: 0, dropsOut: 0 };
}

/** Turns what a DataChannel or MessagePort delivers into bytes; anything else (text, blobs) is null. */
export function asBytes(data: unknown): Uint8Array | null {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

/**
 * Handler lists and counters shared by the concrete channels, so each of them only does its
 * own I/O. Handlers that throw are isolated: one bad listener cannot stop delivery to the rest.
 */
export class ChannelCore {
  readonly stats: ChannelStats = emptyStats();
  state: ChannelState;
  private readonly messageHandlers = new Set<(bytes: Uint8Array) => void>();
  private readonly closeHandlers = new Set<(reason: string) => void>();

  constructor(initial: ChannelState) {
    this.state = initial;
  }

  onMessage(handler: (bytes: Uint8Array) => void): () => void {
    this.messageHandlers.add(handler);
    return () => this.messageHandlers.delete(handler);
  }

  onClose(handler: (reason: string) => void): () => void {
    this.closeHandlers.add(handler);
    return () => this.closeHandlers.delete(handler);
  }

  deliver(bytes: Uint8Array): void {
    if (this.state === 'closed') return;
    this.stats.packetsIn += 1;
    this.stats.bytesIn += bytes.byteLength;
    for (const h of [...this.messageHandlers]) {
      try {
        h(bytes);
      } catch (err) {
        console.error('channel message handler failed', err);
      }
    }
  }

  countSent(bytes: Uint8Array): void {
    this.stats.packetsOut += 1;
    this.stats.bytesOut += bytes.byteLength;
  }

  /** Moves to 'closed' and runs the close handlers exactly once. */
  finish(reason: string): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    const handlers = [...this.closeHandlers];
    this.closeHandlers.clear();
    this.messageHandlers.clear();
    for (const h of handlers) {
      try {
        h(reason);
      } catch (err) {
        console.error('channel close handler failed', err);
      }
    }
  }
}
