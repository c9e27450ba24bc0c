/**
 * The debug API's view of the joiners' links: both channels of every linked peer, as the browser
 * reports them (state, buffered bytes, traffic), and where the unreliable one is served: on the
 * page (relayed to the worker over a port) or in the worker itself (handed off).
 */
import { reportChannel, type ChannelReport } from '../transport/channel-report';
import type { PeerLink } from '../transport/peer-link';

export function reportLinks(slots: Iterable<{ link: PeerLink; port: MessagePort | null }>): ChannelReport[] {
  const out: ChannelReport[] = [];
  for (const s of slots) {
    const where = s.port ? 'page' : 'worker';
    out.push(
      reportChannel('unreliable', s.link.remoteId, s.link.unreliable, where),
      reportChannel('reliable', s.link.remoteId, s.link.reliable),
    );
  }
  return out;
}
