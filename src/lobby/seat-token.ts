/**
 * The seat token (issue 13, "Rejoin"): random 128 bits this tab keeps per lobby in sessionStorage
 * (`rewind.seat.<room id>`) and sends in every hello to that lobby. A host that seated this token
 * before gives the same seat back, with the player's name and score, without the password.
 * sessionStorage is per tab and survives a reload: two tabs are two players; a reload is the same.
 *
 * Beside it, `rewind.seated.<room id>` says the tab was in the lobby when the page went away
 * (set on joining, cleared when the player leaves on purpose or is refused): a reload of such a
 * page joins again by itself. Inputs: a key-value store (or null) and random bytes. Invariant:
 * never throws; a store that refuses gives a token for this page only (no rejoin after a reload).
 */
import { BROWSER_TOKEN_BYTES } from '../protocol/messages';
import type { KeyValueStore } from './browser-token';
import type { RandomBytes } from './room-id';

export interface SeatStore extends KeyValueStore {
  removeItem(key: string): void;
}

const TOKEN = /^[0-9a-f]{32}$/;
const tokenKey = (roomId: string): string => `rewind.seat.${roomId}`;
const seatedKey = (roomId: string): string => `rewind.seated.${roomId}`;

function tryStore(f: () => void): void {
  try {
    f();
  } catch {
    // storage refused or full: the rejoin simply is not remembered
  }
}

export function loadSeatToken(store: SeatStore | null, roomId: string, random: RandomBytes): string {
  try {
    const kept = store?.getItem(tokenKey(roomId)) ?? null;
    if (kept !== null && TOKEN.test(kept)) return kept;
  } catch {
    // fall through to a fresh token
  }
  const token = [...random(BROWSER_TOKEN_BYTES)].map((b) => b.toString(16).padStart(2, '0')).join('');
  tryStore(() => store?.setItem(tokenKey(roomId), token));
  return token;
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
