/**
 * The match wrapper's own listeners: any key or pointer unlocks the sound (browsers allow audio
 * only after a gesture), and Esc goes to the overlays (menu, settings) from anywhere in the wrapper.
 * Returns the function that removes them.
 */
import type { Screen } from './frame';
import type { Overlays } from './overlays';

/** Any key or pointer unlocks the sound (browsers allow audio only after a gesture); Esc is the menu's. */
export function listenOnWrapper(wrapper: HTMLElement, s: Pick<Screen, 'sound'>, ui: Overlays): () => void {
  const onKeyDown = (e: KeyboardEvent): void => {
    s.sound.unlock();
    if (e.key !== 'Escape') return;
    e.preventDefault();
    ui.escape();
  };
  const onPointerDown = (): void => s.sound.unlock();
  wrapper.addEventListener('keydown', onKeyDown);
  wrapper.addEventListener('pointerdown', onPointerDown);
  return () => {
    wrapper.removeEventListener('keydown', onKeyDown);
    wrapper.removeEventListener('pointerdown', onPointerDown);
  };
}
