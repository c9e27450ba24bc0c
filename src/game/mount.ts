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
import kaboom from 'kaboom';
import { DEFAULT_MAP } from '../sim/map';
import type { ArenaMap } from '../sim/types';
import { createNetGraph } from './draw-netgraph';
import { el } from './dom-ui';
import { createEffects } from './effects';
import { drawFrame, updateFrame, type Screen } from './frame';
import type { GameHost } from './game-host';
import { noKeysHeld, weaponForKey, weaponForWheel } from './input-map';
import { createMenu } from './menu';
import { FpsMeter } from './net-graph-model';
import { PALETTE } from './palette';
import { createKit } from './render-kit';
import { drawnPlayers, type GameRenderInfo } from './render-info';
import { createSettingsPanel } from './settings-panel';
import { createSoundCues } from './sound';
import { installDebugApi } from './debug-api';

export interface MountOptions {
  map?: ArenaMap;
  /** Page clock in ms (default performance.now). */
  clock?: () => number;
  /** Publish `window.rewindGame` (default true). */
  debugApi?: boolean;
}

export interface GameHandle {
  destroy(): void;
  info(): GameRenderInfo;
}

function makeAudio(): AudioContext | null {
  return typeof AudioContext === 'function' ? new AudioContext() : null;
}

export function mountGame(root: HTMLElement, host: GameHost, opts: MountOptions = {}): GameHandle {
  const doc = root.ownerDocument;
  const clock = opts.clock ?? (() => performance.now());
  const wrapper = el(doc, 'div', { position: 'relative', width: '100%', height: '100%', overflow: 'hidden', cursor: 'none' });
  wrapper.dataset['testid'] = 'game';
  const canvas = el(doc, 'canvas', { display: 'block' });
  wrapper.append(canvas);
  root.append(wrapper);
  const k = kaboom({
    canvas,
    global: false,
    background: [...PALETTE.background],
    debug: false,
    loadingScreen: false,
    pixelDensity: Math.min(window.devicePixelRatio || 1, 2),
    font: 'monospace',
  });
  let destroyed = false;
  const close = (): void => {
    menu.close();
    settings.close();
    wrapper.style.cursor = 'none';
    canvas.focus();
  };
  const menu = createMenu(doc, {
    resume: close,
    settings: () => {
      menu.close();
      settings.open();
    },
    leave: () => host.leave(),
  });
  const settings = createSettingsPanel(doc, host, close);
  wrapper.append(menu.element, settings.element);
  const s: Screen = {
    k, kit: createKit(k), host, map: opts.map ?? DEFAULT_MAP, fx: createEffects(), graph: createNetGraph(), fps: new FpsMeter(),
    sound: createSoundCues(makeAudio), held: noKeysHeld(), cues: [],
    ui: { menuOpen: () => menu.isOpen() || settings.isOpen(), scoreboard: false, wantedWeapon: null },
    frames: 0, lastAim: 0, lastInput: null, view: null, cam: null, info: null,
  };
  const toggleNetGraph = (): void => {
    host.setCvar('net_graph', host.cvars().net_graph ? 0 : 1);
    settings.refresh();
  };
  const openMenu = (): void => {
    menu.open();
    wrapper.style.cursor = 'default';
  };
  const onKeyDown = (e: KeyboardEvent): void => {
    s.sound.unlock();
    if (e.key !== 'Escape') return;
    e.preventDefault();
    if (s.ui.menuOpen()) close();
    else openMenu();
  };
  const onPointerDown = (): void => s.sound.unlock();
  wrapper.addEventListener('keydown', onKeyDown);
  wrapper.addEventListener('pointerdown', onPointerDown);
  k.onKeyPress((key) => {
    const w = weaponForKey(key);
    if (w !== null) s.ui.wantedWeapon = w;
    if (key === 'f2') toggleNetGraph();
  });
  k.onScroll((delta) => {
    const current = s.view?.local?.state.weapon ?? 0;
    s.ui.wantedWeapon = weaponForWheel(s.ui.wantedWeapon ?? current, delta.y);
  });
  k.onUpdate(() => {
    if (destroyed) return;
    s.ui.scoreboard = !s.ui.menuOpen() && k.isKeyDown('tab');
    updateFrame(s, clock());
  });
  k.onDraw(() => {
    if (!destroyed) drawFrame(s);
  });
  canvas.focus();
  const info = (): GameRenderInfo => {
    const players = s.view && s.cam ? drawnPlayers(s.view, s.cam) : { local: null, remotes: [] };
    return {
      frames: s.frames, fps: s.fps.fps, camera: s.cam, ...players, input: s.lastInput, pingMs: s.view ? s.view.stats.pingMs : null,
      overlays: { netGraph: host.cvars().net_graph !== 0, scoreboard: s.ui.scoreboard, menu: menu.isOpen(), settings: settings.isOpen() },
    };
  };
  const removeDebug = opts.debugApi === false ? () => undefined : installDebugApi(window, {
    info,
    openMenu,
    openSettings: () => {
      menu.close();
      settings.open();
    },
    closeOverlays: close,
    toggleNetGraph,
  });
  return {
    info,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      wrapper.removeEventListener('keydown', onKeyDown);
      wrapper.removeEventListener('pointerdown', onPointerDown);
      removeDebug();
      s.sound.dispose();
      k.quit();
      wrapper.remove();
    },
  };
}
