/**
 * The host's signaling status line: a fixed banner (`#signaling-status`, role=status) above every
 * screen, the match's canvas included, shown while the host's page is not registered on the
 * signaling server (new players cannot join) and removed once it is back.
 *
 * Inputs: the document; sentences from `signalingNotice` (src/lobby/signaling-reconnect.ts).
 * The page also shows a host migration's progress in a second banner of the same kind
 * (`#migration-status`: "Alice's connection was lost — finding the new host…").
 * Outputs: `show(text | null)`, `remove()`. Invariant: at most one banner element per id in the page.
 */
import { h } from './dom';

export interface SignalingBanner {
  show(text: string | null): void;
  remove(): void;
}

export function signalingBanner(doc: Document, id = 'signaling-status'): SignalingBanner {
  let el: HTMLElement | null = null;
  const remove = (): void => {
    el?.remove();
    el = null;
  };
  return {
    show: (text) => {
      if (text === null) return remove();
      if (!el) {
        el = h(doc, 'p', { id, attrs: { role: 'status' } });
        doc.body.append(el);
      }
      el.textContent = text;
    },
    remove,
  };
}
