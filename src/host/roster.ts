/**
 * Who is in the lobby, as the host keeps it: ids, names, pings. Pure bookkeeping. (Bans are by
 * browser token, in the lobby door: src/host/lobby-door.ts.)
 * (Silence is judged by the server worker, where every datagram arrives: src/server/server-runtime.ts.)
 *
 * Spectators (issue 24) are members too (an id, a unique name, a ping; chat names them) marked
 * `watching`: they take no seat, so they are neither in `players` nor in the lobby list's players
 * (`lobbyList`, the scoreboard's and older clients' list), only in `watchers`.
 *
 * Invariants: ids are unique small integers (1..255, the host's own client is the first) among
 * players and spectators together; names are unique among them all.
 */
import type { LobbyPlayer } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import { uniqueName } from '../lobby/handshake';

export interface Member {
  id: PlayerId;
  name: string;
  isHost: boolean;
  /** PeerJS id of the remote peer; '' for the host's own client. */
  peerId: string;
  pingMs: number;
  /** A spectator (issue 24): in the lobby, not in the match. */
  watching?: boolean;
}

export class Roster {
  private readonly members = new Map<PlayerId, Member>();

  /** Everyone: players and spectators. */
  get size(): number {
    return this.members.size;
  }

  /** Members with a seat (what fills the lobby). */
  get players(): number {
    let n = 0;
    for (const m of this.members.values()) if (!m.watching) n++;
    return n;
  }

  /** Spectators (their own cap, sv_maxspectators). */
  get spectators(): number {
    return this.members.size - this.players;
  }

  get(id: PlayerId): Member | undefined {
    return this.members.get(id);
  }

  all(): Member[] {
    return [...this.members.values()].sort((a, b) => a.id - b.id);
  }

  /**
   * Adds a member with the lowest free id that `held` does not keep for someone else, or with
   * `seat` when it is free (a returning player's own id); the name is made unique. Null when no id is left.
   */
  add(
    name: string,
    peerId: string,
    isHost: boolean,
    opts: { seat?: PlayerId; held?: (id: PlayerId) => boolean; watching?: boolean } = {},
  ): Member | null {
    const id =
      opts.seat !== undefined && opts.seat >= 1 && opts.seat <= 255 && !this.members.has(opts.seat)
        ? opts.seat
        : (this.freeId(opts.held) ?? this.freeId());
    if (id === null) return null;
    const taken = new Set([...this.members.values()].map((m) => m.name));
    const member: Member = { id, name: uniqueName(name, taken), isHost, peerId, pingMs: 0 };
    if (opts.watching === true) member.watching = true;
    this.members.set(id, member);
    return member;
  }

  /** The lowest id (1..255) nobody holds and `held` does not keep; null when none. */
  private freeId(held?: (id: PlayerId) => boolean): PlayerId | null {
    for (let id = 1; id <= 255; id++) if (!this.members.has(id) && !held?.(id)) return id;
    return null;
  }

  remove(id: PlayerId): Member | undefined {
    const m = this.members.get(id);
    this.members.delete(id);
    return m;
  }

  setPing(id: PlayerId, pingMs: number): void {
    const m = this.members.get(id);
    if (m && Number.isFinite(pingMs)) m.pingMs = Math.max(0, Math.round(pingMs));
  }

  /** The players (never the spectators: the lobby message is the scoreboard's and older clients' list). */
  lobbyList(): LobbyPlayer[] {
    const players = this.all().filter((m) => !m.watching);
    return players.map((m) => ({ id: m.id, name: m.name, pingMs: m.pingMs, isHost: m.isHost }));
  }

  /** The spectators, by id. */
  watchers(): Member[] {
    return this.all().filter((m) => m.watching === true);
  }

  /** The spectators as the 'watchers' message lists them. */
  watcherList(): Array<{ id: PlayerId; name: string }> {
    return this.watchers().map((m) => ({ id: m.id, name: m.name }));
  }
}
