/**
 * How long this thread has waited for a core, in µs (Linux: the second field of
 * /proc/thread-self/schedstat, the time spent runnable in the scheduler's queue, in ns). A tick's
 * wall time minus its growth is the time the tick ran on a core: on a shared 2-core machine a
 * tick's wall-clock p99 is mostly other threads and processes holding both cores, not its own work.
 * NaN where the file does not exist (another OS, or a kernel without schedstats).
 */
import { readFileSync } from 'node:fs';

export function threadWaitUs(): number {
  try {
    const fields = readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ');
    return Number(fields[1]) / 1000;
  } catch {
    return NaN;
  }
}
