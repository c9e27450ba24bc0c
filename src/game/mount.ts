/**
 * Mounts the game screen: `mountGame(root, host)` puts a canvas (kaboom, WebGL, `global: false`)
 * and the DOM overlays (Esc menu, settings with sound, chat, touch controls) into `root`, then
 * every frame hands the input sampled from keyboard and mouse, gamepad and touch (input-reader.ts)
 * to `host.frame(performance.now(), input)` and draws the view it returns.
 *
 * No WebGL: a `RendererUnavailable` is thrown with a message for the player, nothing left in `root`.
 *
 * Output: a handle whose `destroy()` quits kaboom, removes every listener and element it added and
 * the `window.rewindGame` debug API; `info()` describes the last frame (see render-info.ts).
 * Invariants: nothing outside `root` is touched except `window.rewindGame`; names and messages
 * reach the DOM as text only; after destroy no host method is called again.
 */
import type { KaboomCtx } from 'kaboom';
import { DEFAULT_MAP } from '../sim/map';
import { Weapon, type ArenaMap } from '../sim/types';
import { createChatBox, type ChatBox } from './chat-box';
import { createKillCamBanner } from './kill-cam-banner';
import { listenOnWrapper } from './wrapper-listeners';
import { canvasPixel, installDebugApi, type GameDebugApi, type InjectedText } from './debug-api';
import { createNetGraph } from './draw-netgraph';
import { createEffects, KILL_FEED_MAX, type Effects } from './effects';
import { FrameLog } from './frame-log';
import { drawFrame, updateFrame, type Screen } from './frame';
import type { GameHost } from './game-host';
import { PadReader, type PadLike } from './gamepad';
import { weaponForKey, weaponForWheel } from './input-map';
import { InputReader } from './input-reader';
import { createEndScreen, endScreenOptions } from './end-screen';
import { FpsMeter } from './net-graph-model';
import { createOverlays, type Overlays } from './overlays';
import { PointerTracker, type ClientPoint } from './pointer-tracker';
import { createKit } from './render-kit';
import { drawnPlayers, type GameRenderInfo } from './render-info';
import { createSoundCues, type SoundCues } from './sound';
import { createTouchControls, type TouchControls } from './touch-controls';
import { hintOpacity } from './controls-hint';
import { loadGameFonts } from './art/fonts';
import { createLook } from './art/look';
import { createTextFonts } from './art/text-fonts';
import { createSoundSection } from './sound/sound-panel';
import { loadSoundSettings } from './sound/sound-settings';
import { browserStore, makeAudio, mountCanvas, pickDensity } from './game-canvas';

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
  /** Where the mouse pointer last was (client coordinates), so the crosshair starts there. */
  initialPointer?: ClientPoint | null;
  /** Called after each frame with the time spent updating (input, host.frame, effects) and drawing, in ms (benchmarks). */
  onFrameCost?: (updateMs: number, drawMs: number) => void;
  /** 'neon' (default): bundled fonts, glow, particles, shake; 'classic': the first renderer (frame benchmark baseline). */
  look?: 'neon' | 'classic';
}

export interface GameHandle {
  destroy(): void;
  info(): GameRenderInfo;
}

interface Parts {
  ui: Overlays;
  chat: ChatBox | null;
  touch: TouchControls;
  pointer: PointerTracker;
}

function gamepads(): readonly (PadLike | null)[] | null {
  return typeof navigator.getGamepads === 'function' ? navigator.getGamepads() : null;
}

