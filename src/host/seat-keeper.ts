/**
 * SeatKeeper: who sat where in this match, by seat token (issue 13, "Rejoin"). A joiner's page
 * keeps a random token per lobby in its sessionStorage and sends it in every hello; when it comes
 * back with it (a reload, a dropped link) the host gives it the same player id and name, the
 * server worker gives back its match record, and the password is not asked again: the token
 * proves this tab was admitted before. A kick forgets the seat (and the door bans the browser).
 *
 * Inputs: seated/left/kicked calls from the listen server, the hello's seat token; after a host
 * migration, the seats of the checkpoint (`rebuild`). Outputs: the seat a returning token had, the
 * ids held for absent players (not given to newcomers), and the seats a migration checkpoint
 * carries (`tokenOf` for the people here, `absent` for those who left).
 * Invariants: the all-zero token is nobody's; one seat per token, one token per seat; pure
 * bookkeeping (the listen server drops a stale link still holding the seat before reusing it).
 */
import type { PlayerId } from '../protocol/ids';

export interface Seat {
  id: PlayerId;
  name: string;
  /** Whether someone is seated on it now (a returning tab may arrive before its old link is noticed dead). */
  present: boolean;
}

/** One seat with its token, as a migration checkpoint carries it (src/server/server-core.ts SeatEntry). */
export interface TokenSeat extends Seat {
  token: string;
}

const NOBODY = /^0+$/;

export class SeatKeeper {
  private readonly byToken = new Map<string, Seat>();

  /**
   * The seats a successor's host layer takes over from a checkpoint (`restoreServer(...).seats`):
   * the same tokens give the same ids and names as on the old host. All-zero tokens are skipped;
   * a token listed twice keeps its last seat.
   */
  static rebuild(seats: Iterable<TokenSeat>): SeatKeeper {
    const keeper = new SeatKeeper();
    for (const { token, id, name, present } of seats)
      if (!NOBODY.test(token)) keeper.byToken.set(token, { id, name, present });
    return keeper;
  }

  /** The seat this token held earlier in the match, or null for a newcomer. */
  seatOf(seatToken: string): Seat | null {
    if (NOBODY.test(seatToken)) return null;
    return this.byToken.get(seatToken) ?? null;
  }

  /** Someone was seated under `id` with this token (a newcomer or a returning player). */
  seated(seatToken: string, id: PlayerId, name: string): void {
    if (NOBODY.test(seatToken)) return;
    // A token names one seat: a different seat under the same token replaces it.
    this.byToken.set(seatToken, { id, name, present: true });
  }

  /** The player on seat `id` left (or its link died): the seat waits for its token. */
  left(id: PlayerId): void {
    for (const seat of this.byToken.values()) if (seat.id === id) seat.present = false;
  }

  /** A kick: the seat is not kept (the browser is banned by the door anyway). */
  forget(id: PlayerId): void {
    for (const [token, seat] of this.byToken) if (seat.id === id) this.byToken.delete(token);
  }

  /** Ids held for absent players, so that a newcomer does not get someone's seat. */
  isHeld(id: PlayerId): boolean {
    for (const seat of this.byToken.values()) if (seat.id === id && !seat.present) return true;
    return false;
  }

  /** The seat token of the player seated on `id` now (for a checkpoint's client entry), or undefined. */
  tokenOf(id: PlayerId): string | undefined {
    for (const [token, seat] of this.byToken) if (seat.id === id && seat.present) return token;
    return undefined;
  }

  /** The seats waiting for players who left (a checkpoint's departed entries), by id. */
  absent(): TokenSeat[] {
    const out: TokenSeat[] = [];
    for (const [token, seat] of this.byToken) if (!seat.present) out.push({ token, ...seat });
    return out.sort((a, b) => a.id - b.id);
  }

  /** A new match forgets nobody: seats outlive matches within a lobby (the records do not: the worker keys them by match). */
  get size(): number {
    return this.byToken.size;
  }
}
