/**
 * Joiners' unreliable DataChannels transferred into the server worker (src/transport/peer-link.ts
 * `acceptLink` hands each one off the moment it is created, before the handshake), kept under a
 * key until the host admits that joiner (`take`) or turns it away (`release`).
 *
 * Why: with the channel here, commands and snapshots go between the joiner and the server without
 * touching the host page's main thread, so a long frame there (a GC, a slow first render under
 * software WebGL) no longer holds every joiner's traffic back.
 *
 * Invariants: a key is taken at most once; a channel nobody took within `PENDING_MS` is closed
 * (a handshake never lasts that long), so a flood of connections cannot pile channels up here.
 */
import type { BytePort } from '../src/server/server-runtime';

const PENDING_MS = 60_000;
/** How long `take` waits for a key whose channel is still on its way (another message port). */
const ARRIVAL_WAIT_MS = 2000;

interface Pending {
  channel: RTCDataChannel;
  atMs: number;
}

export class AdoptedChannels {
  private readonly pending = new Map<number, Pending>();
  private readonly waiting = new Map<number, (channel: RTCDataChannel | null) => void>();

  constructor(private readonly now: () => number) {}

  adopt(key: number, channel: RTCDataChannel): void {
    this.expire();
    const waiter = this.waiting.get(key);
    if (waiter) {
      this.waiting.delete(key);
      waiter(channel);
      return;
    }
    this.pending.set(key, { channel, atMs: this.now() });
  }

  /** The channel under `key`, waiting a little for one still in transit; null if none comes. */
  take(key: number): Promise<RTCDataChannel | null> {
    const p = this.pending.get(key);
    if (p) {
      this.pending.delete(key);
      return Promise.resolve(p.channel);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        resolve(null);
      }, ARRIVAL_WAIT_MS);
      this.waiting.set(key, (channel) => {
        clearTimeout(timer);
        resolve(channel);
      });
    });
  }

  /** Closes the channel under `key` (the joiner was turned away or left during the handshake). */
  release(key: number): void {
    const p = this.pending.get(key);
    this.pending.delete(key);
    p?.channel.close();
  }

  private expire(): void {
    const old = this.now() - PENDING_MS;
    for (const [key, p] of this.pending) {
      if (p.atMs >= old) continue;
      this.pending.delete(key);
      p.channel.close();
    }
  }
}

/** Traffic of a channel the worker holds, reported to the page for its debug API. */
export interface ChannelCounts {
  bytesIn: number;
  bytesOut: number;
  packetsIn: number;
  packetsOut: number;
  dropsOut: number;
}

export function emptyCounts(): ChannelCounts {
  return { bytesIn: 0, bytesOut: 0, packetsIn: 0, packetsOut: 0, dropsOut: 0 };
}

/**
 * An RTCDataChannel as the runtime's BytePort, counting its traffic into `counts`. Sends before
 * the channel opens, or failing ones, are dropped: snapshots are unreliable by design, and the
 * next one supersedes this one.
 */
export function dataChannelPort(channel: RTCDataChannel, counts: ChannelCounts): BytePort {
  channel.binaryType = 'arraybuffer';
  return {
    // RTCDataChannel.send copies the bytes into its send buffer before it returns.
    copiesOnPost: true,
    listen(handler) {
      channel.onmessage = handler
        ? (ev: MessageEvent) => {
            counts.packetsIn += 1;
            counts.bytesIn += ev.data instanceof ArrayBuffer ? ev.data.byteLength : 0;
            handler(ev.data);
          }
        : null;
    },
    post(bytes) {
      if (channel.readyState !== 'open') {
        counts.dropsOut += 1;
        return;
      }
      try {
        channel.send(bytes as Uint8Array<ArrayBuffer>);
        counts.packetsOut += 1;
        counts.bytesOut += bytes.byteLength;
      } catch {
        counts.dropsOut += 1;
        // a full send buffer or a channel closing under us: this datagram is lost, like on the wire
      }
    },
    close() {
      channel.onmessage = null;
      channel.close();
    },
  };
}