function newScreen(k: KaboomCtx, host: GameHost, map: ArenaMap, p: Parts, sound: SoundCues): Screen {
  const blocked = (): boolean => p.ui.anyOpen() || (p.chat?.isOpen() ?? false);
  return {
    k,
    kit: createKit(k),
    host,
    map,
    fx: createEffects(),
    graph: createNetGraph(),
    fps: new FpsMeter(),
    sound,
    cues: [],
    input: new InputReader({ k, pointer: p.pointer, pad: new PadReader(gamepads), touch: p.touch }),
    ui: { menuOpen: blocked, scoreboard: false, wantedWeapon: null, escape: p.ui.escape },
    injectedNames: new Map(),
    frames: 0,
    lastInput: null,
    crosshair: null,
    view: null,
    cam: null,
    steadyCam: null,
    log: new FrameLog(),
    info: null,
    look: null,
    rng: Math.random,
    hint: { firstSpawnAt: null },
  };
}

/** The neon look: crisp bundled-font text (once the fonts load), glow and the baked arena. */
function useNeonLook(s: Screen, doc: Document, density: number, isLive: () => boolean): void {
  const fonts = createTextFonts(s.k, doc, density);
  s.kit.text.useCrispFonts(fonts);
  s.look = createLook(s.k, doc, density);
  void loadGameFonts(doc).then((ok) => {
    if (ok && isLive()) fonts.markReady();
  });
}

/** Game keys go through kaboom (canvas focus); Esc through the wrapper so it also works in the panels. */
function bindInput(
  s: Screen,
  ui: Overlays,
  isLive: () => boolean,
  clock: () => number,
  onCost: MountOptions['onFrameCost'],
  afterUpdate: () => void,
): void {
  const { k } = s;
  let updateMs = 0;
  k.onKeyPress((key) => {
    if (s.ui.menuOpen()) return;
    const w = weaponForKey(key);
    if (w !== null) s.ui.wantedWeapon = w;
    if (key === 'f2') ui.toggleNetGraph();
  });
  k.onScroll((delta) => {
    const current = s.view?.local?.state.weapon ?? 0;
    s.ui.wantedWeapon = weaponForWheel(s.ui.wantedWeapon ?? current, delta.y);
  });
  k.onUpdate(() => {
    if (!isLive()) return;
    const start = clock();
    updateFrame(s, start);
    updateMs = clock() - start;
    afterUpdate();
  });
  k.onDraw(() => {
    if (!isLive()) return;
    const start = clock();
    drawFrame(s);
    onCost?.(updateMs, clock() - start);
  });
}

function renderInfo(s: Screen, p: Parts): GameRenderInfo {
  const players = s.view && s.cam ? drawnPlayers(s.view, s.cam) : { local: null, remotes: [] };
  const { ui } = p;
  return {
    frames: s.frames,
    fps: s.fps.fps,
    camera: s.cam,
    ...players,
    input: s.lastInput,
    controlsHint: s.info ? hintOpacity(s.hint, s.info.now) : 0,
    controlsHintInput: s.hint.firstSpawnAt === null ? null : s.input.kind,
    pingMs: s.view ? s.view.stats.pingMs : null,
    overlays: {
      netGraph: s.host.cvars().net_graph !== 0,
      scoreboard: s.ui.scoreboard,
      menu: ui.menu.isOpen(),
      settings: ui.settings.isOpen(),
    },
    inputKind: s.input.kind,
    crosshair: s.crosshair,
    glyphs: s.kit.text.stats(),
    touchControls: p.touch.enabled(),
    chatOpen: p.chat?.isOpen() ?? false,
  };
}

function injectText(s: Screen, fx: Effects, chat: ChatBox | null, spec: InjectedText, now: number): void {
  for (const c of spec.chat ?? []) chat?.show({ from: 0, name: String(c.name), text: String(c.text), system: false });
  if (spec.names) s.injectedNames = new Map(Object.entries(spec.names).map(([id, name]) => [Number(id), String(name)]));
  for (const kill of spec.kills ?? []) {
    fx.killFeed.push({
      killer: Number(kill.killer),
      victim: Number(kill.victim),
      weapon: kill.weapon === Weapon.Rocket ? Weapon.Rocket : Weapon.Rifle,
      born: now,
    });
    if (fx.killFeed.length > KILL_FEED_MAX) fx.killFeed.splice(0, fx.killFeed.length - KILL_FEED_MAX);
  }
}

