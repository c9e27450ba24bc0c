/**
 * The listen server's main-thread half: takes peers from the lobby's Peer through admission
 * (admission.ts: the lobby door's limits and host proof, then the worker gets each admitted
 * peer's unreliable channel), seats them, relays 'settings' and chat (joiner-control.ts, chat-relay.ts)
 * (and the worker's 'debug' messages back to the client that asked, the host's own one locally), broadcasts
 * the lobby list every second (which doubles as the joiners' heartbeat), and kicks on the worker's
 * word (malformed, flooding, or silent for 5 s: the worker sees every datagram) or the host's.
 * Host migration (issue 13, host-migration.ts): names successors among the joiners that can take
 * over, streams checkpoints to them, hands the match over (`handOver`); a successor's listen server
 * starts from the old host's seats and bans (`restored`).
 *
 * Inputs: the PeerJS Peer, the worker handle, lobby settings, `now()`. Outputs: lobby events for
 * the UI (`onChange`), counters. Invariants: nothing a peer sends is executed or shown other than
 * as a cleaned name; a peer's malformed control messages are dropped and counted, and a peer
 * that keeps sending them is kicked; a peer's failure never affects the others.
 */
import { encodeControl } from '../protocol/control';
import type { KickReason } from '../protocol/control-messages';
import type { RelayedMessage } from './debug-relay';
import type { PlayerId } from '../protocol/ids';
import type { Peer, PeerLink } from '../transport/peer-link';
import { ConnectionBudget } from '../transport/connection-budget';
import { IncomingOffers } from '../transport/incoming-offers';
import type { ChannelReport } from '../transport/channel-report';
import type { Channel } from '../transport/channel';
import { Roster, type Member } from './roster';
import type { LobbyWorkerHandle } from './worker-api';
import { routeWorkerNotices } from './worker-notices';
import { pullWorkerStats, type HostServerStats } from './worker-stats';
import { ChatRelay } from './chat-relay';
import { ReplayFeed } from './replay-feed';
import { CLOSE_GRACE_MS, LobbyDoor } from './lobby-door';
import { doorFactsOf } from './door-facts';
import type { DoorFacts } from './door-types';
import { Admission, type SlotTokens } from './admission';
import { HostMigration } from './host-migration';
import type { ListenServerCounters, LobbySettings, RestoredLobby } from './lobby-settings';
import { JoinerSlots } from './joiner-slots';
import { restoredStart } from './restored-lobby';
import { listenServerHandlers, onJoinerControl, type JoinerControlHandlers } from './joiner-control';
import { reportLinks } from './link-reports';
import type { TakeoverNotice } from './takeover-notice';

export type { ListenServerCounters, LobbySettings, RestoredLobby } from './lobby-settings';

export class ListenServer {
  readonly roster = new Roster();
  private readonly tally = { malformedControl: 0, timeouts: 0, kicks: 0 };
  started = false;
  lastStats: HostServerStats = { tick: null, pingsMs: new Map(), raw: null, spectators: [], atMs: null };
  /** The seated joiners (joiner-slots.ts). */
  private readonly slots = new JoinerSlots();
  private readonly listeners = new Set<() => void>();
  private localId: PlayerId | null = null;
  private localDebug: ((m: RelayedMessage) => void) | null = null;
  private readonly statsTimer: ReturnType<typeof setInterval>;
  /** Offers relayed by the signaling server, before the door (transport/incoming-offers.ts). */
  readonly offers: IncomingOffers;
  private closed = false;
  /** Host authentication, handshake limits, bans, password attempts (lobby-door.ts). */
  readonly door: LobbyDoor;
  /** What the worker's replay recorder hears from the page: map, roster, chat (replay-feed.ts). */
  private readonly replay: ReplayFeed;
  /** Chat limits and relay (chat-relay.ts); the host's own screen listens with `chat.onLine`. */
  readonly chat: ChatRelay;
  /** Successors, the host's choice of them, the checkpoint stream and the handover (host-migration.ts). */
  readonly migration: HostMigration;
  /** After a graceful handover, each returning player hears how the host changed (takeover-notice.ts). */
  private readonly takeover: TakeoverNotice | null;
  /** What a joiner's control messages may do (joiner-control.ts): built once, used per message. */
  private readonly controlHandlers: JoinerControlHandlers;

