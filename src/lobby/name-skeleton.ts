/**
 * Name skeletons: two player names that a friend cannot tell apart on screen ("Host" and "Ηost"
 * with a Greek Eta, "Bob" and "Воb" with a Cyrillic Ve and O, "Ada" and "Ａｄａ" in full width) get
 * the same skeleton, so the roster treats them as one name and numbers the newcomer ("Ηost (2)").
 * The idea is UTS #39's skeleton (map every character to its prototype, then compare), with what
 * this lobby's UI makes confusable: compatibility forms (NFKD: full width, mathematical letters,
 * ligatures), accents (combining marks dropped), case, invisible characters, and the letters of
 * Greek, Cyrillic, Armenian and Cherokee that are drawn like Latin ones, plus the digit/letter pairs
 * of UTS #39's table (0/O, 1/l/I, 5/S, 8/B). It is a comparison key only, never shown.
 *
 * Input: a name (already normalized by player-name.ts). Output: its skeleton. Pure, no tables
 * built per call.
 */

/** Each string lists characters whose prototype is the key (facts from Unicode's confusables data). */
const LOOKALIKES: Readonly<Record<string, string>> = {
  a: 'аɑαⱥ',
  b: 'Ꮟьƅ',
  c: 'сϲᴄⲥꮯ',
  d: 'ԁɗꓒ',
  e: 'еєҽ℮ꬲ',
  f: 'ꞙſ',
  g: 'ɡցǥ',
  h: 'һհꮒ',
  i: 'іɩ',
  j: 'јϳ',
  k: 'κкꮶ',
  l: '1|ɭιӏⅼǀ',
  m: 'ⅿꮇ',
  n: 'ոп',
  o: '0οσоօ๐ᴏꬽ',
  p: 'рρϱⲣ',
  q: 'ԛգ',
  r: 'гᴦⲅꭇ',
  s: '5ѕꜱꮪ',
  t: 'τтꭲ',
  u: 'υսʋꭎ',
  v: 'νѵᴠⅴ',
  w: 'ԝѡꮃ',
  x: 'хχ×ⅹ',
  y: 'уγүɣ',
  z: 'ᴢꮓ',
  B: '8',
};

/** Upper-case look-alikes lower-case to the same prototype as their Latin twins (Η → h, Ο → o). */
const UPPER_LOOKALIKES: Readonly<Record<string, string>> = {
  a: 'ΑАᎪ',
  b: 'ΒВᏴ',
  c: 'СϹᏟ',
  e: 'ΕЕᎬ',
  h: 'ΗНᎻ',
  l: 'IΙІӀ',
  j: 'ЈᎫ',
  k: 'ΚКᏦ',
  m: 'ΜМᎷ',
  n: 'Ν',
  o: 'ΟОՕ',
  p: 'ΡРᏢ',
  s: 'ЅᏚ',
  t: 'ΤТᎢ',
  x: 'ΧХ',
  y: 'ΥҮ',
  z: 'ΖᏃ',
};

function buildMap(): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const table of [LOOKALIKES, UPPER_LOOKALIKES]) {
    for (const [proto, chars] of Object.entries(table)) for (const ch of chars) map.set(ch, proto.toLowerCase());
  }
  return map;
}

const PROTOTYPES = buildMap();
/** Combining marks, and what draws nothing: zero-width characters, joiners, bidi controls, variation selectors. */
const INVISIBLE =
  /[\p{M}\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/gu;

/** The comparison key of a name: equal keys mean a friend could mistake one name for the other. */
export function nameSkeleton(name: string): string {
  const bare = name.normalize('NFKD').replace(INVISIBLE, '');
  let out = '';
  for (const ch of bare) {
    const mapped = PROTOTYPES.get(ch) ?? PROTOTYPES.get(ch.toLowerCase());
    out += mapped ?? ch.toLowerCase();
  }
  // 'rn' is drawn like 'm' in most UI fonts (UTS #39 maps it so); whitespace runs count as one.
  return out.replace(/rn/g, 'm').replace(/\s+/gu, ' ').trim();
}
