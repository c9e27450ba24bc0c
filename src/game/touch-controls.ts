/**
 * Touch controls for phones and tablets: two floating sticks (left half moves, right half aims and
 * fires while pushed) and buttons for reload, weapon switch, crouch, chat, scoreboard and menu.
 *
 * Inputs: the game's wrapper element (pointer events of touches and pens on it), actions for the
 * menu and chat buttons, `blocked()` (an overlay is open: touches are the overlay's). Outputs:
 * `read()` once per frame (sticks, held buttons, latched presses) and the drawn sticks.
 * Invariants: shown from the start on a coarse pointer, else from the first touch; mouse events
 * are never handled here (the canvas keeps them); the wrapper has `touch-action: none`, so no
 * touch on the game scrolls or zooms the page; styles are set through the CSSOM only (strict CSP).
 */
import { el } from './dom-ui';
import { CENTRED, type Stick } from './stick';
import { STICK_RADIUS, TouchSticks, type StickSide } from './touch-sticks';

export interface TouchState {
  move: Stick;
  aim: Stick;
  aiming: boolean;
  reload: boolean;
  crouch: boolean;
  scoreboard: boolean;
  /** Latched until read: the switch button was tapped. */
  switchWeapon: boolean;
  /** A finger is on a stick or a button, or touched since the last read. */
  active: boolean;
}

export interface TouchActions {
  menu(): void;
  chat(): void;
  blocked(): boolean;
}

export interface TouchControls {
  enabled(): boolean;
  read(): TouchState;
  destroy(): void;
}

const IDLE: TouchState = { move: CENTRED, aim: CENTRED, aiming: false, reload: false, crouch: false, scoreboard: false, switchWeapon: false, active: false };
const BUTTON_SIZE = 52;
const GHOST_MARGIN = 110;
/** Landscape: the play column starts below the kill feed's five lines (draw-hud.ts: 16 px + 5 × 20 px, top right). */
const LANDSCAPE_PLAY_TOP = 120;

const circle = (doc: Document, size: number, style: Partial<CSSStyleDeclaration>): HTMLElement =>
  el(doc, 'div', { position: 'absolute', width: `${size}px`, height: `${size}px`, marginLeft: `${-size / 2}px`, marginTop: `${-size / 2}px`, borderRadius: '50%', pointerEvents: 'none', ...style });

function stickVisual(doc: Document, layer: HTMLElement): { base: HTMLElement; knob: HTMLElement } {
  const base = circle(doc, STICK_RADIUS * 2, { border: '2px solid rgba(235, 238, 245, 0.45)', background: 'rgba(235, 238, 245, 0.08)' });
  const knob = circle(doc, STICK_RADIUS, { background: 'rgba(235, 238, 245, 0.45)' });
  layer.append(base, knob);
  return { base, knob };
}

function touchButton(doc: Document, label: string, testId: string): HTMLButtonElement {
  const b = el(doc, 'button', {
    width: `${BUTTON_SIZE}px`, height: `${BUTTON_SIZE}px`, margin: '4px', borderRadius: '50%', border: '2px solid rgba(235, 238, 245, 0.5)',
    background: 'rgba(20, 24, 34, 0.55)', color: '#ebeef5', font: '600 12px system-ui, sans-serif', pointerEvents: 'auto', touchAction: 'none', padding: '0',
  }, label);
  b.type = 'button';
  b.dataset['testid'] = testId;
  return b;
}

