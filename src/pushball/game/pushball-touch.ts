/**
 * Pushball's touch controls (DOM over the canvas): a floating stick where a finger lands on the
 * left half (src/game/touch-sticks.ts, the arena's stick logic), and a kick button at the bottom
 * right; a finger anywhere else on the right half kicks too, while it is down.
 *
 * Output: `read()` once per frame (the stick, whether to kick, whether a finger is down). A tap
 * on the kick button that starts and ends between two frames still kicks for one frame.
 * Invariants: shown from the start on a coarse pointer, else from the first touch; mouse events
 * are never handled here; the wrapper gets `touch-action: none`; styles through the CSSOM only.
 */
import { el } from '../../game/dom-ui';
import { TouchSticks } from '../../game/touch-sticks';
import { bindStickPointers } from '../../game/stick-pointers';
import { stickVisual } from '../../game/touch-controls';
import type { PushTouch } from './pushball-input';

export interface PushballTouch {
  enabled(): boolean;
  read(): PushTouch;
  destroy(): void;
}

const KICK_SIZE = 84;
const GHOST_MARGIN = 110;
const IDLE: PushTouch = Object.freeze({ move: Object.freeze({ x: 0, y: 0 }), kick: false, active: false });

function kickButton(doc: Document): HTMLButtonElement {
  const b = el(
    doc,
    'button',
    {
      position: 'absolute',
      right: '24px',
      bottom: '40px',
      width: `${KICK_SIZE}px`,
      height: `${KICK_SIZE}px`,
      borderRadius: '50%',
      border: '2px solid rgba(235, 238, 245, 0.6)',
      background: 'rgba(20, 24, 34, 0.55)',
      color: '#ebeef5',
      font: '600 16px system-ui, sans-serif',
      pointerEvents: 'auto',
      touchAction: 'none',
      padding: '0',
    },
    'Kick',
  );
  b.type = 'button';
  b.dataset['testid'] = 'pushball-kick';
  return b;
}

export function createPushballTouch(doc: Document, wrapper: HTMLElement, blocked: () => boolean): PushballTouch {
  return new PushballTouchView(doc, wrapper, blocked);
}

/** createPushballTouch's layer: the stick and the kick button, and the wrapper's pointer handlers. */
class PushballTouchView implements PushballTouch {
  private on: boolean;
  private readonly sticks = new TouchSticks();
  /** Removes the stick pointers' listeners (stick-pointers.ts). */
  private readonly unbindSticks: () => void;
  private readonly layer: HTMLElement;
  private readonly base: HTMLElement;
  private readonly knob: HTMLElement;
  private kickHeld = false;
  /** Latched until read: a tap that starts and ends between two frames. */
  private kickTapped = false;

  constructor(
    doc: Document,
    private readonly wrapper: HTMLElement,
    private readonly blocked: () => boolean,
  ) {
    const win = doc.defaultView;
    this.on =
      !!win && win.matchMedia?.('(pointer: coarse)').matches === true && (win.navigator.maxTouchPoints ?? 0) > 0;
    this.layer = el(doc, 'div', {
      position: 'absolute',
      inset: '0',
      pointerEvents: 'none',
      zIndex: '5',
      display: 'none',
    });
    this.layer.dataset['testid'] = 'pushball-touch';
    ({ base: this.base, knob: this.knob } = stickVisual(doc, this.layer));
    const kick = kickButton(doc);
    kick.addEventListener('pointerdown', this.onKickDown);
    for (const ev of ['pointerup', 'pointercancel', 'pointerleave'] as const)
      kick.addEventListener(ev, () => (this.kickHeld = false));
    this.layer.append(kick);
    wrapper.append(this.layer);
    wrapper.style.touchAction = 'none';
    this.unbindSticks = bindStickPointers(wrapper, this.sticks, {
      blocked: () => this.blocked(),
      onTouch: () => void (this.on = true),
    });
  }

  enabled(): boolean {
    return this.on;
  }

  read(): PushTouch {
    if (!this.on) return IDLE;
    this.layer.style.display = 'block';
    this.place();
    const { sticks } = this;
    const kick = this.kickHeld || this.kickTapped;
    this.kickTapped = false;
    return {
      move: sticks.stick('move'),
      // A finger on the right half (the sticks' "aim" side) is a kick button half the screen wide.
      kick: kick || sticks.held('aim'),
      active: kick || sticks.held('move') || sticks.held('aim'),
    };
  }

  destroy(): void {
    this.unbindSticks();
    this.sticks.clear();
    this.layer.remove();
  }

  private place(): void {
    const t = this.sticks.touch('move');
    const gx = GHOST_MARGIN;
    const gy = this.wrapper.clientHeight - GHOST_MARGIN;
    const [bx, by, kx, ky] = t ? [t.baseX, t.baseY, t.knobX, t.knobY] : [gx, gy, gx, gy];
    Object.assign(this.base.style, { left: `${bx}px`, top: `${by}px`, opacity: t ? '1' : '0.35' });
    Object.assign(this.knob.style, { left: `${kx}px`, top: `${ky}px`, opacity: t ? '1' : '0.35' });
  }

  private readonly onKickDown = (e: PointerEvent): void => {
    // The button's own touch never becomes a stick on the wrapper under it.
    e.stopPropagation();
    e.preventDefault();
    this.on = true;
    this.kickHeld = true;
    this.kickTapped = true;
  };
}
