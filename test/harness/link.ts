/**
 * Link: a client's two conditioned directions (up = client → server, down = server → client),
 * each its own seeded NetworkConditioner, so loss and jitter are independent both ways.
 */
import { NetworkConditioner, type ConditionerSettings } from '../../src/transport/conditioner';

export type LinkSettings = Partial<ConditionerSettings>;

export class Link {
  readonly up: NetworkConditioner;
  readonly down: NetworkConditioner;

  constructor(settings: LinkSettings | { up: LinkSettings; down: LinkSettings }, seed: number) {
    const both = 'up' in settings && 'down' in settings && typeof settings.up === 'object' ? settings : null;
    this.up = new NetworkConditioner(both ? both.up : (settings as LinkSettings), seed * 2 + 1);
    this.down = new NetworkConditioner(both ? both.down : (settings as LinkSettings), seed * 2 + 2);
  }

  /** A symmetric link with this round-trip time (half each way), jitter and loss each way. */
  static rtt(rttMs: number, jitterMs = 0, loss = 0): LinkSettings {
    return { latencyMs: rttMs / 2, jitterMs, loss };
  }
}
