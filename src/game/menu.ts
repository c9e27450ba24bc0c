/**
 * The Esc menu (DOM overlay): Resume, Settings, Leave. Input: callbacks. Output: the overlay with
 * open/close, and `askLeave(choices)`: the host of a running match picks how to leave ("Hand the
 * match to <name>", "End the match for everyone") or cancels. Invariant: buttons are real
 * <button>s (keyboard reachable), labels are text only (a player's name never becomes markup).
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

/** One way for a host to leave a running match (GameHost.leaveChoices). */
export interface LeaveChoice {
  label: string;
  testId: string;
  run(): void;
}

export interface Menu extends Overlay {
  /** Shows the leave choices instead of the menu's buttons (Cancel goes back). */
  askLeave(choices: readonly LeaveChoice[]): void;
}

export function createMenu(doc: Document, actions: MenuActions): Menu {
  const root = el(doc, 'div', OVERLAY_STYLE);
  root.dataset['testid'] = 'game-menu';
  const box = el(doc, 'div', {
    background: '#12141c',
    padding: '24px 32px',
    borderRadius: '10px',
    border: '1px solid #3c4458',
  });
  box.append(
    el(doc, 'h2', { margin: '0 0 16px', textAlign: 'center', fontWeight: '600' }, 'Paused (the match goes on)'),
    button(doc, 'Resume', 'menu-resume', actions.resume),
    button(doc, 'Settings', 'menu-settings', actions.settings),
    button(doc, 'Leave match', 'menu-leave', actions.leave),
    el(
      doc,
      'p',
      { ...BUTTON_STYLE, border: 'none', background: 'none', fontSize: '13px', color: '#969eaf', cursor: 'default' },
      'WASD move · mouse aim · click fire · R reload · 1/2 or wheel weapon · Shift crouch · Tab scores · F2 net graph',
    ),
  );
  const leaving = el(doc, 'div', { display: 'none' });
  leaving.dataset['testid'] = 'leave-choices';
  root.append(box, leaving);
  const showMenu = (): void => {
    leaving.style.display = 'none';
    box.style.display = '';
  };
  return {
    element: root,
    open() {
      showMenu();
      root.style.display = 'flex';
      root.querySelector('button')?.focus();
    },
    askLeave(choices) {
      const panel = el(doc, 'div', {
        background: '#12141c',
        padding: '24px 32px',
        borderRadius: '10px',
        border: '1px solid #3c4458',
      });
      panel.append(
        el(doc, 'h2', { margin: '0 0 16px', textAlign: 'center', fontWeight: '600' }, 'Leave the match'),
        ...choices.map((c) => button(doc, c.label, c.testId, c.run)),
        button(doc, 'Cancel', 'leave-cancel', showMenu),
      );
      leaving.replaceChildren(panel);
      box.style.display = 'none';
      leaving.style.display = '';
      panel.querySelector('button')?.focus();
    },
    close() {
      root.style.display = 'none';
    },
    isOpen: () => root.style.display !== 'none',
  };
}
