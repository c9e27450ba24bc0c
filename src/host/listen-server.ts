/**
 * The listen server's main-thread half: accepts peers from the lobby's Peer, runs the hello
 * handshake on the reliable channel, gives each welcomed peer's unreliable channel to the worker
 * (handed off into the worker the moment it is created, where the browser can transfer
 * DataChannels; else relayed through a transferred MessagePort), relays 'settings' (and the
 * worker's 'debug' messages back to the client that asked, the host's own one locally), broadcasts
 * the lobby list every second (which doubles as the joiners' heartbeat), and kicks on the worker's
 * word (malformed, flooding, or silent for 5 s: the worker sees every datagram) or the host's.
 *
 * Inputs: the PeerJS Peer, the worker handle, lobby settings, `now()`. Outputs: lobby events for
 * the UI (`onChange`), counters. Invariants: nothing a peer sends is executed or shown other than
 * as a cleaned name; a peer's malformed control messages are dropped and counted, and a peer
 * that keeps sending them is kicked; a peer's failure never affects the others.
 */
import { decodeControl, encodeControl } from '../protocol/control';
import type { ControlMessage, DebugMessage, KickReason, MatchSettings } from '../protocol/messages';
import type { PlayerId } from '../sim/types';
import type { Channel } from '../transport/channel';
import type { Peer, PeerLink } from '../transport/peer-link';
import { reportChannel, type ChannelReport } from '../transport/channel-report';
import { HandedOffChannel } from '../transport/handed-off-channel';
import { asDebugNotice, relayDebug } from './debug-relay';
import { Roster, type Member } from './roster';
import { asKickNotice, type ServerWorkerHandle } from './worker-api';
import { readWorkerStats, type HostServerStats } from './worker-stats';
import { Admission, CLOSE_GRACE_MS } from './admission';

export interface LobbySettings {
  maxPlayers: number;
  password: string;
  joinRunningMatch: boolean;
  match: MatchSettings;
}

export interface ListenServerCounters {
  malformedControl: number;
  rejected: number;
  timeouts: number;
  kicks: number;
}

const MALFORMED_KICK_THRESHOLD = 20;
/** Control messages are rare (settings, chat, leave): more than this per second is a flood. */
const CONTROL_PER_SECOND_LIMIT = 40;

interface RemoteSlot {
  link: PeerLink;
  /** The relay to the worker; null when the worker holds the peer's unreliable channel itself. */
  port: MessagePort | null;
  malformed: number;
  /** Control messages in the current one-second window, and when that window started. */
  controlCount: number;
  controlWindowMs: number;
}

/** The page-relay path (no DataChannel transfer): snapshots from the worker out, commands in. */
function relayUnreliable(unreliable: Channel, port: MessagePort): void {
  port.onmessage = (ev: MessageEvent) => {
    if (ev.data instanceof ArrayBuffer) unreliable.send(new Uint8Array(ev.data));
    else if (ev.data instanceof Uint8Array) unreliable.send(ev.data);
  };
  unreliable.onMessage((bytes) => {
    const copy = bytes.slice();
    port.postMessage(copy, [copy.buffer]);
  });
}

