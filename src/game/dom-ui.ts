/**
 * Tiny DOM helpers for the overlays (menu, settings). Text goes in through `textContent` only, so a
 * player name or a message can never become markup.
 */

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  style: Partial<CSSStyleDeclaration> = {},
  textContent?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  Object.assign(node.style, style);
  if (textContent !== undefined) node.textContent = textContent;
  return node;
}

export const OVERLAY_STYLE: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  inset: '0',
  display: 'none',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(6, 7, 16, 0.68)',
  fontFamily: '"Chakra Petch", system-ui, sans-serif',
  color: '#ebeef5',
  zIndex: '10',
};

export const BUTTON_STYLE: Partial<CSSStyleDeclaration> = {
  display: 'block',
  width: '220px',
  margin: '8px auto',
  padding: '10px',
  fontSize: '16px',
  fontFamily: 'inherit',
  fontWeight: '600',
  background: '#0d1020',
  color: '#28e2ff',
  border: '1px solid #28e2ff',
  borderRadius: '6px',
  boxShadow: '0 0 10px rgba(40, 226, 255, 0.3)',
  cursor: 'pointer',
};

export function button(doc: Document, label: string, testId: string, onClick: () => void): HTMLButtonElement {
  const b = el(doc, 'button', BUTTON_STYLE, label);
  b.type = 'button';
  b.dataset['testid'] = testId;
  b.addEventListener('click', onClick);
  return b;
}
