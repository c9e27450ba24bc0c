/**
 * Who is in the lobby, as the host keeps it: ids, names, pings. Pure bookkeeping. (Bans are by
 * browser token, in the lobby door: src/host/lobby-door.ts.)
 * (Silence is judged by the server worker, where every datagram arrives: src/server/server-runtime.ts.)
 *
 * Invariants: ids are unique small integers (1..255, the host's own client is the first);
 * names are unique.
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
}

export class Roster {
  private readonly members = new Map<PlayerId, Member>();

  get size(): number {
    return this.members.size;
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
    opts: { seat?: PlayerId; held?: (id: PlayerId) => boolean } = {},
  ): Member | null {
    const id =
      opts.seat !== undefined && opts.seat >= 1 && opts.seat <= 255 && !this.members.has(opts.seat)
        ? opts.seat
        : (this.freeId(opts.held) ?? this.freeId());
    if (id === null) return null;
    const taken = new Set([...this.members.values()].map((m) => m.name));
    const member: Member = { id, name: uniqueName(name, taken), isHost, peerId, pingMs: 0 };
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

  lobbyList(): LobbyPlayer[] {
    return this.all().map((m) => ({ id: m.id, name: m.name, pingMs: m.pingMs, isHost: m.isHost }));
  }
}
