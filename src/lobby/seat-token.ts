/**
 * Whether this tab was in a lobby when the page went away (issue 13, "Rejoin"):
 * `rewind.seated.<room id>` in sessionStorage, set on joining, cleared when the player leaves on
 * purpose or is refused, so a reload of such a page joins again by itself. (The seat itself is
 * proven by the tab's seat key pair, seat-key-pair.ts; the random seat token this file kept before
 * issue 21 was a credential an impostor host could collect, and is gone.)
 * Inputs: a key-value store (or null). Invariant: never throws; a store that refuses remembers nothing.
 */
import type { KeyValueStore } from './browser-token';

export interface SeatStore extends KeyValueStore {
  removeItem(key: string): void;
}

const seatedKey = (roomId: string): string => `rewind.seated.${roomId}`;

function tryStore(f: () => void): void {
  try {
    f();
  } catch {
    // storage refused or full: the rejoin simply is not remembered
  }
}

/** Whether this tab was in the lobby when the page went away (then a reload joins again by itself). */
export function wasSeated(store: SeatStore | null, roomId: string): boolean {
  try {
    return store?.getItem(seatedKey(roomId)) === '1';
  } catch {
    return false;
  }
}

export function markSeated(store: SeatStore | null, roomId: string, seated: boolean): void {
  tryStore(() => (seated ? store?.setItem(seatedKey(roomId), '1') : store?.removeItem(seatedKey(roomId))));
}
