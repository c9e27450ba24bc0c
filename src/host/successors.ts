/**
 * Successor selection (issue 13, host migration): who takes the match over if the host goes, in
 * order. Pure: the listen server feeds it the roster (with each joiner's round trip and whether its
 * hello said it can take over) and the time; it answers the ordered list.
 *
 * Rules: only people the host player chose ("can host if I leave" in its lobby list: a successor
 * receives the lobby's secrets, so nobody is named by ping alone) who are capable (not the host,
 * not a bot); at most MAX_SUCCESSORS (3); free places
 * go to the lowest ping (ties: lowest id); the list is stable: a successor leaves it only when it
 * leaves the lobby or stops being eligible, or when a challenger's ping has been lower than its by
 * more than SWAP_MARGIN_MS for SWAP_HOLD_MS (then the worst such successor gives way). The order
 * within the list follows the same rule pairwise (a lower rank moves up past the rank above only
 * after beating it by the margin for the hold time), so jitter between two close pings never
 * reshuffles the list. Invariant: the output has no repeats, every id is an eligible (chosen) candidate.
 */
import { MAX_SUCCESSORS } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';

export interface SuccessorCandidate {
  id: PlayerId;
  /** The host's latest round-trip estimate for it (ms). */
  pingMs: number;
  /** Its hello said it can take over. */
  capable: boolean;
  /** The host player chose it ("can host if I leave"); nobody is chosen until the host picks. */
  chosen: boolean;
  isHost: boolean;
  bot: boolean;
}

/** A challenger must be this much faster (ms of round trip)... */
export const SWAP_MARGIN_MS = 30;
/** ...for this long before it replaces (or overtakes) a successor. */
export const SWAP_HOLD_MS = 5000;

export class SuccessorPicker {
  private list: PlayerId[] = [];
  /** Since when challenger `a` has beaten `b` by the margin ("a>b"); dropped when it stops. */
  private readonly betterSince = new Map<string, number>();

  get current(): readonly PlayerId[] {
    return this.list;
  }

  /** The successor list after this look at the roster (it may be unchanged: compare with the previous). */
  update(candidates: readonly SuccessorCandidate[], nowMs: number): PlayerId[] {
    const eligible = new Map(
      candidates.filter((c) => c.chosen && c.capable && !c.isHost && !c.bot).map((c) => [c.id, c.pingMs]),
    );
    const ping = (id: PlayerId): number => eligible.get(id) ?? Infinity;
    const seen = new Set<string>();
    // Holds a pair's timer while the condition lasts; true once it lasted SWAP_HOLD_MS.
    const beatsLongEnough = (a: PlayerId, b: PlayerId): boolean => {
      if (!(ping(a) < ping(b) - SWAP_MARGIN_MS)) return false;
      const key = `${a}>${b}`;
      seen.add(key);
      const since = this.betterSince.get(key) ?? nowMs;
      this.betterSince.set(key, since);
      return nowMs - since >= SWAP_HOLD_MS;
    };
    const byPing = (a: PlayerId, b: PlayerId): number => ping(a) - ping(b) || a - b;

    let list = this.list.filter((id) => eligible.has(id));
    const others = [...eligible.keys()].filter((id) => !list.includes(id)).sort(byPing);
    while (list.length < MAX_SUCCESSORS && others.length > 0) list.push(others.shift()!);
    // Challengers from outside: each replaces the slowest successor it has beaten long enough.
    for (const challenger of others) {
      const beaten = list.filter((id) => beatsLongEnough(challenger, id)).sort(byPing);
      const out = beaten[beaten.length - 1];
      if (out !== undefined) list = list.map((id) => (id === out ? challenger : id));
    }
    // Order: one bubble pass per look; a rank moves up only past one it has beaten long enough.
    for (let i = 1; i < list.length; i++) {
      const [above, below] = [list[i - 1]!, list[i]!];
      if (beatsLongEnough(below, above)) [list[i - 1], list[i]] = [below, above];
    }
    for (const key of [...this.betterSince.keys()]) if (!seen.has(key)) this.betterSince.delete(key);
    this.list = list;
    return [...list];
  }
}

/** Whether two successor lists differ (order matters: rank decides who claims first). */
export function successorsChanged(a: readonly PlayerId[], b: readonly PlayerId[]): boolean {
  return a.length !== b.length || a.some((id, i) => id !== b[i]);
}
