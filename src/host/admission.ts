/**
 * Admission: from an incoming offer to a seated player. Nothing is built for an offer until the
 * door's link gate lets it in (transport/incoming-offers.ts builds the RTCPeerConnection inside
 * `open`); the joiner's unreliable DataChannel is handed off to the server worker the moment it
 * is created; the connection then goes through the lobby door (lobby-door.ts:
 * setup and handshake limits, the host's proof, the hello's decision); an admitted joiner gets a
 * roster place and a body in the worker, and the listen server seats it (`seat`: control
 * listener, welcome). Where the browser cannot transfer DataChannels the worker answers with a
 * MessagePort and the unreliable channel is relayed through it here.
 *
 * Inputs: connections, the door, the worker, the roster. Outputs: `seat` calls, reject messages.
 * Invariants: a handed-off channel whose joiner is not seated is released in the worker; a joiner
 * the worker cannot take is told so ('full') and never welcomed; nothing from a peer that has not
 * been admitted reaches the match.
 */
import { encodeControl } from '../protocol/control';
import type { Channel } from '../transport/channel';
import type { IncomingConnection } from '../transport/incoming-offers';
import type { IncomingLink, PeerLink } from '../transport/peer-link';
import type { PlayerId } from '../protocol/ids';
import { CLOSE_GRACE_MS, type LobbyDoor } from './lobby-door';
import type { AdmittedJoiner } from './door-types';
import type { Member, Roster } from './roster';
import type { LobbyWorkerHandle } from './worker-api';

/** What the hello said that the host keeps per seated joiner. */
export interface SlotTokens {
  /** What a kick bans. */
  browserToken: string;
  /** What brings this player back to this seat (seat-keeper.ts). */
  seatToken: string;
  /** It can take the match over (host migration): it may be named a successor and get checkpoints. */
  migration: boolean;
  /** A spectator (issue 24): no seat, no player; never a successor. Absent: a player. */
  watch?: boolean;
  /** It understands the 'watchers' message (issue 24): it gets the spectators with each lobby list. */
  watchers?: boolean;
}

/** What admission needs of the listen server. */
export interface AdmissionHost {
  readonly door: LobbyDoor;
  readonly roster: Roster;
  readonly worker: Pick<LobbyWorkerHandle, 'handOff' | 'releaseChannel' | 'connectClient' | 'connectClientOnChannel'>;
  isClosed(): boolean;
  /**
   * Seats an admitted joiner that has its roster place and worker body. `port`: the relay to the
   * worker, null when the worker holds the unreliable channel itself. A joiner that left
   * meanwhile is dropped again there.
   */
  seat(member: Member, link: PeerLink, port: MessagePort | null, tokens: SlotTokens): void;
  /** Ends the old link of a returning player whose seat is still taken by it (it died unnoticed). */
  unseatStale(id: PlayerId): void;
}

/** The page-relay path (no DataChannel transfer): snapshots from the worker out, commands in. */
export function relayUnreliable(unreliable: Channel, port: MessagePort): void {
  port.onmessage = (ev: MessageEvent) => {
    if (ev.data instanceof ArrayBuffer) unreliable.send(new Uint8Array(ev.data));
    else if (ev.data instanceof Uint8Array) unreliable.send(ev.data);
  };
  unreliable.onMessage((bytes) => {
    const copy = bytes.slice();
    port.postMessage(copy, [copy.buffer]);
  });
}

export class Admission {
  constructor(private readonly host: AdmissionHost) {}

  onIncoming(conn: IncomingConnection): void {
    const { door, worker } = this.host;
    let channelKey: number | null = null;
    const incoming: IncomingLink = {
      remoteId: conn.remoteId,
      source: conn.source,
      open: (ms) => conn.open(ms, (dc) => (channelKey = worker.handOff(dc)) !== null),
      refuse: () => conn.refuse(),
    };
    const release = (): void => {
      if (channelKey !== null) worker.releaseChannel(channelKey);
    };
    void door.admit(incoming).then(async (a) => {
      if (!a) return release();
      if (this.host.isClosed()) return (a.link.close(), release());
      if (!(await this.enter(a, channelKey))) release();
    });
  }

  /**
   * A roster place and a worker body for an admitted joiner; true when the worker took its
   * channel. A returning player (its seat token) gets its old id back, and the worker its record.
   */
  private async enter(a: AdmittedJoiner, channelKey: number | null): Promise<boolean> {
    const { roster, worker, door } = this.host;
    const link = a.link;
    if (a.seat?.present) this.host.unseatStale(a.seat.id);
    const held = (id: PlayerId): boolean => door.seats.isHeld(id);
    const member = roster.add(a.name, link.remoteId, false, { seat: a.seat?.id, held, watching: a.watch });
    if (!member) {
      link.close();
      return false;
    }
    const rejoin = a.seat !== null && a.seat.id === member.id;
    // A spectator's body in the worker is a session without a player (GameServer.addSpectator).
    const joined =
      channelKey !== null
        ? await worker.connectClientOnChannel(member.id, channelKey, rejoin, a.watch)
        : await worker.connectClient(member.id, rejoin, a.watch);
    if (!joined || this.host.isClosed()) {
      // The worker refused (full, or stopped meanwhile): do not welcome a player that has no body.
      roster.remove(member.id);
      if (joined instanceof MessagePort) joined.close();
      link.reliable.send(
        encodeControl({ type: 'reject', reason: 'full', text: 'The host could not add you to the match.' }),
      );
      setTimeout(() => link.close(), CLOSE_GRACE_MS);
      return joined === true;
    }
    const port = joined instanceof MessagePort ? joined : null;
    if (port) relayUnreliable(link.unreliable, port);
    this.host.seat(member, link, port, {
      browserToken: a.browserToken,
      seatToken: a.seatToken,
      migration: a.migration,
      watch: a.watch,
      watchers: a.watchers,
    });
    return true;
  }
}
