/**
 * The listen server's main-thread half: accepts peers from the lobby's Peer, runs the hello
 * handshake on the reliable channel, relays each welcomed peer's unreliable bytes to the worker
 * through its own transferred MessagePort (and snapshots back), relays 'settings' (and the
 * worker's 'debug' messages back to the client that asked, the host's own one locally), broadcasts
 * the lobby list every second (which doubles as the joiners' heartbeat), drops silent peers
 * after 5 s, and kicks on the worker's or the host's word.
 *
 * Inputs: the PeerJS Peer, the worker handle, lobby settings, `now()`. Outputs: lobby events for
 * the UI (`onChange`), counters. Invariants: nothing a peer sends is executed or shown other than
 * as a cleaned name; a peer's malformed control messages are dropped and counted, and a peer
 * that keeps sending them is kicked; a peer's failure never affects the others.
 */
import { decodeControl, encodeControl } from '../protocol/control';
import { PROTOCOL_VERSION, type ControlMessage, type DebugMessage, type KickReason, type MatchSettings } from '../protocol/messages';
import type { PlayerId } from '../sim/types';
import type { Channel } from '../transport/channel';
import { acceptLink, type DataConnection, type Peer, type PeerLink } from '../transport/peer-link';
import { decideHello } from '../lobby/handshake';
import { reportChannel, type ChannelReport } from '../transport/channel-report';
import { asDebugNotice, relayDebug } from './debug-relay';
import { Roster, type Member } from './roster';
import { asKickNotice, type ServerWorkerHandle } from './worker-api';
import { readWorkerStats, type HostServerStats } from './worker-stats';
import { HandshakeGate } from './handshake-gate';

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

const HELLO_TIMEOUT_MS = 5000;
const LINK_TIMEOUT_MS = 15000;
const MALFORMED_KICK_THRESHOLD = 20;
/** Control messages are rare (settings, chat, leave): more than this per second is a flood. */
const CONTROL_PER_SECOND_LIMIT = 40;
/** Lets a reject/kick message leave before the connection closes under it. */
const CLOSE_GRACE_MS = 400;

interface RemoteSlot {
  link: PeerLink;
  port: MessagePort;
  malformed: number;
  /** Control messages in the current one-second window, and when that window started. */
  controlCount: number;
  controlWindowMs: number;
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
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly statsTimer: ReturnType<typeof setInterval>;
  private closed = false;
  /** Connections between 'connection' and welcome/reject: at most twice the lobby size at once. */
  private readonly handshakes = new HandshakeGate(() => 2 * this.settings.maxPlayers);

  constructor(
    private readonly peer: Peer,
    private readonly worker: ServerWorkerHandle,
    private readonly settings: LobbySettings,
    private readonly now: () => number,
  ) {
    peer.on('connection', (conn) => {
      if (!this.handshakes.tryEnter()) return conn.close();
      void this.accept(conn).finally(() => this.handshakes.leave());
    });
    void worker.onNotice((n) => {
      const kick = asKickNotice(n);
      if (kick) return this.kick(kick.clientId, kick.reason, kick.text);
      const debug = asDebugNotice(n);
      if (debug && !this.closed) relayDebug(debug, { localId: () => this.localId, sendRemote: (id, bytes) => this.sendRaw(id, bytes), deliverLocal: (m) => this.localDebug?.(m) });
    });
    this.timer = setInterval(() => this.checkSilence(), 250);
    this.statsTimer = setInterval(() => void this.everySecond(), 1000);
  }

  /** Registers the host's own client; returns its id and the worker end to wrap in a loopback channel. */
  async addLocal(name: string): Promise<{ member: Member; port: MessagePort }> {
    const member = this.roster.add(name, '', true, this.now());
    if (!member) throw new Error('no free player id');
    this.localId = member.id;
    const port = await this.worker.connectClient(member.id);
    if (!port) {
      this.roster.remove(member.id);
      throw new Error('the server worker refused the host\'s own player');
    }
    this.changed();
    return { member, port };
  }

  /** Both channels of every linked peer, for the debug API (what the browser reports, not what we asked). */
  linkReports(): ChannelReport[] {
    const out: ChannelReport[] = [];
    for (const s of this.slots.values()) {
      out.push(reportChannel('unreliable', s.link.remoteId, s.link.unreliable), reportChannel('reliable', s.link.remoteId, s.link.reliable));
    }
    return out;
  }

  /** Where the host's own client gets its 'debug' messages (they never touch a channel). */
  onLocalDebug(cb: ((m: DebugMessage) => void) | null): void {
    this.localDebug = cb;
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
    // A timeout is not a ban: the same peer may come back.
    if (reason !== 'timeout') this.roster.markKicked(member.peerId);
    this.sendTo(slot.link.reliable, { type: 'kick', reason, text });
    this.drop(id);
    setTimeout(() => slot.link.close(), CLOSE_GRACE_MS);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.statsTimer);
    this.localDebug = null;
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

