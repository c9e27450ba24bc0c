/**
 * How long this thread has waited for a core, in µs (Linux: the second field of
 * /proc/thread-self/schedstat, the time spent runnable in the scheduler's queue, in ns). A tick's
 * wall time minus its growth is the time the tick ran on a core: on a shared 2-core machine a
 * tick's wall-clock p99 is mostly other threads and processes holding both cores, not its own work.
 * NaN where the file does not exist (another OS, or a kernel without schedstats).
 * The file stays open and is read again from offset 0 into one buffer, parsed in place: a read
 * allocates nothing, so sampling it around every tick adds no garbage to the ticks it measures.
 */
import { openSync, readSync } from 'node:fs';

const buffer = new Uint8Array(128);
let fd: number | null | undefined;

export function threadWaitUs(): number {
  if (fd === undefined) {
    try {
      fd = openSync('/proc/thread-self/schedstat', 'r');
    } catch {
      fd = null;
    }
  }
  if (fd === null) return NaN;
  const length = readSync(fd, buffer, 0, buffer.length, 0);
  // "<ns on a core> <ns waiting> <timeslices>\n": the second number.
  let field = 0;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const c = buffer[i]!;
    if (c === 32) {
      if (field === 1) break;
      field++;
      value = 0;
    } else if (field === 1) value = value * 10 + (c - 48);
  }
  return field === 1 ? value / 1000 : NaN;
}
