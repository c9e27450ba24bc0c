/**
 * The Esc menu (DOM overlay): Resume, Settings, Leave. Input: callbacks. Output: the overlay with
 * open/close. Invariant: buttons are real <button>s (keyboard reachable), labels are text only.
 */
import { BUTTON_STYLE, OVERLAY_STYLE, button, el } from './dom-ui';

export interface MenuActions {
  resume(): void;
  settings(): void;
  leave(): void;
}

export interface Overlay {
  readonly element: HTMLElement;
  open(): void;
  close(): void;
  isOpen(): boolean;
}

export function createMenu(doc: Document, actions: MenuActions): Overlay {
  const root = el(doc, 'div', OVERLAY_STYLE);
  root.dataset['testid'] = 'game-menu';
  const box = el(doc, 'div', { background: '#12141c', padding: '24px 32px', borderRadius: '10px', border: '1px solid #3c4458' });
  box.append(
    el(doc, 'h2', { margin: '0 0 16px', textAlign: 'center', fontWeight: '600' }, 'Paused (the match goes on)'),
    button(doc, 'Resume', 'menu-resume', actions.resume),
    button(doc, 'Settings', 'menu-settings', actions.settings),
    button(doc, 'Leave match', 'menu-leave', actions.leave),
    el(doc, 'p', { ...BUTTON_STYLE, border: 'none', background: 'none', fontSize: '13px', color: '#969eaf', cursor: 'default' }, 'WASD move · mouse aim · click fire · R reload · 1/2 or wheel weapon · Shift crouch · Tab scores · F2 net graph'),
  );
  root.append(box);
  return {
    element: root,
    open() {
      root.style.display = 'flex';
      root.querySelector('button')?.focus();
    },
    close() {
      root.style.display = 'none';
    },
    isOpen: () => root.style.display !== 'none',
  };
}
