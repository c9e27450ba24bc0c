/**
 * Soft light for the neon look, as one small texture drawn with kaboom's textured quads (kaboom
 * 3000 has no additive blending or blur): a radial blob (glow around players, rockets, flashes,
 * explosions, particles) and a beam strip with a soft cross-section (tracers, aim lines).
 * Input: a kaboom context and a document (to paint the texture once). Output: `glowDot` and
 * `glowBeam`, drawing in screen pixels with a colour and opacity.
 * Invariants: the texture is made once per mount; every glow quad samples only its own region of
 * it (half-texel insets), so the two shapes never bleed into each other.
 */
import type { Color, KaboomCtx, Quad, Texture } from 'kaboom';

const W = 256;
const H = 128;

export interface Glow {
  k: KaboomCtx;
  tex: Texture;
  dot: Quad;
  beam: Quad;
}

function paint(doc: Document): HTMLCanvasElement {
  const c = doc.createElement('canvas');
  c.width = W;
  c.height = H;
  const g = c.getContext('2d');
  if (!g) return c;
  const blob = g.createRadialGradient(64, 64, 0, 64, 64, 63);
  blob.addColorStop(0, 'rgba(255,255,255,1)');
  blob.addColorStop(0.25, 'rgba(255,255,255,0.55)');
  blob.addColorStop(0.55, 'rgba(255,255,255,0.18)');
  blob.addColorStop(1, 'rgba(255,255,255,0)');
  g.fillStyle = blob;
  g.fillRect(0, 0, 128, 128);
  const beam = g.createLinearGradient(0, 0, 0, 64);
  beam.addColorStop(0, 'rgba(255,255,255,0)');
  beam.addColorStop(0.35, 'rgba(255,255,255,0.35)');
  beam.addColorStop(0.5, 'rgba(255,255,255,1)');
  beam.addColorStop(0.65, 'rgba(255,255,255,0.35)');
  beam.addColorStop(1, 'rgba(255,255,255,0)');
  g.fillStyle = beam;
  g.fillRect(128, 0, 128, 64);
  return c;
}

export function createGlow(k: KaboomCtx, doc: Document): Glow {
  const fb = k.makeCanvas(W, H);
  fb.tex.update(paint(doc));
  return {
    k,
    tex: fb.tex,
    dot: k.quad(0.5 / W, 0.5 / H, 127 / W, 127 / H),
    beam: k.quad(132 / W, 0.5 / H, 120 / W, 63 / H),
  };
}

/** A soft round glow of the given radius (pixels) centred on (x, y). */
export function glowDot(g: Glow, x: number, y: number, radius: number, color: Color, opacity: number): void {
  if (radius <= 0 || opacity <= 0) return;
  g.k.drawUVQuad({
    pos: g.k.vec2(x, y),
    width: radius * 2,
    height: radius * 2,
    anchor: 'center',
    tex: g.tex,
    quad: g.dot,
    color,
    opacity,
  });
}

/** A soft beam from (x1, y1) to (x2, y2), `width` pixels across its soft edge. */
export function glowBeam(
  g: Glow,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  width: number,
  color: Color,
  opacity: number,
): void {
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (len < 0.5 || opacity <= 0) return;
  const angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
  g.k.drawUVQuad({
    pos: g.k.vec2((x1 + x2) / 2, (y1 + y2) / 2),
    width: len,
    height: width,
    anchor: 'center',
    angle,
    tex: g.tex,
    quad: g.beam,
    color,
    opacity,
  });
}
