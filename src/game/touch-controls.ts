/**
 * Touch controls for phones and tablets: two floating sticks (left half moves, right half aims and
 * fires while pushed) and buttons for reload, weapon switch, crouch, chat, scoreboard and menu.
 *
 * Inputs: the game's wrapper element (pointer events of touches and pens on it), actions for the
 * menu and chat buttons, `blocked()` (an overlay is open: touches are the overlay's). Outputs:
 * `read()` once per frame (sticks, held buttons, latched presses) and the drawn sticks.
 * The buttons and what they latch: touch-buttons.ts.
 * Invariants: shown from the start on a coarse pointer, else from the first touch; mouse events
 * are never handled here (the canvas keeps them); the wrapper has `touch-action: none`, so no
 * touch on the game scrolls or zooms the page; styles are set through the CSSOM only (strict CSP).
 */
import { el } from './dom-ui';
import { CENTRED, type Stick } from './stick';
import { STICK_RADIUS, TouchSticks, type StickSide } from './touch-sticks';
import { bindStickPointers } from './stick-pointers';
import { BUTTON_SIZE, buttonBars, type Pressed } from './touch-buttons';

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

const IDLE: TouchState = {
  move: CENTRED,
  aim: CENTRED,
  aiming: false,
  reload: false,
  crouch: false,
  scoreboard: false,
  switchWeapon: false,
  active: false,
};
const GHOST_MARGIN = 110;
/** Landscape: the play column starts below the kill feed's five lines (draw-hud.ts: 16 px + 5 × 20 px, top right). */
const LANDSCAPE_PLAY_TOP = 120;

const circle = (doc: Document, size: number, style: Partial<CSSStyleDeclaration>): HTMLElement =>
  el(doc, 'div', {
    position: 'absolute',
    width: `${size}px`,
    height: `${size}px`,
    marginLeft: `${-size / 2}px`,
    marginTop: `${-size / 2}px`,
    borderRadius: '50%',
    pointerEvents: 'none',
    ...style,
  });

/** A virtual stick's ring and knob in `layer` (both games' touch controls draw theirs so). */
export function stickVisual(doc: Document, layer: HTMLElement): { base: HTMLElement; knob: HTMLElement } {
  const base = circle(doc, STICK_RADIUS * 2, {
    border: '2px solid rgba(235, 238, 245, 0.45)',
    background: 'rgba(235, 238, 245, 0.08)',
  });
  const knob = circle(doc, STICK_RADIUS, { background: 'rgba(235, 238, 245, 0.45)' });
  layer.append(base, knob);
  return { base, knob };
}

export function createTouchControls(doc: Document, wrapper: HTMLElement, actions: TouchActions): TouchControls {
  return new TouchControlsView(doc, wrapper, actions);
}

/** createTouchControls's layer: the sticks and buttons drawn over the wrapper, and the wrapper's pointer handlers. */
class TouchControlsView implements TouchControls {
  private on: boolean;
  private readonly sticks = new TouchSticks();
  /** Removes the stick pointers' listeners (stick-pointers.ts). */
  private readonly unbindSticks: () => void;
  private readonly layer: HTMLElement;
  private readonly visuals: Record<StickSide, { base: HTMLElement; knob: HTMLElement }>;
  private readonly playBar: HTMLElement;
  private readonly menuBar: HTMLElement;
  private readonly pressed: Pressed = {
    reload: false,
    reloadTap: false,
    scoreboard: false,
    crouch: false,
    switchWeapon: false,
    tapped: false,
  };
  /** The wrapper size the buttons were last laid out for. */
  private laidOut = '';

  constructor(
    doc: Document,
    private readonly wrapper: HTMLElement,
    private readonly actions: TouchActions,
  ) {
    const win = doc.defaultView;
    this.on =
      !!win && win.matchMedia?.('(pointer: coarse)').matches === true && (win.navigator.maxTouchPoints ?? 0) > 0;
    const layer = el(doc, 'div', {
      position: 'absolute',
      inset: '0',
      pointerEvents: 'none',
      zIndex: '5',
      display: 'none',
      userSelect: 'none',
    });
    layer.dataset['testid'] = 'touch-controls';
    this.layer = layer;
    this.visuals = { move: stickVisual(doc, layer), aim: stickVisual(doc, layer) };
    ({ playBar: this.playBar, menuBar: this.menuBar } = buttonBars(doc, this.pressed, actions));
    layer.append(this.playBar, this.menuBar);
    wrapper.append(layer);
    wrapper.style.touchAction = 'none';
    this.unbindSticks = bindStickPointers(wrapper, this.sticks, {
      blocked: () => actions.blocked(),
      onTouch: () => void (this.on = true),
    });
    wrapper.addEventListener('contextmenu', this.onContext);
  }

  enabled(): boolean {
    return this.on;
  }

  read(): TouchState {
    if (!this.on) return IDLE;
    const { sticks, pressed } = this;
    this.layer.style.display = 'block';
    this.layout();
    this.place('move');
    this.place('aim');
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
  }

  destroy(): void {
    this.unbindSticks();
    this.wrapper.removeEventListener('contextmenu', this.onContext);
    this.sticks.clear();
    this.layer.remove();
  }

  private layout(): void {
    const w = this.wrapper.clientWidth;
    const h = this.wrapper.clientHeight;
    const key = `${w}x${h}`;
    if (key === this.laidOut) return;
    this.laidOut = key;
    // Portrait: one column on the right edge above the aim thumb (play buttons first). Landscape (a
    // short screen): the play buttons in a column on the right edge below the kill feed, the others
    // in a row at the top left, so neither covers the kill feed (top right) or the match bar (top centre).
    const slot = BUTTON_SIZE + 8;
    const portrait = h > w;
    const column = { flexDirection: 'column', right: '6px', left: '', bottom: '' };
    Object.assign(
      this.playBar.style,
      portrait ? { ...column, top: '22%' } : { ...column, top: `${LANDSCAPE_PLAY_TOP}px` },
    );
    Object.assign(
      this.menuBar.style,
      portrait
        ? { ...column, top: `calc(22% + ${3 * slot}px)` }
        : { flexDirection: 'row', left: '6px', top: '6px', right: '', bottom: '' },
    );
  }

  private place(side: StickSide): void {
    const t = this.sticks.touch(side);
    const v = this.visuals[side];
    const ghostX = side === 'move' ? GHOST_MARGIN : this.wrapper.clientWidth - GHOST_MARGIN;
    const ghostY = this.wrapper.clientHeight - GHOST_MARGIN;
    const [bx, by, kx, ky] = t ? [t.baseX, t.baseY, t.knobX, t.knobY] : [ghostX, ghostY, ghostX, ghostY];
    Object.assign(v.base.style, { left: `${bx}px`, top: `${by}px`, opacity: t ? '1' : '0.35' });
    Object.assign(v.knob.style, { left: `${kx}px`, top: `${ky}px`, opacity: t ? '1' : '0.35' });
  }

  private readonly onContext = (e: Event): void => e.preventDefault();
}
