/**
 * The kill-cam's banner (DOM, over the canvas): while the view is a kill-cam (`view.killCam`), a
 * strip at the top says "Kill-cam: <killer>" and offers "Skip (Space)"; Space, or a tap or click on
 * the button, ends it (GameHost.skipKillCam). Hidden otherwise.
 *
 * Output: the element (id `killcam`; the name `#killcam-name`, the button `#killcam-skip`).
 * Invariants: the killer's name goes in as text (never markup); Space skips only while the banner
 * shows and the chat line is not being typed in; the text is set only when it changes.
 */
import type { ClientView } from '../arena/client/view-model';
import type { PlayerId } from '../sim/types';
import { BUTTON_STYLE, el } from './dom-ui';

export interface KillCamBanner {
  element: HTMLElement;
  /** Called every frame with the view drawn. */
  update(view: ClientView | null, names: () => ReadonlyMap<PlayerId, string>): void;
  destroy(): void;
}

export function createKillCamBanner(doc: Document, keyTarget: HTMLElement, skip: () => void): KillCamBanner {
  const element = el(doc, 'div', {
    position: 'absolute',
    top: '12px',
    left: '50%',
    transform: 'translateX(-50%)',
    display: 'none',
    alignItems: 'center',
    gap: '12px',
    padding: '6px 12px',
    background: 'rgba(6, 7, 16, 0.72)',
    border: '1px solid #ff5d73',
    borderRadius: '6px',
    color: '#ebeef5',
    fontFamily: '"Chakra Petch", system-ui, sans-serif',
    zIndex: '8',
  });
  element.id = 'killcam';
  element.setAttribute('role', 'status');
  const label = el(doc, 'span', {}, 'Kill-cam: ');
  const name = el(doc, 'strong');
  name.id = 'killcam-name';
  label.append(name);
  const button = el(doc, 'button', { ...BUTTON_STYLE, margin: '0' }, 'Skip (Space)');
  Object.assign(button, { id: 'killcam-skip', type: 'button' });
  button.addEventListener('click', () => skip());
  element.append(label, button);
  let shown = false;
  const onKey = (e: KeyboardEvent): void => {
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement;
    if (!shown || typing || e.code !== 'Space') return;
    e.preventDefault();
    skip();
  };
  keyTarget.addEventListener('keydown', onKey);
  return {
    element,
    update(view, names) {
      const killer = view?.killCam?.killer;
      const show = killer !== undefined;
      if (show !== shown) element.style.display = show ? 'flex' : 'none';
      shown = show;
      if (!show) return;
      const text = names().get(killer) ?? `player ${killer}`;
      if (name.textContent !== text) name.textContent = text;
    },
    destroy() {
      keyTarget.removeEventListener('keydown', onKey);
      element.remove();
    },
  };
}
