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

/** A storage of the window, or null where reading the property itself throws (sandboxed iframes). */
function storageOf(win: Window, which: 'localStorage' | 'sessionStorage'): () => Storage | null {
  return () => {
    try {
      return win[which];
    } catch {
      return null;
    }
  };
}

/** The page's localStorage (the name, the browser token). */
export const pageStorage = (win: Window): (() => Storage | null) => storageOf(win, 'localStorage');
/** This tab's sessionStorage (seat tokens live there). */
export const tabStorage = (win: Window): (() => Storage | null) => storageOf(win, 'sessionStorage');
