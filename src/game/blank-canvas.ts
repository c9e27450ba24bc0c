/**
 * A kaboom canvas that draws nothing but its background: the floor of the frame cost, for the frame
 * benchmark's baseline (so the benchmark itself never imports kaboom). `onFrame` runs once per
 * drawn frame; `destroy` quits kaboom and removes the canvas.
 */
import kaboom from 'kaboom';
import { PALETTE } from './palette';

export function mountBlankCanvas(root: HTMLElement, onFrame: () => void): { destroy(): void } {
  const canvas = root.ownerDocument.createElement('canvas');
  root.append(canvas);
  const k = kaboom({ canvas, global: false, debug: false, loadingScreen: false, background: [...PALETTE.background] });
  k.onDraw(onFrame);
  return {
    destroy() {
      k.quit();
      canvas.remove();
    },
  };
}
