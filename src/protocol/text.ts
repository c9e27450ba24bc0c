/**
 * Text fields of control messages: UTF-8 with a varint byte length, and the rules every text
 * obeys on the wire (no control characters, a maximum length in code points; names also trimmed
 * and non-empty). `cleanText` is what the encoder sends; `readText` refuses anything else, so a
 * hand-made packet cannot smuggle a newline into a chat line or a 10,000-character name.
 */
import type { BitReader, BitWriter } from './bits';

// Unicode "Cc" (C0, DEL, C1) plus the bidi overrides/isolates that can reorder a line on screen.
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

export interface TextRule {
  maxChars: number;
  /** Names: trimmed and at least one character. */
  name?: boolean;
}

export const NAME_RULE: TextRule = { maxChars: 24, name: true };
export const PASSWORD_RULE: TextRule = { maxChars: 64 };
export const MESSAGE_RULE: TextRule = { maxChars: 200 };
export const MAP_NAME_RULE: TextRule = { maxChars: 32, name: true };

/** Strips control characters, trims names, cuts to the maximum length (whole code points). */
export function cleanText(text: string, rule: TextRule): string {
  // Through UTF-8 and back first: lone surrogates become U+FFFD exactly as on the receiving end.
  const wellFormed = new TextDecoder().decode(new TextEncoder().encode(text));
  const stripped = wellFormed.replace(new RegExp(CONTROL.source, 'gu'), '');
  const cut = [...(rule.name ? stripped.trim() : stripped)].slice(0, rule.maxChars).join('');
  return rule.name ? cut.trim() : cut;
}

/** Why `text` breaks `rule`, or null when it is acceptable as is. */
export function textProblem(text: string, rule: TextRule): string | null {
  if (CONTROL.test(text)) return 'control character';
  const chars = [...text].length;
  if (chars > rule.maxChars) return `longer than ${rule.maxChars} characters`;
  if (rule.name && chars === 0) return 'empty';
  if (rule.name && text.trim() !== text) return 'untrimmed';
  return null;
}

export function writeText(w: BitWriter, text: string, rule: TextRule): void {
  const bytes = new TextEncoder().encode(cleanText(text, rule));
  w.writeVarUint(bytes.length);
  for (const b of bytes) w.writeBits(b, 8);
}

export function readText(r: BitReader, rule: TextRule, what: string): string {
  const length = r.readVarUint();
  // A code point is at most 4 bytes; refuse before allocating anything for a hostile length.
  if (length > rule.maxChars * 4) r.fail(`${what}: too long`);
  if (!r.ok) return '';
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = r.readBits(8);
  if (!r.ok) return '';
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    r.fail(`${what}: invalid UTF-8`);
    return '';
  }
  const problem = textProblem(text, rule);
  if (problem) r.fail(`${what}: ${problem}`);
  return r.ok ? text : '';
}