  constructor(
    peer: Peer,
    readonly worker: LobbyWorkerHandle,
    private readonly settings: LobbySettings,
    private readonly now: () => number,
    restored?: RestoredLobby,
  ) {
    const start = restoredStart(restored);
    this.started = start.started;
    this.takeover = start.takeover;
    const { key, roomId, password, crypto } = settings;
    const facts = (): DoorFacts => doorFactsOf(settings, this.roster, this.started, this.closed);
    this.door = new LobbyDoor({ ...start.door, key, roomId, password, crypto, now, facts });
    const sendRaw = (id: PlayerId, bytes: Uint8Array): boolean => this.slots.sendRaw(id, bytes);
    const kick = (id: PlayerId, reason: KickReason, text: string): void => this.kick(id, reason, text);
    const broadcast = (bytes: Uint8Array): void => this.slots.broadcast(bytes);
    const isLocal = (id: PlayerId): boolean => id === this.localId;
    // Every match is recorded (the end screen's "Download replay"); a successor records from its takeover.
    this.replay = new ReplayFeed(worker.api, settings.match.mapName, settings.record !== false);
    const relayed = (id: PlayerId, text: string): void => this.replay.chat(id, text);
    this.chat = new ChatRelay({ broadcast, sendTo: (id, b) => void sendRaw(id, b), isLocal, kick, now, relayed });
    const leave = (id: PlayerId): void => this.slots.get(id)?.link.close();
    this.controlHandlers = listenServerHandlers(worker.api, (id, text) => this.chat.receive(id, text), leave, kick);
    // A spectator follows a migration (it hears the successors) but never takes the match over: it has no player.
    const capable = (id: PlayerId): boolean => this.slots.get(id)?.migration === true && !this.slots.get(id)?.watch;
    this.migration = new HostMigration(
      { roster: this.roster, door: this.door, worker, capable, sendRaw, now },
      settings,
    );
    const admission = new Admission(this);
    // Offers are admitted, not obeyed: nothing is built for one before the door lets it in.
    this.offers = new IncomingOffers(peer, new ConnectionBudget(now), (conn) => admission.onIncoming(conn));
    const debug = {
      localId: () => this.localId,
      sendRemote: sendRaw,
      deliverLocal: (m: RelayedMessage) => this.localDebug?.(m),
    };
    routeWorkerNotices(worker, { ...debug, kick, closed: () => this.closed });
    this.statsTimer = setInterval(() => void this.everySecond(), 1000);
  }

  /**
   * Registers a local client, the host's own (`isHost`) or a bot: returns its id and the worker
   * end to wrap in a loopback channel. `seat`: a successor host's own player keeps the id it had
   * (its body is in the restored match). The host's own seat is seated under `hostSeatToken`.
   */
  async addLocal(name: string, isHost = true, seat?: PlayerId): Promise<{ member: Member; port: MessagePort }> {
    const member = this.roster.add(name, '', isHost, seat !== undefined ? { seat } : {});
    if (!member) throw new Error('no free player id');
    if (isHost) {
      this.localId = member.id;
      if (this.settings.hostSeatKey) this.door.seats.seated(this.settings.hostSeatKey, member.id, member.name);
    }
    const port = await this.worker.connectClient(member.id, seat !== undefined && seat === member.id);
    if (!port) {
      this.roster.remove(member.id);
      throw new Error(`the server worker refused the local player ${name}`);
    }
    this.rosterChanged();
    return { member, port };
  }

  /** Removes a local client added by addLocal (a bot leaving). */
  removeLocal(id: PlayerId): void {
    const member = this.roster.get(id);
    if (!member || member.peerId !== '' || this.slots.has(id)) return;
    if (id === this.localId) this.localId = null;
    this.roster.remove(id);
    void this.worker.api.removeClient(id);
    this.rosterChanged();
  }

  /** The successors, in order (host migration; empty when off or nobody can take over). */
  successors(): PlayerId[] {
    return this.migration.successors();
  }

  /** The host player's "can host if I leave" for `id` (host migration: only chosen players are named successors). */
  chooseSuccessor(id: PlayerId, yes: boolean): void {
    this.migration.choose(id, yes);
    this.changed();
  }

  /** `rejected`: every refusal at the door, whatever its reason (the door counts them by reason); the checkpoint stream's. */
  get counters(): ListenServerCounters {
    const rejected = Object.values(this.door.counters.refused).reduce((sum, n) => sum + n, 0);
    return { ...this.tally, rejected, ...this.migration.counters };
  }

  /** Both channels of every linked peer, for the debug API (what the browser reports, not what we asked). */
  linkReports(): ChannelReport[] {
    return reportLinks(this.slots.values());
  }

  /** Where the host's own client gets its 'debug' and 'killcam' messages (they never touch a channel). */
  onLocalDebug(cb: ((m: RelayedMessage) => void) | null): void {
    this.localDebug = cb;
  }

  onChange(cb: () => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
  }