/** `window.rewindGame` over one mount (debug-api.ts). */
function debugApiOf(
  s: Screen,
  parts: Parts,
  canvas: HTMLCanvasElement,
  info: () => GameRenderInfo,
  clock: () => number,
): GameDebugApi {
  const { ui } = parts;
  return {
    info,
    pixel: (x: number, y: number) => canvasPixel(canvas, x, y),
    openMenu: ui.openMenu,
    openSettings: ui.openSettings,
    closeOverlays: ui.close,
    toggleNetGraph: ui.toggleNetGraph,
    textProbe: (text: string) => s.kit.text.probe(String(text)),
    frameLog: () => s.log.list(),
    injectText: (spec: InjectedText) => injectText(s, s.fx, parts.chat, spec, clock() / 1000),
  };
}

/** The chat box (when the host has chat), the touch controls and the pointer, over the canvas. */
function overlayParts(
  host: GameHost,
  ui: Overlays,
  wrapper: HTMLElement,
  canvas: HTMLCanvasElement,
  initialPointer: ClientPoint | null,
): Parts {
  const doc = wrapper.ownerDocument;
  // The touch controls first, then the chat box over them (the DOM order the page has always had).
  let chat: ChatBox | null = null;
  const touch = createTouchControls(doc, wrapper, {
    menu: ui.openMenu,
    chat: () => chat?.open(),
    blocked: () => ui.anyOpen() || (chat?.isOpen() ?? false),
  });
  chat = host.chat ? createChatBox(doc, wrapper, host.chat, 'match', () => !ui.anyOpen()) : null;
  if (chat) wrapper.append(chat.element);
  return { ui, chat, touch, pointer: new PointerTracker(wrapper, canvas, initialPointer) };
}

export function mountGame(root: HTMLElement, host: GameHost, opts: MountOptions = {}): GameHandle {
  const doc = root.ownerDocument;
  const density = pickDensity(opts.pixelDensity);
  const { wrapper, canvas, k } = mountCanvas(root, density);
  const store = browserStore();
  const sound = createSoundCues(makeAudio, loadSoundSettings(store));
  const ui = createOverlays(doc, host, wrapper, canvas, [createSoundSection(doc, sound, store)]);
  const parts = overlayParts(host, ui, wrapper, canvas, opts.initialPointer ?? null);
  const { chat, touch } = parts;
  const end = createEndScreen(doc, host.matchControls?.() ?? null, endScreenOptions(host));
  const killCam = createKillCamBanner(doc, wrapper, () => host.skipKillCam?.());
  wrapper.append(end.element, killCam.element);
  const s = newScreen(k, host, opts.map ?? DEFAULT_MAP, parts, sound);
  let live = true;
  const clock = opts.clock ?? (() => performance.now());
  if (opts.look !== 'classic') useNeonLook(s, doc, density, () => live);
  bindInput(
    s,
    ui,
    () => live,
    clock,
    opts.onFrameCost,
    () => {
      end.update(s.view?.match, () => host.names());
      killCam.update(s.view, () => host.names());
    },
  );
  k.onUpdate(() => {
    if (live) chat?.refresh(clock());
  });
  const unlisten = listenOnWrapper(wrapper, s, ui);
  canvas.focus();
  const info = (): GameRenderInfo => renderInfo(s, parts);
  const removeDebug =
    opts.debugApi === false ? () => undefined : installDebugApi(window, debugApiOf(s, parts, canvas, info, clock));
  return {
    info,
    destroy() {
      if (!live) return;
      live = false;
      unlisten();
      removeDebug();
      chat?.destroy();
      killCam.destroy();
      touch.destroy();
      parts.pointer.destroy();
      s.sound.dispose();
      k.quit();
      wrapper.remove();
    },
  };
}
