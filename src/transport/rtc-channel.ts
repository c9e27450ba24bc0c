/**
 * A `Channel` over one RTCDataChannel (binary messages only).
 *
 * Inputs: an RTCDataChannel (negotiated by us or created by PeerJS). Listeners are attached with
 * addEventListener so PeerJS's own `on…` handlers on the same channel keep working.
 * Outputs: bytes in/out, `options` read back from the browser's channel (what it actually
 * negotiated, not what we asked for). Invariant: text messages are dropped and counted.
 */
import {
  asBytes,
  ChannelCore,
  type Channel,
  type ChannelOptions,
  type ChannelState,
  type ChannelStats,
} from './channel';

export class RtcChannel implements Channel {
  private readonly core: ChannelCore;
  /** Incoming messages that were not binary (a confused or hostile peer). */
  droppedText = 0;

  constructor(private readonly dc: RTCDataChannel) {
    dc.binaryType = 'arraybuffer';
    this.core = new ChannelCore(
      dc.readyState === 'open' ? 'open' : dc.readyState === 'connecting' ? 'connecting' : 'closed',
    );
    dc.addEventListener('open', () => {
      if (this.core.state === 'connecting') this.core.state = 'open';
    });
    dc.addEventListener('message', (ev: MessageEvent) => {
      const bytes = asBytes(ev.data);
      if (bytes) this.core.deliver(bytes);
      else this.droppedText += 1;
    });
    dc.addEventListener('close', () => this.core.finish('closed by the other side'));
    dc.addEventListener('error', () => this.core.finish('data channel error'));
  }

  get label(): string {
    return this.dc.label;
  }

  get state(): ChannelState {
    return this.core.state;
  }

  get stats(): ChannelStats {
    return this.core.stats;
  }

  get options(): ChannelOptions {
    return { ordered: this.dc.ordered, maxRetransmits: this.dc.maxRetransmits };
  }

  /** Resolves when the channel is open; rejects on close or after `timeoutMs`. */
  opened(timeoutMs: number): Promise<void> {
    if (this.dc.readyState === 'open') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`channel "${this.label}" did not open in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.dc.addEventListener('open', () => (clearTimeout(timer), resolve()), { once: true });
      this.core.onClose((why) => (clearTimeout(timer), reject(new Error(`channel "${this.label}" ${why}`))));
    });
  }

  send(bytes: Uint8Array): void {
    if (this.dc.readyState !== 'open') {
      this.core.stats.dropsOut += 1;
      return;
    }
    try {
      // The DOM typing wants an ArrayBuffer-backed view; our bytes always are.
      this.dc.send(bytes as Uint8Array<ArrayBuffer>);
      this.core.countSent(bytes);
    } catch {
      this.core.stats.dropsOut += 1;
    }
  }

  onMessage(handler: (bytes: Uint8Array) => void): () => void {
    return this.core.onMessage(handler);
  }

  onClose(handler: (reason: string) => void): () => void {
    return this.core.onClose(handler);
  }

  close(): void {
    this.core.finish('closed');
    try {
      this.dc.close();
    } catch {
      // already closed: nothing to release
    }
  }
}
