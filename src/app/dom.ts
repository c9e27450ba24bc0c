/**
 * Tiny DOM helpers for the plain start/lobby/message screens. Text goes in through
 * `textContent` only: nothing a peer sends (names, reasons) can become markup or script.
 */

export function h<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  props: { id?: string; className?: string; text?: string; attrs?: Record<string, string> } = {},
  children: Array<Node | null> = [],
): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  if (props.id) e.id = props.id;
  if (props.className) e.className = props.className;
  if (props.text !== undefined) e.textContent = props.text;
  for (const [k, v] of Object.entries(props.attrs ?? {})) e.setAttribute(k, v);
  for (const c of children) if (c) e.append(c);
  return e;
}

export function button(doc: Document, id: string, text: string, onClick: () => void): HTMLButtonElement {
  const b = h(doc, 'button', { id, text, attrs: { type: 'button' } });
  b.addEventListener('click', onClick);
  return b;
}

export function labeled(doc: Document, label: string, input: HTMLElement): HTMLLabelElement {
  return h(doc, 'label', {}, [h(doc, 'span', { text: label }), input]);
}

export function input(doc: Document, id: string, attrs: Record<string, string>): HTMLInputElement {
  return h(doc, 'input', { id, attrs });
}
