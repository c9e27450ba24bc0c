/**
 * The parts of a migration checkpoint every game's shares (the arena's checkpoint-codec.ts and the
 * netcode's core-checkpoint-codec.ts): the lobby's cvars, seat tokens, the size limits every
 * decoder enforces before allocating, and the count, list and order checks of the decoders.
 * docs/PROTOCOL.md "Migration checkpoint" has the layout.
 */
import type { BitReader, BitWriter } from './bits';
import { BROWSER_TOKEN_BYTES } from './control-messages';
import { readBytes, tokenFromBytes, tokenToBytes, writeBytes } from './handshake-codec';
import { readText, writeText, type TextRule } from './text';

/** One lobby setting as the host layer holds it (a cvar's name and its number or text). */
export interface CheckpointCvar {
  name: string;
  value: number | string;
}

/** Size limits every decoder enforces before allocating. */
export const CHECKPOINT_LIMITS = Object.freeze({
  players: 256,
  projectiles: 1024,
  clients: 256,
  departed: 256,
  bans: 1024,
  cvars: 64,
  cvarNameChars: 32,
  cvarTextChars: 256,
  lobbyKeyBytes: 4096,
  /** sv_maxunlag's bound (2 s) at the highest tickrate (128) fits twice. */
  rewindTicks: 512,
  maxPlayers: 256,
});

/** A browser or seat token: BROWSER_TOKEN_BYTES (16) random bytes, written as 32 lowercase hex digits. */
export const TOKEN_PATTERN = /^[0-9a-f]{32}$/;
/** Cvar names as the registry spells them. */
export const CVAR_NAME_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;

const CVAR_NAME_RULE: TextRule = { maxChars: CHECKPOINT_LIMITS.cvarNameChars, name: true };
const CVAR_TEXT_RULE: TextRule = { maxChars: CHECKPOINT_LIMITS.cvarTextChars };

// Tokens travel as the hello's browser token does: 16 bytes (handshake-codec.ts converts).
export function writeToken(w: BitWriter, token: string): void {
  if (!TOKEN_PATTERN.test(token)) throw new RangeError('checkpoint: a token is not 32 lowercase hex digits');
  writeBytes(w, tokenToBytes(token));
}

export function readToken(r: BitReader): string {
  const bytes = readBytes(r, BROWSER_TOKEN_BYTES);
  return r.ok ? tokenFromBytes(bytes) : '';
}

/** Cvar values: text, or any finite number as its IEEE-754 double (two 32-bit halves, high first). */
export function writeCvar(w: BitWriter, c: CheckpointCvar): void {
  if (!CVAR_NAME_PATTERN.test(c.name)) throw new RangeError(`checkpoint: cvar name ${JSON.stringify(c.name)}`);
  writeText(w, c.name, CVAR_NAME_RULE);
  w.writeBool(typeof c.value === 'string');
  if (typeof c.value === 'string') return writeText(w, c.value, CVAR_TEXT_RULE);
  if (!Number.isFinite(c.value)) throw new RangeError(`checkpoint: cvar ${c.name} is not finite`);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, c.value + 0);
  w.writeBits(view.getUint32(0), 32);
  w.writeBits(view.getUint32(4), 32);
}

export function readCvar(r: BitReader): CheckpointCvar {
  const name = readText(r, CVAR_NAME_RULE, 'cvar name');
  if (r.ok && !CVAR_NAME_PATTERN.test(name)) r.fail('cvar name not a cvar');
  if (r.readBool()) return { name, value: readText(r, CVAR_TEXT_RULE, 'cvar text') };
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, r.readBits(32));
  view.setUint32(4, r.readBits(32));
  const value = view.getFloat64(0);
  if (!Number.isFinite(value)) r.fail(`cvar ${name} not finite`);
  // The encoder writes -0 as 0, so -0 is a second spelling of 0: refused (one encoding per checkpoint).
  if (Object.is(value, -0)) r.fail(`cvar ${name} is -0`);
  return { name, value: r.ok ? value : 0 };
}

/** A count written as varuint(4); refused above `cap` before anything is allocated for it. */
export function readCount(r: BitReader, cap: number, what: string): number {
  const n = r.readVarUint(4);
  if (n > cap) r.fail(`${n} ${what} (at most ${cap})`);
  return r.ok ? n : 0;
}

/** Refuses a list whose ids are not strictly increasing (sorted, no repeats). */
export function checkSorted(r: BitReader, ids: readonly number[], what: string): void {
  for (let i = 1; i < ids.length; i++) if (ids[i]! <= ids[i - 1]!) r.fail(`${what} not sorted by id`);
}

export function readList<T>(r: BitReader, cap: number, what: string, read: () => T): T[] {
  const n = readCount(r, cap, what);
  const out: T[] = [];
  for (let i = 0; i < n && r.ok; i++) out.push(read());
  return out;
}

/** The encoder's side of the lists' caps (the decoders refuse more): throws a RangeError past one. */
export function checkListCaps(
  clients: readonly unknown[],
  departed: readonly unknown[],
  bans: readonly unknown[],
  cvars: readonly unknown[],
): void {
  const lists: Array<[readonly unknown[], number]> = [
    [clients, CHECKPOINT_LIMITS.clients],
    [departed, CHECKPOINT_LIMITS.departed],
    [bans, CHECKPOINT_LIMITS.bans],
    [cvars, CHECKPOINT_LIMITS.cvars],
  ];
  for (const [list, cap] of lists)
    if (list.length > cap) throw new RangeError(`checkpoint: ${list.length} entries above ${cap}`);
}
