/**
 * Mounts the game screen: `mountGame(root, host)` puts a canvas (kaboom, WebGL, `global: false`)
 * and the DOM overlays (Esc menu, settings) into `root`, then every frame draws
 * `host.view(performance.now())` and hands the sampled input to `host.setInput`.
 *
 * Output: a handle whose `destroy()` quits kaboom, removes every listener and element it added and
 * the `window.rewindGame` debug API; `info()` describes the last frame (see render-info.ts).
 * Invariants: nothing outside `root` is touched except `window.rewindGame`; names and messages
 * reach the DOM as text only; after destroy no host method is called again.
 */
import kaboom, { type KaboomCtx } from 'kaboom';
import { DEFAULT_MAP } from '../sim/map';
import type { ArenaMap } from '../sim/types';
import { canvasPixel, installDebugApi } from './debug-api';
import { el } from './dom-ui';
import { createNetGraph } from './draw-netgraph';
import { createEffects } from './effects';
import { drawFrame, updateFrame, type Screen } from './frame';
import type { GameHost } from './game-host';
import { noKeysHeld, weaponForKey, weaponForWheel } from './input-map';
import { FpsMeter } from './net-graph-model';
import { createOverlays, type Overlays } from './overlays';
import { PALETTE } from './palette';
import { seedFromClient } from './pointer';
import { hintOpacity } from './controls-hint';
import { createKit } from './render-kit';
import { drawnPlayers, type GameRenderInfo } from './render-info';
import { createSoundCues, type SoundCues } from './sound';
import { loadGameFonts } from './art/fonts';
import { createLook } from './art/look';
import { createTextFonts } from './art/text-fonts';
import { createSoundSection } from './sound/sound-panel';
import { loadSoundSettings, type KeyValueStore } from './sound/sound-settings';

export interface MountOptions {
  map?: ArenaMap;
  /** Page clock in ms (default performance.now). */
  clock?: () => number;
  /** Publish `window.rewindGame` (default true). */
  debugApi?: boolean;
  /**
   * Canvas pixels per CSS pixel. Default: `?density=` from the page URL (0.25..2), else
   * min(devicePixelRatio, 2). Below 1 the canvas is upscaled: software WebGL (SwiftShader in
   * headless tests) is fill-rate bound, so 0.5 draws about four times fewer pixels.
   */
  pixelDensity?: number;
  /** Called after each frame with the time spent updating (host.view, input, effects) and drawing, in ms (benchmarks). */
  onFrameCost?: (updateMs: number, drawMs: number) => void;
  /** 'neon' (default): bundled fonts, glow, particles, shake; 'classic': the first renderer (frame benchmark baseline). */
  look?: 'neon' | 'classic';
  /**
   * Where the pointer was (client/viewport CSS pixels) when the game mounted, e.g. the click that
   * started it: the crosshair starts there instead of waiting for the first mouse move.
   */
  pointerAt?: { x: number; y: number } | null;
}

export interface GameHandle {
  destroy(): void;
  info(): GameRenderInfo;
}

function makeAudio(): AudioContext | null {
  return typeof AudioContext === 'function' ? new AudioContext() : null;
}

function densityFromPage(): number | null {
  const raw = Number(new URLSearchParams(window.location.search).get('density'));
  return Number.isFinite(raw) && raw > 0 ? Math.min(Math.max(raw, 0.25), 2) : null;
}

/** localStorage when the browser allows it (it throws in some privacy modes). */
function browserStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function pickDensity(density: number | undefined): number {
  return density ?? densityFromPage() ?? Math.min(window.devicePixelRatio || 1, 2);
}

function startKaboom(canvas: HTMLCanvasElement, density: number): KaboomCtx {
  return kaboom({
    canvas,
    global: false,
    background: [...PALETTE.background],
    debug: false,
    loadingScreen: false,
    pixelDensity: density,
    font: 'monospace',
    // Glow sprites and the baked arena are drawn scaled: sample them smoothly.
    texFilter: 'linear',
  });
}

function newScreen(k: KaboomCtx, host: GameHost, map: ArenaMap, ui: Overlays, sound: SoundCues): Screen {
  return {
    k, kit: createKit(k), host, map, fx: createEffects(), graph: createNetGraph(), fps: new FpsMeter(),
    sound, held: noKeysHeld(), cues: [],
    ui: { menuOpen: ui.anyOpen, scoreboard: false, wantedWeapon: null },
    frames: 0, lastAim: 0, lastInput: null, view: null, cam: null, info: null, look: null, rng: Math.random,
    pointer: { moved: false, seed: null }, hint: { firstSpawnAt: null },
  };
}

