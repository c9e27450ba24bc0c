/**
 * The 'watchers' control message (type 14, issue 24): the lobby's spectators, so a lobby list can
 * show them as watching and chat can name them. A separate message, not a field of 'lobby': an
 * older decoder refuses trailing bytes after 'lobby', and the reference client decodes 'lobby'.
 * The host sends it only to clients whose hello set flag 16 (they understand it), with each lobby
 * list. Layout: [count u8 (≤ MAX_WATCHERS)] then per spectator [id u8 (1-255)] [name (the name rule)],
 * ids distinct. Invariant: the decoder never throws and refuses a longer list, id 0, a repeated id.
 */
import type { BitReader, BitWriter } from './bits';
import type { PlayerId } from './ids';
import { NAME_RULE, cleanText, readText, writeText } from './text';

/** sv_maxspectators' upper bound: a list never holds more. */
export const MAX_WATCHERS = 32;

export interface Watcher {
  id: PlayerId;
  name: string;
}

/** Host → clients that set hello flag 16, reliable: who watches the lobby (spectators), by id. */
export interface WatchersMessage {
  type: 'watchers';
  watchers: Watcher[];
}

export function normalizeWatchers(m: WatchersMessage): WatchersMessage {
  const seen = new Set<number>();
  const watchers: Watcher[] = [];
  for (const w of m.watchers) {
    const id = Number.isFinite(w.id) ? Math.round(w.id) : 0;
    if (id < 1 || id > 255 || seen.has(id) || watchers.length >= MAX_WATCHERS) continue;
    seen.add(id);
    watchers.push({ id, name: cleanText(w.name, NAME_RULE) });
  }
  return { type: 'watchers', watchers };
}

export function writeWatchers(w: BitWriter, m: WatchersMessage): void {
  w.writeBits(m.watchers.length, 8);
  for (const x of m.watchers) {
    w.writeBits(x.id, 8);
    writeText(w, x.name, NAME_RULE);
  }
}

export function readWatchers(r: BitReader): WatchersMessage {
  const count = r.readBits(8);
  if (count > MAX_WATCHERS) r.fail(`watchers ${count} out of range`);
  const watchers: Watcher[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < count && r.ok; i++) {
    const id = r.readBits(8);
    if (r.ok && (id === 0 || seen.has(id))) r.fail(`watcher id ${id} out of range or repeated`);
    seen.add(id);
    watchers.push({ id, name: readText(r, NAME_RULE, 'watcher name') });
  }
  return { type: 'watchers', watchers };
}