export class ListenServer {
  readonly roster = new Roster();
  readonly counters: ListenServerCounters = { malformedControl: 0, rejected: 0, timeouts: 0, kicks: 0 };
  started = false;
  lastStats: HostServerStats = { tick: null, pingsMs: new Map(), raw: null };
  private readonly slots = new Map<PlayerId, RemoteSlot>();
  private readonly listeners = new Set<() => void>();
  private localId: PlayerId | null = null;
  private localDebug: ((m: DebugMessage) => void) | null = null;
  private localChat: ((from: PlayerId, text: string) => void) | null = null;
  private readonly statsTimer: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    private readonly peer: Peer,
    private readonly worker: ServerWorkerHandle,
    private readonly settings: LobbySettings,
    private readonly now: () => number,
  ) {
    const admission = new Admission({
      worker,
      counters: this.counters,
      isClosed: () => this.closed,
      maxPlayers: () => settings.maxPlayers,
      facts: (remoteId) => ({
        playerCount: this.roster.size,
        maxPlayers: settings.maxPlayers,
        password: settings.password,
        wasKicked: this.roster.wasKicked(remoteId),
        started: this.started,
        joinRunningMatch: settings.joinRunningMatch,
      }),
      sendTo: (ch, msg) => this.sendTo(ch, msg),
      admit: (link, name, key) => this.admit(link, name, key),
    });
    peer.on('connection', (conn) => admission.onConnection(conn));
    void worker.onNotice((n) => {
      const kick = asKickNotice(n);
      if (kick) return this.kick(kick.clientId, kick.reason, kick.text);
      const debug = asDebugNotice(n);
      if (debug && !this.closed) relayDebug(debug, { localId: () => this.localId, sendRemote: (id, bytes) => this.sendRaw(id, bytes), deliverLocal: (m) => this.localDebug?.(m) });
    });
    this.statsTimer = setInterval(() => void this.everySecond(), 1000);
  }

  /**
   * Registers a local client, the host's own (`isHost`) or a bot: returns its id and the worker
   * end to wrap in a loopback channel.
   */
  async addLocal(name: string, isHost = true): Promise<{ member: Member; port: MessagePort }> {
    const member = this.roster.add(name, '', isHost);
    if (!member) throw new Error('no free player id');
    if (isHost) this.localId = member.id;
    const port = await this.worker.connectClient(member.id);
    if (!port) {
      this.roster.remove(member.id);
      throw new Error(`the server worker refused the local player ${name}`);
    }
    this.broadcastLobby();
    this.changed();
    return { member, port };
  }

  /** Removes a local client added by addLocal (a bot leaving). */
  removeLocal(id: PlayerId): void {
    const member = this.roster.get(id);
    if (!member || member.peerId !== '' || this.slots.has(id)) return;
    if (id === this.localId) this.localId = null;
    this.roster.remove(id);
    void this.worker.api.removeClient(id);
    this.broadcastLobby();
    this.changed();
  }

  /** Both channels of every linked peer, for the debug API (what the browser reports, not what we asked). */
  linkReports(): ChannelReport[] {
    const out: ChannelReport[] = [];
    for (const s of this.slots.values()) {
      const where = s.port ? 'page' : 'worker';
      out.push(reportChannel('unreliable', s.link.remoteId, s.link.unreliable, where), reportChannel('reliable', s.link.remoteId, s.link.reliable));
    }
    return out;
  }

  /** Where the host's own client gets its 'debug' messages (they never touch a channel). */
  onLocalDebug(cb: ((m: DebugMessage) => void) | null): void {
    this.localDebug = cb;
  }

  /** Where the host's own page gets the chat lines the host relays (its own included). */
  onLocalChat(cb: ((from: PlayerId, text: string) => void) | null): void {
    this.localChat = cb;
  }

  /** The host player's own chat line: relayed like a joiner's. */
  sendLocalChat(text: string): void {
    if (this.localId !== null && !this.closed) this.relayChat(this.localId, text);
  }

  onChange(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  startMatch(): void {
    this.started = true;
    this.broadcastLobby();
    this.changed();
  }

  kick(id: PlayerId, reason: KickReason, text: string): void {
    const member = this.roster.get(id);
    const slot = this.slots.get(id);
    if (!member || member.isHost || !slot) return;
    this.counters.kicks += 1;
    if (reason === 'timeout') this.counters.timeouts += 1;
    // A timeout is not a ban: the same peer may come back.
    if (reason !== 'timeout') this.roster.markKicked(member.peerId);
    this.sendTo(slot.link.reliable, { type: 'kick', reason, text });
    this.drop(id);
    setTimeout(() => slot.link.close(), CLOSE_GRACE_MS);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.statsTimer);
    this.localDebug = null;
    this.localChat = null;
    for (const id of [...this.slots.keys()]) this.slots.get(id)?.link.close();
    this.listeners.clear();
  }

  private changed(): void {
    for (const cb of [...this.listeners]) cb();
  }

  private sendTo(ch: Channel, m: ControlMessage): void {
    ch.send(encodeControl(m));
  }

  private sendRaw(id: PlayerId, bytes: Uint8Array): boolean {
    const slot = this.slots.get(id);
    if (!slot || slot.link.reliable.state !== 'open') return false;
    slot.link.reliable.send(bytes);
    return true;
  }

  /** Welcomes an accepted peer: a roster place, a body in the worker, its channels wired. */
  private async admit(link: PeerLink, name: string, channelKey: number | null): Promise<boolean> {
    const member = this.roster.add(name, link.remoteId, false);
    if (!member) {
      link.close();
      return false;
    }
    const joined = channelKey !== null ? await this.worker.connectClientOnChannel(member.id, channelKey) : await this.worker.connectClient(member.id);
    if (!joined || this.closed) {
      // The worker refused (full, or stopped meanwhile): do not welcome a player that has no body.
      this.roster.remove(member.id);
      if (joined instanceof MessagePort) joined.close();
      this.sendTo(link.reliable, { type: 'reject', reason: 'full', text: 'The host could not add you to the match.' });
      setTimeout(() => link.close(), CLOSE_GRACE_MS);
      return joined === true;
    }
    const port = joined instanceof MessagePort ? joined : null;
    this.slots.set(member.id, { link, port, malformed: 0, controlCount: 0, controlWindowMs: this.now() });
    if (port) relayUnreliable(link.unreliable, port);
    link.reliable.onMessage((bytes) => this.onControl(member.id, bytes));
    link.onClose(() => this.drop(member.id));
    // The peer may have gone while the worker was adding it: its close event has already fired.
    if (link.reliable.state === 'closed' || this.closed) {
      this.drop(member.id);
      return true;
    }
    this.sendTo(link.reliable, { type: 'welcome', clientId: member.id, settings: this.settings.match });
    this.broadcastLobby();
    this.changed();
    return true;
  }

  private onControl(id: PlayerId, bytes: Uint8Array): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    const now = this.now();
    if (now - slot.controlWindowMs >= 1000) {
      slot.controlWindowMs = now;
      slot.controlCount = 0;
    }
    // Chat is re-broadcast to everyone: without a cap one peer could make the host amplify a flood.
    if (++slot.controlCount > CONTROL_PER_SECOND_LIMIT) return this.kick(id, 'flood', 'Too many control messages.');
    const m = decodeControl(bytes);
    if (!m.ok || !this.handleControl(id, m.value)) {
      this.counters.malformedControl += 1;
      slot.malformed += 1;
      if (slot.malformed >= MALFORMED_KICK_THRESHOLD) this.kick(id, 'malformed', 'Too many malformed control messages.');
    }
  }

  /** Returns false for messages a client has no business sending. */
  private handleControl(id: PlayerId, m: ControlMessage): boolean {
    switch (m.type) {
      case 'settings':
        void this.worker.api.setClientSettings(id, { updateRate: m.updateRate, rate: m.rate, interpMs: m.interpMs });
        void this.worker.api.setDebug(id, m.debug);
        return true;
      case 'leave':
        this.slots.get(id)?.link.close();
        return true;
      case 'chat':
        this.relayChat(id, m.text);
        return true;
      default:
        return false;
    }
  }

  private relayChat(from: PlayerId, text: string): void {
    for (const s of this.slots.values()) this.sendTo(s.link.reliable, { type: 'chat', from, text });
    this.localChat?.(from, text);
  }

  /** Removes a member everywhere (worker, roster, relays); idempotent. */
  private drop(id: PlayerId): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    this.slots.delete(id);
    if (slot.port) {
      slot.port.onmessage = null;
      slot.port.close();
    }
    this.roster.remove(id);
    void this.worker.api.removeClient(id);
    this.broadcastLobby();
    this.changed();
  }

  private broadcastLobby(): void {
    const msg: ControlMessage = { type: 'lobby', players: this.roster.lobbyList(), started: this.started };
    const bytes = encodeControl(msg);
    for (const s of this.slots.values()) s.link.reliable.send(bytes);
  }

  /** Asks the worker for fresh stats (every second: pings for the lobby list, the debug API's serverStats). */
  async refreshStats(): Promise<void> {
    try {
      this.lastStats = readWorkerStats(await this.worker.api.stats());
      for (const [id, ping] of this.lastStats.pingsMs) this.roster.setPing(id, ping);
      for (const [id, counts] of await this.worker.api.channelStats()) {
        const unreliable = this.slots.get(id)?.link.unreliable;
        if (unreliable instanceof HandedOffChannel) unreliable.absorb(counts);
      }
    } catch {
      // a stats call lost to a worker restart is not worth failing the lobby over
    }
  }

  private async everySecond(): Promise<void> {
    if (this.closed) return;
    await this.refreshStats();
    this.broadcastLobby();
    this.changed();
  }
}
