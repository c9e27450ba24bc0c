/**
 * The game's two typefaces, bundled from npm (@fontsource: the .woff2 files ship with the build and
 * load from the page's own origin, never from the internet): Chakra Petch for the HUD and screens,
 * JetBrains Mono for numbers that must line up (net graph).
 * Output: the family names, CSS font strings and `loadGameFonts`, which resolves once both faces
 * can be drawn into a canvas (text drawn before that uses kaboom's default font).
 */
import '@fontsource/chakra-petch/latin-500.css';
import '@fontsource/chakra-petch/latin-600.css';
import '@fontsource/chakra-petch/latin-700.css';
import '@fontsource/jetbrains-mono/latin-500.css';

export type FaceName = 'ui' | 'mono';

export const FACES: Readonly<Record<FaceName, { family: string; weight: number }>> = {
  ui: { family: 'Chakra Petch', weight: 600 },
  mono: { family: 'JetBrains Mono', weight: 500 },
};

/** A CSS font shorthand for a face at a pixel size. */
export function cssFont(face: FaceName, px: number): string {
  const f = FACES[face];
  return `${f.weight} ${px}px "${f.family}", system-ui, sans-serif`;
}

/** Resolves true when both faces are ready, false when the browser could not load one (fallback fonts then). */
export async function loadGameFonts(doc: Document): Promise<boolean> {
  if (!doc.fonts) return false;
  try {
    const loaded = await Promise.all((Object.keys(FACES) as FaceName[]).map((f) => doc.fonts.load(cssFont(f, 32))));
    return loaded.every((faces) => faces.length > 0);
  } catch {
    return false;
  }
}
