/**
 * A plain-data description of a channel as the browser reports it, for the debug API and the
 * e2e tests (e.g. that the unreliable channel really has ordered === false, maxRetransmits === 0).
 */
import type { Channel } from './channel';

export interface ChannelReport {
  /** 'unreliable' (commands + snapshots), 'reliable' (control) or 'loopback' (host's own client). */
  role: 'unreliable' | 'reliable' | 'loopback';
  /** The peer at the other end ('' for loopback). */
  peer: string;
  label: string;
  ordered: boolean;
  maxRetransmits: number | null;
  state: string;
  /**
   * Where this channel's bytes are handled: 'worker' for a joiner's unreliable channel the host
   * transferred into its server worker (counts then lag by up to a second), else 'page'.
   */
  handledIn: 'page' | 'worker';
  bytesIn: number;
  bytesOut: number;
  packetsIn: number;
  packetsOut: number;
}

export function reportChannel(
  role: ChannelReport['role'],
  peer: string,
  ch: Channel,
  handledIn: ChannelReport['handledIn'] = 'page',
): ChannelReport {
  const { ordered, maxRetransmits } = ch.options;
  const { bytesIn, bytesOut, packetsIn, packetsOut } = ch.stats;
  return {
    role,
    peer,
    label: ch.label,
    ordered,
    maxRetransmits,
    state: ch.state,
    handledIn,
    bytesIn,
    bytesOut,
    packetsIn,
    packetsOut,
  };
}
