/** The page's real clock and timers, behind the `Timers` interface the transport edge takes. */
import type { Timers } from '../transport/conditioned-channel';

export function browserTimers(): Timers {
  return {
    now: () => performance.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
}
