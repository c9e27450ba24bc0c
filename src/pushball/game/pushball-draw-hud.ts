/**
 * Draws Pushball's HUD (the words come from pushball-hud.ts; every string through the safe text
 * path): the score with both team names in their colours and the clock at the top centre, the ping
 * at the top left, the phase banner over the top of the pitch, the controls hint at the bottom.
 */
import { anchoredText, fillRect, type Kit } from '../../game/render-kit';
import type { PushballColors } from './pushball-colors';
import { TEAM_NAMES, type PushballHud } from './pushball-hud';

const SCORE_SIZE = 24;
const CLOCK_SIZE = 16;
const BANNER_SIZE = 26;
const SMALL = 12;

/** A text's width in the monospace font, roughly (for the banner's panel). */
const roughWidth = (s: string, size: number): number => [...s].length * size * 0.6;

export function drawHud(kit: Kit, c: PushballColors, hud: PushballHud, viewW: number, viewH: number): void {
  const mid = viewW / 2;
  const gap = 14;
  const half = roughWidth(hud.score, SCORE_SIZE) / 2;
  anchoredText(kit, hud.score, mid, 6, SCORE_SIZE, c.named.text, 'top');
  anchoredText(kit, TEAM_NAMES[0], mid - half - gap, 10, 18, c.team(0), 'topright');
  anchoredText(kit, TEAM_NAMES[1], mid + half + gap, 10, 18, c.team(1), 'topleft');
  anchoredText(kit, hud.clock, mid, 6 + SCORE_SIZE + 4, CLOCK_SIZE, c.named.dimText, 'top');
  anchoredText(kit, hud.ping, 10, 10, SMALL, c.named.dimText, 'topleft');
  anchoredText(kit, hud.hint, mid, viewH - 10, SMALL, c.named.dimText, 'bot', 0.85);
  // Above the centre circle, so the kickoff banner never hides the ball.
  if (hud.banner !== null) drawBanner(kit, c, hud.banner, mid, viewH * 0.3);
}

function drawBanner(kit: Kit, c: PushballColors, banner: string, x: number, y: number): void {
  const w = roughWidth(banner, BANNER_SIZE) + 32;
  const h = BANNER_SIZE + 20;
  fillRect(kit, x - w / 2, y - h / 2, w, h, c.named.panel, 0.6);
  anchoredText(kit, banner, x, y, BANNER_SIZE, c.named.banner, 'center');
}