/** The neon look: crisp bundled-font text (once the fonts load), glow and the baked arena. */
function useNeonLook(s: Screen, doc: Document, density: number, isLive: () => boolean): void {
  const fonts = createTextFonts(s.k, doc, density);
  s.kit.fonts = fonts;
  s.look = createLook(s.k, doc, density);
  void loadGameFonts(doc).then((ok) => {
    if (ok && isLive()) fonts.markReady();
  });
}

/** Game keys go through kaboom (canvas focus); Esc through the wrapper so it also works in the panels. */
function bindInput(s: Screen, ui: Overlays, isLive: () => boolean, clock: () => number, onCost?: MountOptions['onFrameCost']): void {
  const { k } = s;
  let updateMs = 0;
  k.onKeyPress((key) => {
    const w = weaponForKey(key);
    if (w !== null) s.ui.wantedWeapon = w;
    if (key === 'f2') ui.toggleNetGraph();
  });
  k.onMouseMove(() => {
    s.pointer.moved = true;
  });
  k.onScroll((delta) => {
    const current = s.view?.local?.state.weapon ?? 0;
    s.ui.wantedWeapon = weaponForWheel(s.ui.wantedWeapon ?? current, delta.y);
  });
  k.onUpdate(() => {
    if (!isLive()) return;
    s.ui.scoreboard = !ui.anyOpen() && k.isKeyDown('tab');
    const start = clock();
    updateFrame(s, start);
    updateMs = clock() - start;
  });
  k.onDraw(() => {
    if (!isLive()) return;
    const start = clock();
    drawFrame(s);
    onCost?.(updateMs, clock() - start);
  });
}

function renderInfo(s: Screen, ui: Overlays): GameRenderInfo {
  const players = s.view && s.cam ? drawnPlayers(s.view, s.cam) : { local: null, remotes: [] };
  return {
    frames: s.frames,
    fps: s.fps.fps,
    camera: s.cam,
    ...players,
    input: s.lastInput,
    crosshair: s.info ? { x: s.info.mouseX, y: s.info.mouseY } : null,
    controlsHint: s.info ? hintOpacity(s.hint, s.info.now) : 0,
    pingMs: s.view ? s.view.stats.pingMs : null,
    overlays: { netGraph: s.host.cvars().net_graph !== 0, scoreboard: s.ui.scoreboard, menu: ui.menu.isOpen(), settings: ui.settings.isOpen() },
  };
}

export function mountGame(root: HTMLElement, host: GameHost, opts: MountOptions = {}): GameHandle {
  const doc = root.ownerDocument;
  const wrapper = el(doc, 'div', { position: 'relative', width: '100%', height: '100%', overflow: 'hidden', cursor: 'none' });
  wrapper.dataset['testid'] = 'game';
  const canvas = el(doc, 'canvas', { display: 'block' });
  wrapper.append(canvas);
  root.append(wrapper);
  const density = pickDensity(opts.pixelDensity);
  const k = startKaboom(canvas, density);
  const store = browserStore();
  const sound = createSoundCues(makeAudio, loadSoundSettings(store));
  const ui = createOverlays(doc, host, wrapper, canvas, [createSoundSection(doc, sound, store)]);
  const s = newScreen(k, host, opts.map ?? DEFAULT_MAP, ui, sound);
  s.pointer.seed = seedFromClient(opts.pointerAt, canvas.getBoundingClientRect());
  let live = true;
  if (opts.look !== 'classic') useNeonLook(s, doc, density, () => live);
  bindInput(s, ui, () => live, opts.clock ?? (() => performance.now()), opts.onFrameCost);
  const onKeyDown = (e: KeyboardEvent): void => {
    s.sound.unlock();
    if (e.key !== 'Escape') return;
    e.preventDefault();
    ui.escape();
  };
  const onPointerDown = (): void => s.sound.unlock();
  wrapper.addEventListener('keydown', onKeyDown);
  wrapper.addEventListener('pointerdown', onPointerDown);
  canvas.focus();
  const info = (): GameRenderInfo => renderInfo(s, ui);
  const api = { info, pixel: (x: number, y: number) => canvasPixel(canvas, x, y), openMenu: ui.openMenu, openSettings: ui.openSettings, closeOverlays: ui.close, toggleNetGraph: ui.toggleNetGraph };
  const removeDebug = opts.debugApi === false ? () => undefined : installDebugApi(window, api);
  return {
    info,
    destroy() {
      if (!live) return;
      live = false;
      wrapper.removeEventListener('keydown', onKeyDown);
      wrapper.removeEventListener('pointerdown', onPointerDown);
      removeDebug();
      s.sound.dispose();
      k.quit();
      wrapper.remove();
    },
  };
}
