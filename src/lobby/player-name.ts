/**
 * The rules a player name must pass at the lobby's door (the host applies them to every hello;
 * a joiner applies them before connecting so it can say what is wrong at once).
 *
 * normalizeName: well-formed UTF-16 → NFKC (full-width, ligatures and compatibility forms become
 * plain letters, so "ｈｏｓｔ" is "host") → every kind of white space becomes one space → removed:
 * control (Cc), format (Cf: zero-width, bidi, tags…), private-use, unassigned and surrogate code
 * points, every Default_Ignorable_Code_Point (variation selectors, Hangul fillers U+115F/U+1160/
 * U+3164/U+FFA0, combining grapheme joiner…), the braille blank U+2800 and U+FFFC; combining marks
 * with no base letter, and any beyond 2 on one letter ("Zalgo" text) → spaces collapsed, trimmed,
 * cut to MAX_NAME_LENGTH code points. Then the name is refused when it has no visible character
 * (letter, digit, punctuation or symbol), contains a star like the lobby list's host marker
 * ("★ host"), or a bracketed UI word such as "(you)" or "[host]".
 *
 * Invariant: an accepted name is non-empty, trimmed, ≤ 24 code points, free of control characters
 * (so it passes the wire's NAME_RULE), and normalizeName(name) returns it unchanged.
 */

export const MAX_NAME_LENGTH = 24;

export type NameProblem = 'empty' | 'invisible' | 'host-marker' | 'ui-text';
export type NameCheck = { ok: true; name: string } | { ok: false; problem: NameProblem };

/** Code points that draw nothing (or a blank box) and would make a name look empty or like another. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800\uFFFC]/gu;
/** Star-like characters: the lobby list marks the host with "★ host". */
const HOST_MARKER =
  /[\u2605\u2606\u2721\u2726-\u2742\u2b50-\u2b52\u22c6\u066d\u235f\u26e4-\u26e7\u{1f31f}\u{1f320}\u{1f7c9}-\u{1f7d4}]/u;
/** Words the screens add after names: "(you)", "★ host"; and roles a player could pretend to hold. */
const UI_WORDS = /[([{<]\s*(?:you|host|bot|admin|server|system)\s*[)\]}>]/iu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const MARK = /\p{M}/u;
const MAX_MARKS_PER_LETTER = 2;

/** Drops combining marks with no base character before them and caps them per base. */
function limitMarks(text: string): string {
  let out = '';
  let run = 0;
  let hasBase = false;
  for (const ch of text) {
    if (MARK.test(ch)) {
      if (hasBase && run < MAX_MARKS_PER_LETTER) out += ch;
      run += 1;
      continue;
    }
    run = 0;
    hasBase = ch !== ' ';
    out += ch;
  }
  return out;
}

/** The cleaned name, before the refusal rules (also what a joiner's name field is shown as). */
export function cleanName(raw: string): string {
  const wellFormed = new TextDecoder().decode(new TextEncoder().encode(String(raw)));
  // Decomposed (NFKD) while marks are counted, so a precomposed letter counts its accent too.
  const spaced = wellFormed.normalize('NFKD').replace(/\p{White_Space}/gu, ' ');
  // Composed (NFKC) at the end: removing an invisible character can bring a letter and its mark together.
  const visible = limitMarks(spaced.replace(INVISIBLE, '')).normalize('NFKC');
  const collapsed = visible.replace(/ {2,}/g, ' ').trim();
  return [...collapsed].slice(0, MAX_NAME_LENGTH).join('').trim();
}

export function normalizeName(raw: string): NameCheck {
  const name = cleanName(raw);
  if (name === '') return { ok: false, problem: raw.trim() === '' ? 'empty' : 'invisible' };
  if (!VISIBLE.test(name)) return { ok: false, problem: 'invisible' };
  if (HOST_MARKER.test(name)) return { ok: false, problem: 'host-marker' };
  if (UI_WORDS.test(name)) return { ok: false, problem: 'ui-text' };
  return { ok: true, name };
}

/** One sentence per problem, for the joiner's screen and the host's reject detail. */
export function nameProblemText(p: NameProblem): string {
  switch (p) {
    case 'empty':
      return 'Type a name first.';
    case 'invisible':
      return 'A name needs at least one visible letter, digit or symbol.';
    case 'host-marker':
      return 'A name cannot contain a star: the lobby list uses one to mark the host.';
    case 'ui-text':
      return 'A name cannot contain words the game adds to names, such as "(you)" or "(host)".';
  }
}
