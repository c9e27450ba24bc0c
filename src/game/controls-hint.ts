/**
 * The controls hint shown when the local player first spawns, for the input in use (keyboard and
 * mouse, gamepad, or touch), and switched on the fly if the player picks up another device while
 * it shows. DOM text over the canvas; it fades after HINT_MS and does not come back this mount.
 *
 * Inputs: the wrapper to add to; per frame whether the local player is alive, the input kind and
 * the time. Output: the element (`data-testid=controls-hint`, `data-input=<kind>`).
 */
import { el } from './dom-ui';
import type { InputKind } from './input-combine';

export const HINT_MS = 9000;

export const CONTROLS_TEXT: Record<InputKind, string> = {
  keyboard: 'WASD move · mouse aim · click fire · R reload · 1/2 or wheel switch weapon · Shift crouch · T chat · Tab scores · Esc menu',
  gamepad: 'Left stick move · right stick aim · RT fire · X reload · Y switch weapon · B crouch · Back scores · Start menu',
  touch: 'Left thumb: move · right thumb: aim and fire · Reload · Switch · Crouch · Chat · Scores · Menu',
};

export interface ControlsHint {
  update(alive: boolean, kind: InputKind, nowMs: number): void;
  destroy(): void;
}

export function createControlsHint(doc: Document, wrapper: HTMLElement): ControlsHint {
  const box = el(doc, 'div', {
    position: 'absolute', left: '50%', top: '14%', transform: 'translateX(-50%)', maxWidth: 'min(720px, 92%)', zIndex: '7',
    padding: '10px 16px', borderRadius: '8px', background: 'rgba(12, 14, 20, 0.78)', color: '#ebeef5', textAlign: 'center',
    font: '15px/1.45 system-ui, sans-serif', pointerEvents: 'none', display: 'none', transition: 'opacity 0.6s',
  });
  box.dataset['testid'] = 'controls-hint';
  wrapper.append(box);
  let shownAt: number | null = null;
  let kindShown: InputKind | null = null;
  return {
    update(alive, kind, nowMs) {
      if (shownAt === null) {
        if (!alive) return;
        shownAt = nowMs;
        box.style.display = 'block';
      }
      const age = nowMs - shownAt;
      if (age > HINT_MS) {
        box.style.display = 'none';
        return;
      }
      box.style.opacity = age > HINT_MS - 1500 ? '0' : '1';
      if (kind !== kindShown) {
        kindShown = kind;
        box.textContent = CONTROLS_TEXT[kind];
        box.dataset['input'] = kind;
      }
    },
    destroy: () => box.remove(),
  };
}
