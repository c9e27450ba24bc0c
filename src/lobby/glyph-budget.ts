/**
 * GlyphBudget: how many distinct characters the names of one lobby may bring to everyone's screen.
 * kaboom caches every character it draws in one glyph atlas that stops drawing after about 1,700
 * distinct glyphs (STACK-NOTES), and every player's name is drawn on every page (name tags,
 * scoreboard, kill feed). So the host counts the code points names have introduced over the whole
 * match (players who left included: their glyphs are already cached everywhere) and refuses a name
 * that would take the lobby past the cap.
 *
 * Printable ASCII is free (the game's own text draws it anyway). Chat has its own budget (the
 * renderer's side of issue 11). Invariant: `used` ≤ `cap`; a name that fits before `add` is added
 * whole.
 */

/** Distinct non-ASCII code points all the names of one match may use. */
export const NAME_GLYPH_BUDGET = 400;

const isFree = (cp: number): boolean => cp >= 0x20 && cp <= 0x7e;

export class GlyphBudget {
  private readonly seen = new Set<number>();

  constructor(readonly cap = NAME_GLYPH_BUDGET) {}

  get used(): number {
    return this.seen.size;
  }

  /** Code points of `text` the lobby has not drawn yet. */
  newGlyphs(text: string): number {
    const fresh = new Set<number>();
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (!isFree(cp) && !this.seen.has(cp)) fresh.add(cp);
    }
    return fresh.size;
  }

  fits(text: string): boolean {
    return this.seen.size + this.newGlyphs(text) <= this.cap;
  }

  add(text: string): void {
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (!isFree(cp)) this.seen.add(cp);
    }
  }
}
