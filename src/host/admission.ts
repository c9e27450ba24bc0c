/**
 * Admission: the door of the listen server. Takes each incoming PeerJS connection through link
 * setup (its unreliable channel handed off to the server worker the moment it is created), the
 * hello within `HELLO_TIMEOUT_MS`, the host's decision (src/lobby/handshake.ts), and a reject
 * with its reason, or hands the admitted peer to `LobbyDoor.admit`.
 *
 * Inputs: connections, the lobby's facts at the time of each hello. Outputs: `admit` calls,
 * reject messages, counters. Invariants: at most `2 × maxPlayers` connections are between
 * "connected" and welcome/reject at once; a handed-off channel whose joiner is not admitted is
 * released in the worker; nothing from a peer that has not been welcomed reaches the match.
 */
import { decodeControl } from '../protocol/control';
import { PROTOCOL_VERSION, type ControlMessage } from '../protocol/messages';
import type { Channel } from '../transport/channel';
import { acceptLink, type DataConnection, type PeerLink } from '../transport/peer-link';
import { decideHello, type Hello, type HelloFacts } from '../lobby/handshake';
import { HandshakeGate } from './handshake-gate';
import type { ServerWorkerHandle } from './worker-api';

const HELLO_TIMEOUT_MS = 5000;
const LINK_TIMEOUT_MS = 15000;
/** Lets a reject/kick message leave before the connection closes under it. */
export const CLOSE_GRACE_MS = 400;

/** What the door needs from the listen server. */
export interface LobbyDoor {
  readonly worker: Pick<ServerWorkerHandle, 'handOff' | 'releaseChannel'>;
  readonly counters: { malformedControl: number; rejected: number };
  isClosed(): boolean;
  maxPlayers(): number;
  /** The lobby's facts for deciding on a hello from `remoteId` (everything but the version). */
  facts(remoteId: string): Omit<HelloFacts, 'protocolVersion'>;
  sendTo(ch: Channel, msg: ControlMessage): void;
  /** Adds the accepted peer to the match; true when it took the handed-off channel (if any). */
  admit(link: PeerLink, name: string, channelKey: number | null): Promise<boolean>;
}

export class Admission {
  private readonly handshakes: HandshakeGate;

  constructor(private readonly door: LobbyDoor) {
    this.handshakes = new HandshakeGate(() => 2 * door.maxPlayers());
  }

  onConnection(conn: DataConnection): void {
    if (!this.handshakes.tryEnter()) return conn.close();
    void this.accept(conn).finally(() => this.handshakes.leave());
  }

  /** Runs synchronously up to acceptLink's hand-off: the channel can only be transferred in this task. */
  private async accept(conn: DataConnection): Promise<void> {
    const { worker } = this.door;
    let channelKey: number | null = null;
    let link: PeerLink;
    try {
      link = await acceptLink(conn, LINK_TIMEOUT_MS, (dc) => (channelKey = worker.handOff(dc)) !== null);
    } catch {
      if (channelKey !== null) worker.releaseChannel(channelKey);
      return; // the joiner sees its own timeout
    }
    const admitted = await this.handshake(link, channelKey);
    if (!admitted && channelKey !== null) worker.releaseChannel(channelKey);
  }

  /** Hello, decision, then admit or reject; true when the peer was admitted (its channel is in use). */
  private async handshake(link: PeerLink, channelKey: number | null): Promise<boolean> {
    const hello = await this.awaitHello(link);
    if (this.door.isClosed() || !hello) {
      link.close();
      return false;
    }
    const decision = decideHello(hello, { protocolVersion: PROTOCOL_VERSION, ...this.door.facts(link.remoteId) });
    if (!decision.accept) {
      this.door.counters.rejected += 1;
      this.door.sendTo(link.reliable, { type: 'reject', reason: decision.reason, text: decision.text });
      setTimeout(() => link.close(), CLOSE_GRACE_MS);
      return false;
    }
    return this.door.admit(link, decision.name, channelKey);
  }

  /** The first reliable message must be a hello within the timeout; anything else ends the attempt. */
  private awaitHello(link: PeerLink): Promise<Hello | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => (off(), resolve(null)), HELLO_TIMEOUT_MS);
      const off = link.reliable.onMessage((bytes) => {
        clearTimeout(timer);
        off();
        const m = decodeControl(bytes);
        if (m.ok && m.value.type === 'hello') return resolve(m.value);
        this.door.counters.malformedControl += 1;
        // A hello from an incompatible protocol may not decode: answer "version" if its first byte says so.
        resolve({ protocolVersion: -1, name: '', password: '' });
      });
      link.onClose(() => (clearTimeout(timer), resolve(null)));
    });
  }
}