  private async accept(conn: DataConnection): Promise<void> {
    let link: PeerLink;
    try {
      link = await acceptLink(conn, LINK_TIMEOUT_MS);
    } catch {
      return; // the joiner sees its own timeout; nothing was allocated here
    }
    const hello = await this.awaitHello(link);
    if (this.closed || !hello) return link.close();
    const decision = decideHello(hello, {
      protocolVersion: PROTOCOL_VERSION,
      playerCount: this.roster.size,
      maxPlayers: this.settings.maxPlayers,
      password: this.settings.password,
      wasKicked: this.roster.wasKicked(link.remoteId),
      started: this.started,
      joinRunningMatch: this.settings.joinRunningMatch,
    });
    if (!decision.accept) {
      this.counters.rejected += 1;
      this.sendTo(link.reliable, { type: 'reject', reason: decision.reason, text: decision.text });
      setTimeout(() => link.close(), CLOSE_GRACE_MS);
      return;
    }
    await this.admit(link, decision.name);
  }

  /** The first reliable message must be a hello within the timeout; anything else ends the attempt. */
  private awaitHello(link: PeerLink): Promise<{ protocolVersion: number; name: string; password: string } | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => (off(), resolve(null)), HELLO_TIMEOUT_MS);
      const off = link.reliable.onMessage((bytes) => {
        clearTimeout(timer);
        off();
        const m = decodeControl(bytes);
        if (m.ok && m.value.type === 'hello') return resolve(m.value);
        this.counters.malformedControl += 1;
        // A hello from an incompatible protocol may not decode: answer "version" if its first byte says so.
        resolve({ protocolVersion: -1, name: '', password: '' });
      });
      link.onClose(() => (clearTimeout(timer), resolve(null)));
    });
  }

  private async admit(link: PeerLink, name: string): Promise<void> {
    const member = this.roster.add(name, link.remoteId, false, this.now());
    if (!member) return link.close();
    const port = await this.worker.connectClient(member.id);
    if (!port || this.closed) {
      // The worker refused (full, or stopped meanwhile): do not welcome a player that has no body.
      this.roster.remove(member.id);
      this.sendTo(link.reliable, { type: 'reject', reason: 'full', text: 'The host could not add you to the match.' });
      setTimeout(() => link.close(), CLOSE_GRACE_MS);
      return;
    }
    const slot: RemoteSlot = { link, port, malformed: 0, controlCount: 0, controlWindowMs: this.now() };
    this.slots.set(member.id, slot);
    // Snapshots from the worker go straight out on the unreliable channel; commands straight in.
    port.onmessage = (ev: MessageEvent) => {
      if (ev.data instanceof ArrayBuffer) link.unreliable.send(new Uint8Array(ev.data));
      else if (ev.data instanceof Uint8Array) link.unreliable.send(ev.data);
    };
    link.unreliable.onMessage((bytes) => {
      this.roster.heard(member.id, this.now());
      const copy = bytes.slice();
      port.postMessage(copy, [copy.buffer]);
    });
    link.reliable.onMessage((bytes) => this.onControl(member.id, bytes));
    link.onClose(() => this.drop(member.id));
    // The peer may have gone while the worker was adding it: its close event has already fired.
    if (link.reliable.state === 'closed' || this.closed) return this.drop(member.id);
    this.sendTo(link.reliable, { type: 'welcome', clientId: member.id, settings: this.settings.match });
    this.broadcastLobby();
    this.changed();
  }

  private onControl(id: PlayerId, bytes: Uint8Array): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    const now = this.now();
    this.roster.heard(id, now);
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
        for (const s of this.slots.values()) this.sendTo(s.link.reliable, { type: 'chat', from: id, text: m.text });
        return true;
      default:
        return false;
    }
  }

  /** Removes a member everywhere (worker, roster, relays); idempotent. */
  private drop(id: PlayerId): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    this.slots.delete(id);
    slot.port.onmessage = null;
    slot.port.close();
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

  /** Checked often so a silent peer goes at 5 s, not up to a second later. */
  private checkSilence(): void {
    if (this.closed) return;
    for (const m of this.roster.silent(this.now())) {
      this.counters.timeouts += 1;
      this.kick(m.id, 'timeout', 'No packets for 5 seconds.');
    }
  }

  /** Asks the worker for fresh stats (every second: pings for the lobby list, the debug API's serverStats). */
  async refreshStats(): Promise<void> {
    try {
      this.lastStats = readWorkerStats(await this.worker.api.stats());
      for (const [id, ping] of this.lastStats.pingsMs) this.roster.setPing(id, ping);
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
