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
  else
    row.append(
      el(doc, 'span', { color: '#7fd3ff', fontWeight: '600' }, `${line.name}: `),
      el(doc, 'span', {}, line.text),
    );
  return row;
}

function chatInput(doc: Document, mode: ChatMode): HTMLInputElement {
  const input = el(doc, 'input', {
    width: '100%',
    boxSizing: 'border-box',
    padding: '6px 8px',
    fontSize: '16px',
    color: '#ebeef5',
    background: 'rgba(12, 14, 20, 0.85)',
    border: '1px solid #5c6882',
    borderRadius: '4px',
    display: mode === 'lobby' ? 'block' : 'none',
    pointerEvents: 'auto',
  });
  input.dataset['testid'] = 'chat-input';
  input.maxLength = CHAT_MAX_CHARS;
  input.placeholder =
    mode === 'lobby' ? 'Chat: press T, type, Enter to send' : 'Say something (Enter to send, Esc to cancel)';
  input.setAttribute('enterkeyhint', 'send');
  input.autocomplete = 'off';
  return input;
}

const isTyping = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable);

export function createChatBox(
  doc: Document,
  keyTarget: HTMLElement | Document,
  feed: ChatFeed,
  mode: ChatMode,
  canOpen: () => boolean = () => true,
): ChatBox {
  return new ChatBoxView(doc, keyTarget, feed, mode, canOpen);
}

const MATCH_BOX = {
  position: 'absolute',
  left: '12px',
  bottom: '140px',
  width: 'min(420px, 70%)',
  zIndex: '8',
  pointerEvents: 'none',
  font: '14px system-ui, sans-serif',
  textShadow: '0 1px 2px #000',
};
const LOBBY_LOG = {
  maxHeight: '10rem',
  overflowY: 'auto',
  background: '#1b1e26',
  padding: '0.4rem 0.6rem',
  marginBottom: '0.4rem',
};

/** createChatBox's box: the log, the line, and the keys that open, send and cancel it. */
class ChatBoxView implements ChatBox {
  readonly element: HTMLElement;
  private readonly log: HTMLElement;
  private readonly input: HTMLInputElement;
  /** When each line in the log arrived (performance.now()), in log order. */
  private readonly born: number[] = [];
  private opened = false;
  private readonly max: number;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly doc: Document,
    private readonly keyTarget: HTMLElement | Document,
    private readonly feed: ChatFeed,
    private readonly mode: ChatMode,
    private readonly canOpen: () => boolean,
  ) {
    this.element = el(doc, 'div', mode === 'match' ? MATCH_BOX : { margin: '1rem 0', maxWidth: '100%' });
    this.element.dataset['testid'] = 'chat';
    this.log = el(doc, 'div', mode === 'lobby' ? LOBBY_LOG : {});
    this.log.dataset['testid'] = 'chat-log';
    this.input = chatInput(doc, mode);
    this.element.append(this.log, this.input);
    this.max = mode === 'match' ? MATCH_HISTORY : LOBBY_LINES;
    for (const line of feed.lines()) this.show(line);
    this.unsubscribe = feed.onLine(this.show);
    this.input.addEventListener('keydown', this.onInputKey);
    this.input.addEventListener('blur', () => {
      if (this.opened && mode === 'match') this.close();
      this.opened = false;
    });
    this.input.addEventListener('focus', () => (this.opened = true));
    keyTarget.addEventListener('keydown', this.onKey);
  }

  readonly isOpen = (): boolean => this.opened;

  readonly show = (line: ChatLine): void => {
    this.log.append(lineElement(this.doc, line));
    this.born.push(performance.now());
    while (this.log.childElementCount > this.max) {
      this.log.firstElementChild?.remove();
      this.born.shift();
    }
    if (this.mode === 'lobby') this.log.scrollTop = this.log.scrollHeight;
  };

  readonly open = (): void => {
    this.opened = true;
    this.input.style.display = 'block';
    this.input.focus();
  };

  private close(): void {
    this.input.value = '';
    if (this.mode === 'match') this.input.style.display = 'none';
    this.opened = false;
    this.input.blur();
  }

  private readonly onInputKey = (e: KeyboardEvent): void => {
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      const text = this.input.value.trim();
      if (text !== '') this.feed.send(text);
      this.close();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      this.close();
    }
  };

  private readonly onKey = (e: Event): void => {
    const k = e as KeyboardEvent;
    if (
      (k.key !== 't' && k.key !== 'T') ||
      k.ctrlKey ||
      k.metaKey ||
      k.altKey ||
      isTyping(k.target) ||
      this.opened ||
      !this.canOpen()
    )
      return;
    // preventDefault: the T that opens the line is not typed into it.
    k.preventDefault();
    this.open();
  };

  refresh(nowMs: number): void {
    if (this.mode !== 'match') return;
    const rows = this.log.children;
    const first = Math.max(0, rows.length - MATCH_LINES);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as HTMLElement;
      const visible = this.opened || (i >= first && nowMs - (this.born[i] ?? 0) < SHOW_MS);
      row.style.display = visible ? 'block' : 'none';
    }
  }

  destroy(): void {
    this.unsubscribe();
    this.keyTarget.removeEventListener('keydown', this.onKey);
    this.element.remove();
  }
}
