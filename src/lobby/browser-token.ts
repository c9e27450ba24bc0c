/**
 * The browser token: what a hello carries so that a host's ban (a kick, for the rest of the match)
 * survives a reload or a new peer id. This browser keeps one random 128-bit secret in localStorage
 * and never sends it: each lobby gets its own token, SHA-256("rewind-browser\0" ‖ secret ‖ room id)
 * cut to 128 bits (`lobbyBrowserToken`), so hosts of different lobbies cannot follow one browser
 * from lobby to lobby, and a token learned in one lobby cannot get its owner banned, or spend its
 * password attempts, in another. Clearing site data (or a private window) makes a new secret.
 *
 * Issue 13 adds a per-lobby seat token (sessionStorage) beside it; the names keep them apart.
 * Inputs: a key-value store (localStorage, or null where none can be used) and random bytes.
 * Invariant: the result is BROWSER_TOKEN_BYTES bytes as lowercase hex; a store that throws (storage
 * disabled, quota) or holds garbage never stops a join: a fresh token is used instead.
 */
import { BROWSER_TOKEN_BYTES } from '../protocol/control-messages';
import type { RandomBytes } from './room-id';
import type { CryptoLike } from './host-key';
import { tokenFromBytes, tokenToBytes } from '../protocol/handshake-codec';
import { labelledHash } from './labelled-hash';

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
  const token = tokenFromBytes(random(BROWSER_TOKEN_BYTES));
  try {
    store?.setItem(BROWSER_TOKEN_KEY, token);
  } catch {
    // not kept: a ban then lasts until this page is reloaded
  }
  return token;
}

/** This browser's token for one lobby: stable across reloads, unrelated between lobbies. */
export async function lobbyBrowserToken(
  store: KeyValueStore | null,
  random: RandomBytes,
  roomId: string,
  c: CryptoLike,
): Promise<string> {
  const secret = loadBrowserToken(store, random);
  return labelledHash('rewind-browser', [tokenToBytes(secret), new TextEncoder().encode(roomId)], c);
}
