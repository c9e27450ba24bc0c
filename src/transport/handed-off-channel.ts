/**
 * The page's record of a DataChannel it handed to a worker (transferred: `postMessage(dc, [dc])`).
 * The bytes of such a channel never pass through this thread again, so this `Channel` carries none:
 * it keeps what the browser reported about the channel before the transfer (label, ordered,
 * maxRetransmits) for the debug API, and it closes with the connection it belongs to.
 *
 * Why hand a channel off at all: the host relays every joiner's commands and snapshots; done on
 * the page's main thread, any long frame of the host page (a GC, a slow first render) holds every
 * joiner's traffic back. Done in the server worker, the match keeps its pace whatever the page does.
 *
 * Contract: `send` drops and counts (nothing here can reach the channel); no message ever arrives;
 * `stats` are the worker's counts as last reported (`absorb`, once a second);
 * `close()` only marks it closed (the worker closes the real channel when it drops the client).
 */
import { ChannelCore, type Channel, type ChannelOptions, type ChannelState, type ChannelStats } from './channel';

export class HandedOffChannel implements Channel {
  private readonly core = new ChannelCore('open');
  readonly label: string;
  readonly options: ChannelOptions;

  /** Read `dc` before transferring it: afterwards this thread's object no longer describes it. */
  constructor(dc: RTCDataChannel) {
    this.label = dc.label;
    this.options = { ordered: dc.ordered, maxRetransmits: dc.maxRetransmits };
  }

  get state(): ChannelState {
    return this.core.state;
  }

  get stats(): ChannelStats {
    return this.core.stats;
  }

  send(): void {
    this.core.stats.dropsOut += 1;
  }

  /** Takes the traffic the worker counted on the real channel. */
  absorb(counts: Readonly<ChannelStats>): void {
    Object.assign(this.core.stats, counts);
  }

  onMessage(handler: (bytes: Uint8Array) => void): () => void {
    return this.core.onMessage(handler);
  }

  onClose(handler: (reason: string) => void): () => void {
    return this.core.onClose(handler);
  }

  close(): void {
    this.core.finish('closed');
  }
}
