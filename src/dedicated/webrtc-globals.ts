/**
 * Gives Node what the transport expects of a browser: RTCPeerConnection, RTCSessionDescription and
 * RTCIceCandidate from node-datachannel's polyfill (libdatachannel; chosen over @roamhq/wrtc, see
 * README "Hosting"), and WebSocket from the `ws` package (src/transport/signaling-peer.ts). It
 * must run before the first link is made.
 *
 * Input: an optional UDP port range, applied to every peer connection (libdatachannel's
 * portRangeBegin/End), for hosts behind a firewall or in a container that publishes a range.
 * Output: `lastSocketError()`, the own error of the newest signaling socket that failed to open ("connect ECONNREFUSED
 * 127.0.0.1:9000"), which PeerJS reduces to "Lost connection to server.".
 * Invariants: installs each global once; existing globals (a test that set its own) are kept. A
 * browser's WebSocket reports a failed connection as an event nobody has to handle; `ws` emits an
 * 'error' that kills the process when nobody listens, and PeerJS listens only for 'close' (which
 * follows): so every socket made here listens for 'error' itself (PeerJS then sees the close).
 */
import { RTCIceCandidate, RTCPeerConnection, RTCSessionDescription } from 'node-datachannel/polyfill';
import { WebSocket } from 'ws';

export interface IcePortRange {
  first: number;
  last: number;
}

type PeerConfig = ConstructorParameters<typeof RTCPeerConnection>[0];

/** The polyfill's peer connection with the port range added to whatever the transport passes. */
function rangedPeerConnection(range: IcePortRange): typeof RTCPeerConnection {
  return class RangedPeerConnection extends RTCPeerConnection {
    constructor(config?: PeerConfig) {
      super({ iceServers: [], ...config, portRangeBegin: range.first, portRangeEnd: range.last } as PeerConfig);
    }
  };
}

export interface WebRtcGlobals {
  lastSocketError(): string | null;
}

/** `ws`'s WebSocket that handles its own 'error' (and remembers it) instead of throwing it at the process. */
function quietWebSocket(
  remember: (message: string | null) => void,
): new (address: string | URL, protocols?: string | string[]) => WebSocket {
  return class QuietWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols);
      this.on('error', (err: Error) => remember(err.message));
      this.on('open', () => remember(null));
    }
  };
}

export function installWebRtcGlobals(range: IcePortRange | null): WebRtcGlobals {
  let lastError: string | null = null;
  const g = globalThis as Record<string, unknown>;
  const set = (name: string, value: unknown): void => {
    if (g[name] === undefined) g[name] = value;
  };
  set('RTCPeerConnection', range ? rangedPeerConnection(range) : RTCPeerConnection);
  set('RTCSessionDescription', RTCSessionDescription);
  set('RTCIceCandidate', RTCIceCandidate);
  set(
    'WebSocket',
    quietWebSocket((message) => (lastError = message)),
  );
  return { lastSocketError: () => lastError };
}
