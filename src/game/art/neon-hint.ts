/**
 * Draws the controls hint (controls-hint.ts) in the neon look: a translucent panel in the upper
 * third, one centred line per control group, fading with `hintOpacity`.
 * Input: Kit, the view size, the lines and the opacity. Invariant: draws nothing at opacity 0; the
 * panel narrows to the screen on a small viewport (a phone) and the text shrinks with it.
 */
import { anchoredText, fillRect, type Kit } from '../render-kit';

const LINE = 22;
const WIDE = 520;

export function drawControlsHint(
  kit: Kit,
  viewW: number,
  viewH: number,
  lines: readonly string[],
  opacity: number,
): void {
  if (opacity <= 0 || lines.length === 0) return;
  const width = Math.min(WIDE, viewW - 24);
  const size = width < WIDE ? Math.max(10, Math.round(15 * (width / WIDE))) : 15;
  const height = lines.length * LINE + 20;
  const x = (viewW - width) / 2;
  const y = Math.round(viewH * 0.18);
  fillRect(kit, x, y, width, height, kit.color('panel'), 0.8 * opacity);
  fillRect(kit, x, y, width, 2, kit.color('local'), opacity);
  lines.forEach((s, i) =>
    anchoredText(kit, s, viewW / 2, y + 10 + i * LINE + LINE / 2, size, kit.color('text'), 'center', opacity),
  );
}
