/**
 * The touch controls' buttons (touch-controls.ts): reload and scores are held, switch and crouch
 * are tapped (crouch toggles), chat and menu call the game's actions. Each press is written into
 * `Pressed`, which the controls read once per frame; a button's own pointer events never reach
 * the sticks under it.
 */
import { el } from './dom-ui';
import type { TouchActions } from './touch-controls';

export const BUTTON_SIZE = 52;

function touchButton(doc: Document, label: string, testId: string): HTMLButtonElement {
  const b = el(
    doc,
    'button',
    {
      width: `${BUTTON_SIZE}px`,
      height: `${BUTTON_SIZE}px`,
      margin: '4px',
      borderRadius: '50%',
      border: '2px solid rgba(235, 238, 245, 0.5)',
      background: 'rgba(20, 24, 34, 0.55)',
      color: '#ebeef5',
      font: '600 12px system-ui, sans-serif',
      pointerEvents: 'auto',
      touchAction: 'none',
      padding: '0',
    },
    label,
  );
  b.type = 'button';
  b.dataset['testid'] = testId;
  return b;
}

/** Held and latched button presses; `reloadTap` and `switchWeapon` latch a tap that starts and ends between two frames. */
export interface Pressed {
  reload: boolean;
  reloadTap: boolean;
  scoreboard: boolean;
  crouch: boolean;
  switchWeapon: boolean;
  tapped: boolean;
}

/** The buttons in two groups: play (reload, switch, crouch) by the aim thumb, and the rest (chat, scores, menu). */
export function buttonBars(
  doc: Document,
  pressed: Pressed,
  actions: TouchActions,
): { playBar: HTMLElement; menuBar: HTMLElement } {
  const playBar = el(doc, 'div', { position: 'absolute', display: 'flex', pointerEvents: 'none' });
  const menuBar = el(doc, 'div', { position: 'absolute', display: 'flex', pointerEvents: 'none' });
  const hold = (b: HTMLButtonElement, key: 'reload' | 'scoreboard'): void => {
    b.addEventListener('pointerdown', () => {
      pressed[key] = true;
      pressed.tapped = true;
      if (key === 'reload') pressed.reloadTap = true;
    });
    for (const ev of ['pointerup', 'pointercancel', 'pointerleave'] as const)
      b.addEventListener(ev, () => (pressed[key] = false));
  };
  const tap = (b: HTMLButtonElement, act: () => void): void =>
    b.addEventListener('pointerdown', () => ((pressed.tapped = true), act()));
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
  for (const b of [...playBar.children, ...menuBar.children])
    b.addEventListener('pointerdown', (e) => (e.stopPropagation(), e.preventDefault()));
  return { playBar, menuBar };
}
