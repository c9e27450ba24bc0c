/**
 * The browser token: a random 128-bit id this browser keeps in localStorage and sends in every
 * hello. A host bans a kicked player's token for the rest of the match, so a kick survives a
 * reload or a new peer id. It is not an identity and not a secret worth stealing: clearing site
 * data (or a private window) makes a new one, which README says.
 *
 * Issue 13 adds a per-lobby seat token (sessionStorage) beside it; the names keep them apart.
 * Inputs: a key-value store (localStorage, or null where none can be used) and random bytes.
 * Invariant: the result is BROWSER_TOKEN_BYTES bytes as lowercase hex; a store that throws (storage
 * disabled, quota) or holds garbage never stops a join: a fresh token is used instead.
 */
import { BROWSER_TOKEN_BYTES } from '../protocol/messages';
import type { RandomBytes } from './room-id';

export const BROWSER_TOKEN_KEY = 'rewind.browserToken';

/** The part of `Storage` used here. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const TOKEN = /^[0-9a-f]{32}$/;

export function loadBrowserToken(store: KeyValueStore | null, random: RandomBytes): string {
  try {
    const kept = store?.getItem(BROWSER_TOKEN_KEY) ?? null;
    if (kept !== null && TOKEN.test(kept)) return kept;
  } catch {
    // storage refused: fall through to a token for this page only
  }
  const token = [...random(BROWSER_TOKEN_BYTES)].map((b) => b.toString(16).padStart(2, '0')).join('');
  try {
    store?.setItem(BROWSER_TOKEN_KEY, token);
  } catch {
    // not kept: a ban then lasts until this page is reloaded
  }
  return token;
}
