/**
 * The game's canvas and what it starts with from the browser: the wrapper and canvas in the page,
 * kaboom on it (WebGL; a failed start throws a RendererUnavailable for the player and leaves
 * nothing behind), the pixel density (option, `?density=` or the screen's, at most 2), an
 * AudioContext when there is one, and localStorage when the browser allows it.
 */
import kaboom, { type KaboomCtx } from 'kaboom';
import type { KeyValueStore } from '../lobby/browser-token';
import { el } from './dom-ui';
import { PALETTE } from './palette';
import { GAME_FONT } from './render-kit';
import { rendererFailure } from './renderer-start';

export interface GameCanvas {
  wrapper: HTMLDivElement;
  canvas: HTMLCanvasElement;
  k: KaboomCtx;
}

/** A wrapper with a canvas appended to `root`, kaboom started on it (or nothing left and a throw). */
export function mountCanvas(root: HTMLElement, density: number): GameCanvas {
  const doc = root.ownerDocument;
  const wrapper = el(doc, 'div', {
    position: 'relative',
    width: '100%',
    height: '100%',
    overflow: 'hidden',
    cursor: 'none',
    userSelect: 'none',
  });
  wrapper.dataset['testid'] = 'game';
  const canvas = el(doc, 'canvas', { display: 'block' });
  wrapper.append(canvas);
  root.append(wrapper);
  try {
    return { wrapper, canvas, k: startKaboom(canvas, density) };
  } catch (err) {
    wrapper.remove();
    throw err;
  }
}

export function makeAudio(): AudioContext | null {
  return typeof AudioContext === 'function' ? new AudioContext() : null;
}

function densityFromPage(): number | null {
  const raw = Number(new URLSearchParams(window.location.search).get('density'));
  return Number.isFinite(raw) && raw > 0 ? Math.min(Math.max(raw, 0.25), 2) : null;
}

/** localStorage when the browser allows it (it throws in some privacy modes). */
export function browserStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function pickDensity(density: number | undefined): number {
  return density ?? densityFromPage() ?? Math.min(window.devicePixelRatio || 1, 2);
}

/** kaboom on `canvas`; a failed start (no WebGL) throws a RendererUnavailable for the player. */
function startKaboom(canvas: HTMLCanvasElement, density: number): KaboomCtx {
  try {
    return newKaboom(canvas, density);
  } catch (err) {
    throw rendererFailure(canvas.ownerDocument, err);
  }
}

function newKaboom(canvas: HTMLCanvasElement, density: number): KaboomCtx {
  return kaboom({
    canvas,
    global: false,
    background: [...PALETTE.background],
    debug: false,
    loadingScreen: false,
    pixelDensity: density,
    font: GAME_FONT,
    // Touches are the touch controls' (sticks and buttons), not a mouse that clicks to fire.
    touchToMouse: false,
    // Glow sprites and the baked arena are drawn scaled: sample them smoothly.
    texFilter: 'linear',
  });
}
