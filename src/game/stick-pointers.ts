/**
 * Routes a game screen's touch (and pen) pointers to its virtual sticks (touch-sticks.ts), for
 * every game's touch controls: a press that is not blocked (a panel open) takes the stick of its
 * half and captures the pointer, so its moves keep reaching the wrapper; moves drag that stick; a
 * release or cancel lets it go. Mouse pointers are left alone (they aim and click).
 *
 * Output: the function that removes every listener it added.
 */
import type { TouchSticks } from './touch-sticks';

export const isTouchPointer = (e: PointerEvent): boolean => e.pointerType === 'touch' || e.pointerType === 'pen';

export function bindStickPointers(
  wrapper: HTMLElement,
  sticks: TouchSticks,
  opts: { blocked(): boolean; onTouch(): void },
): () => void {
  const local = (e: PointerEvent): { x: number; y: number } => {
    const r = wrapper.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const onDown = (e: PointerEvent): void => {
    if (!isTouchPointer(e) || opts.blocked()) return;
    opts.onTouch();
    const p = local(e);
    if (sticks.down(e.pointerId, p.x, p.y, wrapper.clientWidth) === null) return;
    e.preventDefault();
    try {
      wrapper.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic pointer cannot be captured: its moves still reach the wrapper.
    }
  };
  const onMove = (e: PointerEvent): void => {
    if (!sticks.owns(e.pointerId)) return;
    const p = local(e);
    sticks.move(e.pointerId, p.x, p.y);
  };
  const onUp = (e: PointerEvent): void => sticks.up(e.pointerId);
  wrapper.addEventListener('pointerdown', onDown);
  wrapper.addEventListener('pointermove', onMove);
  wrapper.addEventListener('pointerup', onUp);
  wrapper.addEventListener('pointercancel', onUp);
  return () => {
    wrapper.removeEventListener('pointerdown', onDown);
    wrapper.removeEventListener('pointermove', onMove);
    wrapper.removeEventListener('pointerup', onUp);
    wrapper.removeEventListener('pointercancel', onUp);
  };
}
