/**
 * RoundTrip: the client's measure of the path to the server from echoed command packets. A
 * snapshot echoes the send time (ms mod 65536) of the newest command packet the server had and how
 * long it held it; only a send time this client really sent counts (a forged or stale echo is no
 * sample), and the server's hold is taken off. The samples feed a DelayFilter: its floor is the
 * path's own delay, its jitter the spread the command buffer must cover, and a sustained change of
 * the floor is reported as a step ('up' / 'down').
 */
import { ECHO_MEMORY, MAX_RTT_MS } from './clock-tuning';
import { DelayFilter } from './delay-filter';

export interface EchoTiming {
  echoTimeMs: number;
  echoHoldMs: number;
}

export class RoundTrip {
  private readonly filter = new DelayFilter();
  private readonly sentTimes: number[] = [];

  /** Least round trip seen recently (ms), null before the first sample. */
  get floorMs(): number | null {
    return this.filter.floor;
  }
  get jitterMs(): number {
    return this.filter.jitter;
  }

  /** Remembers a sent packet's `sendTimeMs` (mod 65536) so only genuine echoes count as samples. */
  noteSent(sendTimeMs16: number): void {
    this.sentTimes.push(sendTimeMs16);
    if (this.sentTimes.length > ECHO_MEMORY) this.sentTimes.shift();
  }

  /** Echoes of packets sent to a server that is gone can never come back (host migration). */
  forgetSent(): void {
    this.sentTimes.length = 0;
  }

  /** Takes the snapshot's echo as a sample if it is one of ours; a step of the floor, if any. */
  sample(s: EchoTiming, nowMs: number): 'up' | 'down' | null {
    if (!this.sentTimes.includes(s.echoTimeMs)) return null;
    const sample = ((Math.floor(nowMs) - s.echoTimeMs) & 0xffff) - s.echoHoldMs;
    if (sample < 0 || sample > MAX_RTT_MS) return null;
    return this.filter.add(nowMs, sample);
  }
}
