/**
 * The player's name, remembered across reloads in localStorage (key `rewind.name`).
 *
 * Inputs: a Storage (the page's localStorage; may be missing or throw in a sandboxed or private
 * page). Outputs: the stored name or '' and a save function. Invariant: never throws; what is
 * stored is at most MAX_NAME_LENGTH code points (the name field's limit).
 */
import { MAX_NAME_LENGTH } from '../lobby/handshake';

export const NAME_KEY = 'rewind.name';

export function loadName(storage: () => Storage | null): string {
  try {
    const v = storage()?.getItem(NAME_KEY) ?? '';
    return [...v].slice(0, MAX_NAME_LENGTH).join('');
  } catch {
    return '';
  }
}

export function saveName(storage: () => Storage | null, name: string): void {
  try {
    storage()?.setItem(NAME_KEY, [...name].slice(0, MAX_NAME_LENGTH).join(''));
  } catch {
    // Storage full or denied: the name is simply not remembered.
  }
}

/** This tab's sessionStorage (seat tokens live there), or null where it cannot be read. */
export function tabStorage(win: Window): () => Storage | null {
  return () => {
    try {
      return win.sessionStorage;
    } catch {
      return null;
    }
  };
}

/** The page's localStorage, or null where reading the property itself throws (sandboxed iframes). */
export function pageStorage(win: Window): () => Storage | null {
  return () => {
    try {
      return win.localStorage;
    } catch {
      return null;
    }
  };
}
