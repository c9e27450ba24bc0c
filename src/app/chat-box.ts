/**
 * The chat box, in the lobby and over the match: the last lines (DOM text only, so nothing a
 * peer types can become markup, and nothing reaches kaboom's glyph atlas), and a line to type in.
 * T opens the line (unless the player is already typing in a field), Enter sends it and closes
 * it, Escape closes it without sending; focus goes back where it was (the game canvas).
 *
 * Inputs: the document, the ChatLog, `say(text)`. Output: the element (fixed at the bottom left,
 * `#chat`), `destroy()`. Invariant: a line longer than CHAT_MAX_CHARS cannot be typed (the host
 * would refuse it), and an empty line is not sent.
 */
import { CHAT_MAX_CHARS } from '../protocol/messages';
import type { ChatLine, ChatLog } from './chat-log';
import { h, input } from './dom';

const SHOWN_LINES = 8;

export interface ChatBox {
  readonly element: HTMLElement;
  open(): void;
  destroy(): void;
}

function lineElement(doc: Document, line: ChatLine): HTMLLIElement {
  if (line.name === null) return h(doc, 'li', { className: 'chat-notice', text: line.text });
  return h(doc, 'li', {}, [h(doc, 'span', { className: 'chat-name', text: `${line.name}: ` }), doc.createTextNode(line.text)]);
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
}

export function chatBox(doc: Document, log: ChatLog, say: (text: string) => void): ChatBox {
  const list = h(doc, 'ul', { id: 'chat-log' });
  const field = input(doc, 'chat-input', { maxlength: String(CHAT_MAX_CHARS), placeholder: 'Say something (Enter to send, Esc to close)', autocomplete: 'off', 'aria-label': 'Chat' });
  field.hidden = true;
  const element = h(doc, 'div', { id: 'chat' }, [list, field]);
  let returnFocus: HTMLElement | null = null;
  const show = (line: ChatLine): void => {
    list.append(lineElement(doc, line));
    while (list.childElementCount > SHOWN_LINES) list.firstElementChild?.remove();
  };
  log.lines().forEach(show);
  const offLine = log.onLine(show);
  const close = (): void => {
    field.value = '';
    field.hidden = true;
    returnFocus?.focus();
    returnFocus = null;
  };
  const open = (): void => {
    if (!field.hidden) return;
    returnFocus = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    field.hidden = false;
    field.focus();
  };
  field.addEventListener('keydown', (e) => {
    // Keys typed here are the chat's, not the game's or the page's.
    e.stopPropagation();
    if (e.key === 'Escape') return (e.preventDefault(), close());
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const text = field.value.trim();
    if (text) say(text);
    close();
  });
  const onKey = (e: KeyboardEvent): void => {
    if ((e.key === 't' || e.key === 'T') && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target)) {
      e.preventDefault();
      open();
    }
  };
  doc.addEventListener('keydown', onKey, true);
  return {
    element,
    open,
    destroy() {
      offLine();
      doc.removeEventListener('keydown', onKey, true);
      element.remove();
    },
  };
}
