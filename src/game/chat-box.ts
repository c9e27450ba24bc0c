/**
 * The chat line and log (DOM), in the lobby and over the match: T opens the line (or focuses it),
 * Enter sends, Esc cancels. In the match the log shows the last few lines for a few seconds over
 * the canvas and everything while the line is open; in the lobby it is a scrolling panel.
 *
 * Inputs: the document, the element to listen for T on, a ChatFeed, the mode. Outputs: the
 * element to place, `isOpen()` (the game keeps its input neutral meanwhile), `open()` (the touch
 * Chat button), `destroy()`.
 * Invariants: every line is set with textContent (a name or message is never markup); Esc in the
 * line never reaches the game's Esc handler; the line holds at most CHAT_MAX_CHARS characters.
 */
import { CHAT_MAX_CHARS } from '../protocol/control-messages';
import { el } from './dom-ui';
import type { ChatFeed, ChatLine } from './game-host';

export type ChatMode = 'match' | 'lobby';

export interface ChatBox {
  readonly element: HTMLElement;
  isOpen(): boolean;
  open(): void;
  /** Shows a line in this page only (the debug API's injectText: test strings through the chat's text path). */
  show(line: ChatLine): void;
  /** Hides lines older than the match mode's display time (called every frame or so). */
  refresh(nowMs: number): void;
  destroy(): void;
}

const MATCH_LINES = 6;
const MATCH_HISTORY = 30;
const LOBBY_LINES = 60;
const SHOW_MS = 10_000;

function lineElement(doc: Document, line: ChatLine): HTMLElement {
  const row = el(doc, 'div', { margin: '2px 0', overflowWrap: 'anywhere', color: line.system ? '#e8c15a' : '#ebeef5' });
  row.dataset['testid'] = 'chat-line';
  if (line.system) row.textContent = line.text;
  else row.append(el(doc, 'span', { color: '#7fd3ff', fontWeight: '600' }, `${line.name}: `), el(doc, 'span', {}, line.text));
  return row;
}

function chatInput(doc: Document, mode: ChatMode): HTMLInputElement {
  const input = el(doc, 'input', {
    width: '100%', boxSizing: 'border-box', padding: '6px 8px', fontSize: '16px', color: '#ebeef5',
    background: 'rgba(12, 14, 20, 0.85)', border: '1px solid #5c6882', borderRadius: '4px',
    display: mode === 'lobby' ? 'block' : 'none', pointerEvents: 'auto',
  });
  input.dataset['testid'] = 'chat-input';
  input.maxLength = CHAT_MAX_CHARS;
  input.placeholder = mode === 'lobby' ? 'Chat: press T, type, Enter to send' : 'Say something (Enter to send, Esc to cancel)';
  input.setAttribute('enterkeyhint', 'send');
  input.autocomplete = 'off';
  return input;
}

const isTyping = (t: EventTarget | null): boolean => t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable);

export function createChatBox(doc: Document, keyTarget: HTMLElement | Document, feed: ChatFeed, mode: ChatMode, canOpen: () => boolean = () => true): ChatBox {
  const root = el(doc, 'div', mode === 'match'
    ? { position: 'absolute', left: '12px', bottom: '140px', width: 'min(420px, 70%)', zIndex: '8', pointerEvents: 'none', font: '14px system-ui, sans-serif', textShadow: '0 1px 2px #000' }
    : { margin: '1rem 0', maxWidth: '100%' });
  root.dataset['testid'] = 'chat';
  const log = el(doc, 'div', mode === 'lobby' ? { maxHeight: '10rem', overflowY: 'auto', background: '#1b1e26', padding: '0.4rem 0.6rem', marginBottom: '0.4rem' } : {});
  log.dataset['testid'] = 'chat-log';
  const input = chatInput(doc, mode);
  root.append(log, input);
  const born: number[] = [];
  let opened = false;
  const max = mode === 'match' ? MATCH_HISTORY : LOBBY_LINES;
  const add = (line: ChatLine): void => {
    log.append(lineElement(doc, line));
    born.push(performance.now());
    while (log.childElementCount > max) {
      log.firstElementChild?.remove();
      born.shift();
    }
    if (mode === 'lobby') log.scrollTop = log.scrollHeight;
  };
  for (const line of feed.lines()) add(line);
  const unsubscribe = feed.onLine(add);
  const close = (): void => {
    input.value = '';
    if (mode === 'match') input.style.display = 'none';
    opened = false;
    input.blur();
  };
  const open = (): void => {
    opened = true;
    input.style.display = 'block';
    input.focus();
  };
  const onInputKey = (e: KeyboardEvent): void => {
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      const text = input.value.trim();
      if (text !== '') feed.send(text);
      close();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };
  const onKey = (e: Event): void => {
    const k = e as KeyboardEvent;
    if ((k.key !== 't' && k.key !== 'T') || k.ctrlKey || k.metaKey || k.altKey || isTyping(k.target) || opened || !canOpen()) return;
    // preventDefault: the T that opens the line is not typed into it.
    k.preventDefault();
    open();
  };
  input.addEventListener('keydown', onInputKey);
  input.addEventListener('blur', () => {
    if (opened && mode === 'match') close();
    opened = false;
  });
  input.addEventListener('focus', () => (opened = true));
  keyTarget.addEventListener('keydown', onKey);
  return {
    element: root,
    isOpen: () => opened,
    open,
    show: add,
    refresh(nowMs) {
      if (mode !== 'match') return;
      const rows = log.children;
      const first = Math.max(0, rows.length - MATCH_LINES);
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i] as HTMLElement;
        const visible = opened || (i >= first && nowMs - (born[i] ?? 0) < SHOW_MS);
        row.style.display = visible ? 'block' : 'none';
      }
    },
    destroy() {
      unsubscribe();
      keyTarget.removeEventListener('keydown', onKey);
      root.remove();
    },
  };
}
