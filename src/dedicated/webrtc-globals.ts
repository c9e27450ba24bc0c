/**
 * Gives Node what the transport expects of a browser: RTCPeerConnection, RTCSessionDescription and
 * RTCIceCandidate from node-datachannel's polyfill (libdatachannel; chosen over @roamhq/wrtc, see
 * README "Hosting"), and WebSocket from the `ws` package (src/transport/signaling-peer.ts). It
 * must run before the first link is made.
 *
 * Input: an optional UDP port range, applied to every peer connection (libdatachannel's
 * portRangeBegin/End), for hosts behind a firewall or in a container that publishes a range.
 * Invariant: installs each global once; existing globals (a test that set its own) are kept.
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

export function installWebRtcGlobals(range: IcePortRange | null): void {
  const g = globalThis as Record<string, unknown>;
  const set = (name: string, value: unknown): void => {
    if (g[name] === undefined) g[name] = value;
  };
  set('RTCPeerConnection', range ? rangedPeerConnection(range) : RTCPeerConnection);
  set('RTCSessionDescription', RTCSessionDescription);
  set('RTCIceCandidate', RTCIceCandidate);
  set('WebSocket', WebSocket);
}
