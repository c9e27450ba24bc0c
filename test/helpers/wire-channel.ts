/**
 * A Channel for unit tests that records what is sent and lets the test play the other end
 * (`core.deliver(bytes)` as an incoming message, `close()` as the link going away).
 */
import { ChannelCore, type Channel, type ChannelStats } from '../../src/transport/channel';

export class WireChannel implements Channel {
  readonly core = new ChannelCore('open');
  readonly sent: Uint8Array[] = [];
  constructor(
    readonly label = 'wire',
    readonly options: Channel['options'] = { ordered: false, maxRetransmits: 0 },
  ) {}
  get state() {
    return this.core.state;
  }
  get stats(): ChannelStats {
    return this.core.stats;
  }
  send(b: Uint8Array): void {
    this.sent.push(b);
  }
  onMessage(h: (b: Uint8Array) => void) {
    return this.core.onMessage(h);
  }
  onClose(h: (r: string) => void) {
    return this.core.onClose(h);
  }
  close(): void {
    this.core.finish('closed');
  }
}