  /** The host's own player says a line: the same limits as everyone's, then relayed to all. */
  say(text: string): void {
    if (this.localId !== null) this.chat.receive(this.localId, text);
  }

  startMatch(): void {
    this.started = true;
    this.broadcastLobby();
    this.changed();
  }

  kick(id: PlayerId, reason: KickReason, text: string): void {
    const member = this.roster.get(id);
    const slot = this.slots.get(id);
    // Someone a restored match still held and who never came back: only its body is left, in the worker.
    if (!member && !slot) return void this.worker.api.removeClient(id);
    if (!member || member.isHost || !slot) return;
    this.tally.kicks += 1;
    if (reason === 'timeout') this.tally.timeouts += 1;
    // Misbehaving bans the browser for the match; a timeout or the host shutting down does not.
    if (reason !== 'timeout' && reason !== 'shutdown') {
      void this.door.ban(slot.browserToken);
      this.door.seats.forget(id);
      // Its id may go to a newcomer now: the host's trust does not pass with it.
      this.migration.choose(id, false);
    }
    slot.link.reliable.send(encodeControl({ type: 'kick', reason, text }));
    this.drop(id);
    setTimeout(() => slot.link.close(), CLOSE_GRACE_MS);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.statsTimer);
    this.offers.stop();
    this.migration.close();
    this.localDebug = null;
    this.slots.closeAll();
    this.listeners.clear();
  }

  private changed(): void {
    for (const cb of [...this.listeners]) cb();
  }

  /** Admission's last step (admission.ts): an admitted joiner with a body in the worker. */
  seat(member: Member, link: PeerLink, port: MessagePort | null, tokens: SlotTokens): void {
    this.slots.add(member.id, link, port, tokens, this.now());
    this.door.seats.seated(tokens.seatToken, member.id, member.name);
    link.reliable.onMessage((bytes) => this.onControl(member.id, bytes));
    link.onClose(() => this.drop(member.id));
    // The peer may have gone while the worker was adding it: its close event has already fired.
    if (link.reliable.state === 'closed' || this.closed) return this.drop(member.id);
    link.reliable.send(encodeControl({ type: 'welcome', clientId: member.id, settings: this.settings.match }));
    // Before the lobby list: a rejoining page writes its migration notice once it has that list.
    this.takeover?.tell(member.id, this.roster.lobbyList(), (bytes) => link.reliable.send(bytes));
    this.broadcastLobby();
    this.changed();
    this.migration.joined(member.id);
  }

  isClosed(): boolean {
    return this.closed;
  }

  private onControl(id: PlayerId, bytes: Uint8Array): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    if (onJoinerControl(id, bytes, slot.meter, this.now(), this.controlHandlers) === 'malformed')
      this.tally.malformedControl += 1;
  }

  /** A returning player's old link still holds its seat (dead, not yet noticed): end it quietly. */
  unseatStale(id: PlayerId): void {
    const slot = this.slots.get(id);
    if (!slot) return;
    this.drop(id);
    slot.link.close();
  }

  /** Removes a member everywhere (worker, roster, relays); idempotent. Its seat waits for its token. */
  private drop(id: PlayerId): void {
    if (!this.slots.remove(id)) return;
    this.door.seats.left(id);
    this.roster.remove(id);
    void this.worker.api.removeClient(id);
    this.rosterChanged();
  }

  /** Someone joined or left: everyone's lobby list, the UI, the successors and a checkpoint. */
  private rosterChanged(): void {
    // Closing drops the links one by one: the joiners still linked must keep the list (and the
    // successor order) they will migrate with, not one without those dropped just before them.
    if (this.closed) return;
    this.broadcastLobby();
    this.changed();
    this.migration.review(true);
  }

  private broadcastLobby(): void {
    const players = this.roster.lobbyList();
    this.slots.broadcast(encodeControl({ type: 'lobby', players, started: this.started }));
    this.slots.broadcastWatchers(encodeControl({ type: 'watchers', watchers: this.roster.watcherList() }));
    this.replay.roster(players);
  }

  /** Asks the worker for fresh stats (every second: pings for the lobby list, the debug API's serverStats). */
  async refreshStats(): Promise<void> {
    const unreliableOf = (id: PlayerId): Channel | undefined => this.slots.get(id)?.link.unreliable;
    this.lastStats = await pullWorkerStats(this.worker.api, this.roster, unreliableOf, this.lastStats, this.now());
  }

  private async everySecond(): Promise<void> {
    if (this.closed) return;
    await this.refreshStats();
    this.broadcastLobby();
    this.changed();
    this.migration.everySecond();
  }
}
