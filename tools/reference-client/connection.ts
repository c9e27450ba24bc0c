/**
 * Getting a WebRTC link to a lobby from Node, as docs/PROTOCOL.md "Transport" describes it:
 * read the page's /rewind-config.json (PeerServer address, ICE servers; `?peer=`, `?peerkey=` in
 * the link override it), open a PeerJS peer there, connect to the host's peer `rewind-<room id>`
 * with PeerJS's reliable raw channel, and add the unreliable channel to the same peer connection:
 * negotiated, id 100, unordered, no retransmits.
 *
 * Node has no WebRTC: node-datachannel's polyfill provides RTCPeerConnection and friends, the `ws`
 * package the WebSocket PeerJS signals over. They must be globals before PeerJS is first loaded.
 */
import { RTCIceCandidate, RTCPeerConnection, RTCSessionDescription } from 'node-datachannel/polyfill';
import { WebSocket } from 'ws';

export interface Link {
  reliable: RTCDataChannel;
  unreliable: RTCDataChannel;
  /** The lobby's room id and the link's host key fingerprint (null when the link has none). */
  roomId: string;
  keyFingerprint: string | null;
  /** This connection's session descriptions: their certificate fingerprints bind the host's proof. */
  descriptions(): { local: string; remote: string };
  close(): void;
}

interface PeerConfig {
  host: string;
  port: number;
  path: string;
  key: string;
  secure: boolean;
  iceServers: RTCIceServer[];
}

function installGlobals(): void {
  const g = globalThis as Record<string, unknown>;
  const globals: Record<string, unknown> = { RTCPeerConnection, RTCSessionDescription, RTCIceCandidate, WebSocket };
  for (const [name, value] of Object.entries(globals)) g[name] ??= value;
}

/** Where the link's page signals: /rewind-config.json, then the link's own query. */
async function peerConfig(link: URL): Promise<PeerConfig> {
  const res = await fetch(new URL('/rewind-config.json', link));
  const json = (res.ok ? await res.json() : {}) as { peer?: Partial<PeerConfig>; iceServers?: RTCIceServer[] };
  const pagePort = Number(link.port || (link.protocol === 'https:' ? 443 : 80));
  const p = json.peer ?? {};
  const config: PeerConfig = {
    host: p.host || link.hostname,
    // Port 0 (or absent with a config) means "the page's own port".
    port: p.port === undefined ? 9000 : p.port === 0 ? pagePort : p.port,
    path: p.path ?? '/peerjs',
    key: p.key || 'peerjs',
    secure: p.secure ?? link.protocol === 'https:',
    iceServers: json.iceServers ?? [],
  };
  const peer = link.searchParams.get('peer');
  const m = peer === null ? null : /^(?:(https?):\/\/)?([^:/]+)(?::(\d+))?(\/.*)?$/.exec(peer);
  if (m)
    Object.assign(config, {
      host: m[2],
      ...(m[3] ? { port: Number(m[3]) } : {}),
      ...(m[4] ? { path: m[4] } : {}),
      ...(m[1] ? { secure: m[1] === 'https' } : {}),
    });
  config.key = link.searchParams.get('peerkey') ?? config.key;
  // ?ice=: a JSON list of RTCIceServer, or stun:/turn: URLs separated by commas.
  const ice = link.searchParams.get('ice');
  if (ice !== null)
    config.iceServers = ice.trim().startsWith('[')
      ? (JSON.parse(ice) as RTCIceServer[])
      : ice
          .split(',')
          .filter((u) => u.trim() !== '')
          .map((u) => ({ urls: u.trim() }));
  return config;
}

function opened(dc: RTCDataChannel, timeoutMs: number): Promise<void> {
  if (dc.readyState === 'open') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`channel ${dc.label} did not open`)), timeoutMs);
    dc.addEventListener('open', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Connects to the lobby of `lobbyLink` (`…#join=<room id>&key=<host key fingerprint>`). A failed
 * WebRTC negotiation is tried again from a fresh Peer, up to three times in all: node-datachannel
 * now and then refuses the host's answer ("Got a remote candidate without ICE transport"), and a
 * fresh connection takes it. Anything else (a bad link, no PeerServer) fails at once.
 */
export async function connect(lobbyLink: string, timeoutMs = 15_000): Promise<Link> {
  const url = new URL(lobbyLink);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const room = fragment.get('join');
  if (!room || !/^[a-z2-7]{16}$/.test(room))
    throw new Error(`${lobbyLink} is not a lobby link (…#join=<16 base32 characters>)`);
  const config = await peerConfig(url);
  installGlobals();
  for (let attempt = 1; ; attempt++) {
    try {
      return await connectOnce(config, room, fragment, timeoutMs);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof NegotiationFailed)) throw err;
    }
  }
}

/** PeerJS reported an error while negotiating the connection (after the PeerServer accepted us). */
class NegotiationFailed extends Error {}

async function connectOnce(
  config: PeerConfig,
  room: string,
  fragment: URLSearchParams,
  timeoutMs: number,
): Promise<Link> {
  // PeerJS ships CommonJS for Node: the class is on the default export's `Peer`.
  const mod = (await import('peerjs')) as unknown as {
    default: { Peer?: typeof import('peerjs').Peer } & typeof import('peerjs').Peer;
  };
  const PeerClass = mod.default.Peer ?? mod.default;
  const peer = new PeerClass({
    host: config.host,
    port: config.port,
    path: config.path,
    key: config.key,
    secure: config.secure,
    debug: 0,
    config: { iceServers: config.iceServers },
  });
  await new Promise<void>((resolve, reject) => {
    peer.once('open', () => resolve());
    peer.once('error', (err) => reject(new Error(`PeerServer: ${err.message}`)));
  });
  const conn = peer.connect(`rewind-${room}`, { reliable: true, serialization: 'raw' });
  const unreliable = conn.peerConnection.createDataChannel('rewind-unreliable', {
    negotiated: true,
    id: 100,
    ordered: false,
    maxRetransmits: 0,
  });
  unreliable.binaryType = 'arraybuffer';
  const failed = new Promise<never>((_, reject) =>
    peer.on('error', (err) => reject(new NegotiationFailed(`PeerJS: ${err.message}`))),
  );
  try {
    await Promise.race([new Promise<void>((resolve) => conn.once('open', () => resolve())), failed]);
    await opened(unreliable, timeoutMs);
  } catch (err) {
    peer.destroy();
    throw err;
  }
  const reliable = conn.dataChannel;
  reliable.binaryType = 'arraybuffer';
  const pc = conn.peerConnection;
  return {
    reliable,
    unreliable,
    roomId: room,
    keyFingerprint: fragment.get('key'),
    descriptions: () => ({ local: pc.localDescription?.sdp ?? '', remote: pc.remoteDescription?.sdp ?? '' }),
    close: () => {
      conn.close();
      peer.destroy();
    },
  };
}
