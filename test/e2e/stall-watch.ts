/**
 * Records, in a page, its longest gap between 5 ms timer callbacks (a blocked main thread) and
 * whether the host's signaling banner (`#signaling-status`) ever showed. Read with `readStalls`.
 * For reports only: tests print the gap, they never assert wall-clock times.
 */
import type { Page } from 'playwright-core';

export interface Stalls {
  max: number;
  banner: boolean;
}

export async function watchStalls(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { stall: Stalls };
    w.stall = { max: 0, banner: false };
    new MutationObserver(() => void (w.stall.banner ||= document.getElementById('signaling-status') !== null)).observe(
      document,
      { subtree: true, childList: true },
    );
    let last = performance.now();
    setInterval(() => {
      const t = performance.now();
      w.stall.max = Math.max(w.stall.max, t - last);
      last = t;
    }, 5);
  });
}

export function readStalls(page: Page): Promise<Stalls> {
  return page.evaluate(() => (window as unknown as { stall: Stalls }).stall);
}
