/**
 * Two ends of an in-memory PeerLink for lobby tests: reliable messages are delivered in order on
 * a microtask (like a DataChannel, never synchronously inside send), and each end records what it
 * sent so a test can read exactly what left (e.g. that no password went to an impostor).
 */
import type { IncomingLink, PeerLink } from '../../src/transport/peer-link';
import { WireChannel } from './wire-channel';

/** A WireChannel whose sends reach the other end (on a microtask, like a DataChannel). */
class MemoryChannel extends WireChannel {
  peer: MemoryChannel | null = null;
  constructor(label: string) {
    super(label, { ordered: true, maxRetransmits: null });
  }
  override send(bytes: Uint8Array): void {
    if (this.state !== 'open') return;
    const copy = bytes.slice();
    super.send(copy);
    const to = this.peer;
    queueMicrotask(() => to?.core.deliver(copy));
  }
  override close(): void {
    super.close();
    const to = this.peer;
    queueMicrotask(() => to?.core.finish('closed by peer'));
  }
}

export const sdpWith = (fp: string): string =>
  `v=0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\na=fingerprint:sha-256 ${fp}\r\n`;

export interface FakeEnd extends PeerLink {
  readonly reliable: MemoryChannel;
  readonly unreliable: MemoryChannel;
}

function end(remoteId: string, local: string, remote: string, address: string | null): FakeEnd {
  const reliable = new MemoryChannel('reliable');
  const unreliable = new MemoryChannel('unreliable');
  const closers: Array<(r: string) => void> = [];
  reliable.onClose((r) => closers.forEach((c) => c(r)));
  return {
    remoteId,
    reliable,
    unreliable,
    descriptions: () => ({ local: sdpWith(local), remote: sdpWith(remote) }),
    remoteAddress: () => Promise.resolve(address),
    close: () => (reliable.close(), unreliable.close()),
    onClose: (h) => void closers.push(h),
    routeLost: () => false,
  };
}

/** A joiner end and the host's IncomingLink for it; `address` is what the host sees as its source. */
export function linkPair(
  opts: { joinerId?: string; address?: string | null; hostFp?: string; joinerFp?: string } = {},
): { joiner: FakeEnd; host: FakeEnd; incoming: IncomingLink & { refused: boolean } } {
  const hostFp = opts.hostFp ?? 'AA:BB';
  const joinerFp = opts.joinerFp ?? 'CC:DD';
  const joiner = end('host-id', joinerFp, hostFp, null);
  const host = end(
    opts.joinerId ?? 'joiner-id',
    hostFp,
    joinerFp,
    opts.address === undefined ? '10.0.0.1' : opts.address,
  );
  joiner.reliable.peer = host.reliable;
  host.reliable.peer = joiner.reliable;
  joiner.unreliable.peer = host.unreliable;
  host.unreliable.peer = joiner.unreliable;
  const incoming = {
    remoteId: host.remoteId,
    source: `peer:${host.remoteId}`,
    refused: false,
    open: () => Promise.resolve(host as PeerLink),
    refuse() {
      this.refused = true;
      host.close();
    },
  };
  return { joiner, host, incoming };
}