export function createTouchControls(doc: Document, wrapper: HTMLElement, actions: TouchActions): TouchControls {
  const win = doc.defaultView;
  let on = !!win && win.matchMedia?.('(pointer: coarse)').matches === true && (win.navigator.maxTouchPoints ?? 0) > 0;
  const sticks = new TouchSticks();
  const layer = el(doc, 'div', { position: 'absolute', inset: '0', pointerEvents: 'none', zIndex: '5', display: 'none', userSelect: 'none' });
  layer.dataset['testid'] = 'touch-controls';
  const visuals: Record<StickSide, { base: HTMLElement; knob: HTMLElement }> = { move: stickVisual(doc, layer), aim: stickVisual(doc, layer) };
  // Two groups: play (reload, switch, crouch) by the aim thumb, and the rest (chat, scores, menu).
  const playBar = el(doc, 'div', { position: 'absolute', display: 'flex', pointerEvents: 'none' });
  const menuBar = el(doc, 'div', { position: 'absolute', display: 'flex', pointerEvents: 'none' });
  // `reloadTap` and `switchWeapon` latch a tap that starts and ends between two frames.
  const pressed = { reload: false, reloadTap: false, scoreboard: false, crouch: false, switchWeapon: false, tapped: false };
  const hold = (b: HTMLButtonElement, key: 'reload' | 'scoreboard'): void => {
    b.addEventListener('pointerdown', () => {
      pressed[key] = true;
      pressed.tapped = true;
      if (key === 'reload') pressed.reloadTap = true;
    });
    for (const ev of ['pointerup', 'pointercancel', 'pointerleave'] as const) b.addEventListener(ev, () => (pressed[key] = false));
  };
  const tap = (b: HTMLButtonElement, act: () => void): void => b.addEventListener('pointerdown', () => ((pressed.tapped = true), act()));
  const reload = touchButton(doc, 'Reload', 'touch-reload');
  const switcher = touchButton(doc, 'Switch', 'touch-switch');
  const crouch = touchButton(doc, 'Crouch', 'touch-crouch');
  const chat = touchButton(doc, 'Chat', 'touch-chat');
  const scores = touchButton(doc, 'Scores', 'touch-scores');
  const menu = touchButton(doc, 'Menu', 'touch-menu');
  hold(reload, 'reload');
  hold(scores, 'scoreboard');
  tap(switcher, () => (pressed.switchWeapon = true));
  tap(crouch, () => {
    pressed.crouch = !pressed.crouch;
    crouch.style.background = pressed.crouch ? 'rgba(90, 200, 250, 0.55)' : 'rgba(20, 24, 34, 0.55)';
  });
  tap(chat, () => actions.chat());
  tap(menu, () => actions.menu());
  playBar.append(reload, switcher, crouch);
  menuBar.append(chat, scores, menu);
  for (const b of [...playBar.children, ...menuBar.children]) b.addEventListener('pointerdown', (e) => (e.stopPropagation(), e.preventDefault()));
  layer.append(playBar, menuBar);
  wrapper.append(layer);
  wrapper.style.touchAction = 'none';

  let laidOut = '';
  const layout = (): void => {
    const w = wrapper.clientWidth;
    const h = wrapper.clientHeight;
    const key = `${w}x${h}`;
    if (key === laidOut) return;
    laidOut = key;
    // Portrait: one column on the right edge above the aim thumb (play buttons first). Landscape (a
    // short screen): the play buttons in a column on the right edge below the kill feed, the others
    // in a row at the top left, so neither covers the kill feed (top right) or the match bar (top centre).
    const slot = BUTTON_SIZE + 8;
    const portrait = h > w;
    const column = { flexDirection: 'column', right: '6px', left: '', bottom: '' };
    Object.assign(playBar.style, portrait ? { ...column, top: '22%' } : { ...column, top: `${LANDSCAPE_PLAY_TOP}px` });
    Object.assign(menuBar.style, portrait ? { ...column, top: `calc(22% + ${3 * slot}px)` } : { flexDirection: 'row', left: '6px', top: '6px', right: '', bottom: '' });
  };
  const place = (side: StickSide): void => {
    const t = sticks.touch(side);
    const v = visuals[side];
    const ghostX = side === 'move' ? GHOST_MARGIN : wrapper.clientWidth - GHOST_MARGIN;
    const ghostY = wrapper.clientHeight - GHOST_MARGIN;
    const [bx, by, kx, ky] = t ? [t.baseX, t.baseY, t.knobX, t.knobY] : [ghostX, ghostY, ghostX, ghostY];
    Object.assign(v.base.style, { left: `${bx}px`, top: `${by}px`, opacity: t ? '1' : '0.35' });
    Object.assign(v.knob.style, { left: `${kx}px`, top: `${ky}px`, opacity: t ? '1' : '0.35' });
  };
  const local = (e: PointerEvent): { x: number; y: number } => {
    const r = wrapper.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const isTouch = (e: PointerEvent): boolean => e.pointerType === 'touch' || e.pointerType === 'pen';
  const onDown = (e: PointerEvent): void => {
    if (!isTouch(e) || actions.blocked()) return;
    on = true;
    const p = local(e);
    if (sticks.down(e.pointerId, p.x, p.y, wrapper.clientWidth) === null) return;
    e.preventDefault();
    try {
      wrapper.setPointerCapture(e.pointerId);
    } catch {
      // a synthetic pointer cannot be captured: the moves still reach the wrapper
    }
  };
  const onMove = (e: PointerEvent): void => {
    if (!sticks.owns(e.pointerId)) return;
    const p = local(e);
    sticks.move(e.pointerId, p.x, p.y);
  };
  const onUp = (e: PointerEvent): void => sticks.up(e.pointerId);
  const onContext = (e: Event): void => e.preventDefault();
  wrapper.addEventListener('pointerdown', onDown);
  wrapper.addEventListener('pointermove', onMove);
  wrapper.addEventListener('pointerup', onUp);
  wrapper.addEventListener('pointercancel', onUp);
  wrapper.addEventListener('contextmenu', onContext);
  return {
    enabled: () => on,
    read() {
      if (!on) return IDLE;
      layer.style.display = 'block';
      layout();
      place('move');
      place('aim');
      const state: TouchState = {
        move: sticks.stick('move'),
        aim: sticks.stick('aim'),
        aiming: sticks.held('aim'),
        reload: pressed.reload || pressed.reloadTap,
        crouch: pressed.crouch,
        scoreboard: pressed.scoreboard,
        switchWeapon: pressed.switchWeapon,
        active: pressed.tapped || sticks.held('move') || sticks.held('aim') || pressed.reload || pressed.scoreboard,
      };
      pressed.switchWeapon = false;
      pressed.reloadTap = false;
      pressed.tapped = false;
      return state;
    },
    destroy() {
      wrapper.removeEventListener('pointerdown', onDown);
      wrapper.removeEventListener('pointermove', onMove);
      wrapper.removeEventListener('pointerup', onUp);
      wrapper.removeEventListener('pointercancel', onUp);
      wrapper.removeEventListener('contextmenu', onContext);
      sticks.clear();
      layer.remove();
    },
  };
}
