/**
 * The host's signaling status line: a fixed banner (`#signaling-status`, role=status) above every
 * screen, the match's canvas included, shown while the host's page is not registered on the
 * signaling server (new players cannot join) and removed once it is back.
 *
 * Inputs: the document; sentences from `signalingNotice` (src/lobby/signaling-reconnect.ts).
 * Outputs: `show(text | null)`, `remove()`. Invariant: at most one banner element in the page.
 */
import { h } from './dom';

export interface SignalingBanner {
  show(text: string | null): void;
  remove(): void;
}

export function signalingBanner(doc: Document): SignalingBanner {
  let el: HTMLElement | null = null;
  const remove = (): void => {
    el?.remove();
    el = null;
  };
  return {
    show: (text) => {
      if (text === null) return remove();
      if (!el) {
        el = h(doc, 'p', { id: 'signaling-status', attrs: { role: 'status' } });
        doc.body.append(el);
      }
      el.textContent = text;
    },
    remove,
  };
}
