/**
 * DedicatedHost: the browser host's lobby (src/host ListenServer: handshake, relays, timeouts,
 * kicks) with no player of its own. It asks for the first match once enough people are in (the
 * match cycle, match-cycle.ts, starts the rules in the worker and then marks the lobby started),
 * logs every join, leave and kick, and on shutdown tells every joiner why before it closes.
 *
 * Inputs: a PeerJS Peer already holding the lobby's id, the server worker handle, lobby settings,
 * the first match's start, a clock and a log sink. Outputs: log lines, `facts()` for the health
 * report, lifecycle events for the fleet manager (`onPlayers`). Invariants: the first match is
 * asked for once; `shutdown` is idempotent and resolves after the joiners have had the time to
 * read their 'shutdown' kick.
 */
import { ListenServer, type LobbySettings } from '../host/listen-server';
import type { ServerWorkerHandle } from '../host/worker-api';
import type { ArenaWorkerGame } from '../arena/arena-worker-game';
import type { KickReason } from '../protocol/control-messages';
import type { PlayerId } from '../sim/types';
import type { Peer } from '../transport/peer-link';
import type { LobbyFacts } from './health';

/** The ListenServer closes a kicked peer's link 400 ms after the kick; wait a little longer. */
export const SHUTDOWN_GRACE_MS = 600;

/** A ListenServer that reports each kick before it happens (every kick path goes through `kick`). */
class ReportingListenServer extends ListenServer {
  onKick: ((id: PlayerId, reason: KickReason, text: string) => void) | null = null;

  override kick(id: PlayerId, reason: KickReason, text: string): void {
    const member = this.roster.get(id);
    if (member && member.peerId !== '') this.onKick?.(id, reason, text);
    super.kick(id, reason, text);
  }
}

export interface DedicatedHostOptions {
  roomId: string;
  link: string;
  lobby: LobbySettings;
  /** Start the match when this many players (humans) are in; 0 = at once. */
  startWhen: number;
  /** Starts the first match (rules in the worker, then the lobby marked started); `why` is for the log. */
  startMatch: (why: string) => void;
}

export class DedicatedHost {
  readonly server: ReportingListenServer;
  private readonly known = new Map<PlayerId, { name: string; human: boolean }>();
  private readonly kicked = new Map<PlayerId, string>();
  private readonly playerListeners: Array<(humans: number) => void> = [];
  private shuttingDown: Promise<void> | null = null;
  private startAsked = false;

  constructor(
    peer: Peer,
    worker: ServerWorkerHandle<ArenaWorkerGame>,
    private readonly opts: DedicatedHostOptions,
    now: () => number,
    private readonly log: (line: string) => void,
  ) {
    this.server = new ReportingListenServer(peer, worker, opts.lobby, now);
    this.server.onKick = (id, reason, text) => this.kicked.set(id, `${reason}: ${text}`);
    this.server.onChange(() => this.rosterChanged());
    if (opts.startWhen === 0) this.start('at once, --start-when 0');
  }

  get humans(): number {
    return this.server.roster.all().filter((m) => m.peerId !== '' && !m.watching).length;
  }

  /** `bots`: the server-side bots the worker runs (they are players, not lobby members). */
  facts(bots: number): LobbyFacts {
    return {
      roomId: this.opts.roomId,
      link: this.opts.link,
      started: this.server.started,
      players: this.server.roster.players + bots,
      humans: this.humans,
      bots,
      maxPlayers: this.opts.lobby.maxPlayers,
    };
  }

  /** Called with the number of human players whenever it changes. */
  onPlayers(cb: (humans: number) => void): void {
    this.playerListeners.push(cb);
  }

  /** Tells every joiner why (a 'shutdown' kick), waits for the message to leave, closes the lobby. */
  shutdown(why: string, wait: (ms: number) => Promise<void>): Promise<void> {
    if (this.shuttingDown) return this.shuttingDown;
    this.log(`shutting down: ${why}`);
    const remote = this.server.roster.all().filter((m) => m.peerId !== '');
    for (const m of remote) this.server.kick(m.id, 'shutdown', why);
    this.shuttingDown = wait(remote.length > 0 ? SHUTDOWN_GRACE_MS : 0).then(() => this.server.close());
    return this.shuttingDown;
  }

  private start(why: string): void {
    if (this.startAsked || this.server.started) return;
    this.startAsked = true;
    this.opts.startMatch(why);
  }

  /** Diffs the roster against what was logged: joins, then leaves (a kick says so). */
  private rosterChanged(): void {
    const members = this.server.roster.all();
    const present = new Set(members.map((m) => m.id));
    let humansChanged = false;
    for (const m of members) {
      if (this.known.has(m.id)) continue;
      const human = m.peerId !== '';
      this.known.set(m.id, { name: m.name, human });
      humansChanged ||= human;
      this.log(
        `${human ? 'join' : 'bot joined'}: ${JSON.stringify(m.name)} (id ${m.id}${human ? `, peer ${m.peerId}` : ''}); ${members.length}/${this.opts.lobby.maxPlayers} players`,
      );
    }
    for (const [id, who] of this.known) {
      if (present.has(id)) continue;
      this.known.delete(id);
      humansChanged ||= who.human;
      const kick = this.kicked.get(id);
      this.kicked.delete(id);
      const verb = kick ? `kicked (${kick})` : who.human ? 'left' : 'bot left';
      this.log(
        `${verb}: ${JSON.stringify(who.name)} (id ${id}); ${members.length}/${this.opts.lobby.maxPlayers} players`,
      );
    }
    if (!humansChanged) return;
    const humans = this.humans;
    if (humans >= this.opts.startWhen && humans > 0) this.start(`${humans} player${humans === 1 ? '' : 's'} in`);
    for (const cb of this.playerListeners) cb(humans);
  }
}
