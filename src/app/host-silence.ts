/**
 * HostSilence: decides when a joiner may say "The host left." because nothing arrived from the
 * host for `limitMs`. Only time this page could listen counts: when the page itself was stalled
 * (a long frame, kaboom's first render under a software GPU, a background tab), the watchdog's
 * timer may run before the messages that queued up during the stall are delivered, so a stall of
 * our own restarts the count instead of being blamed on the host.
 *
 * Inputs: `heard(now)` on every byte from the host; `check(now)` from a periodic timer.
 * Output: `check` is true once the host has been silent for `limitMs` (or the limit given to this
 * check: a joiner that can migrate gives up on its host sooner) of listening time.
 */
export class HostSilence {
  private lastHeardMs: number;
  private lastCheckMs: number;

  /** `stallMs`: a gap between checks longer than this means this page was not running. */
  constructor(
    nowMs: number,
    private readonly limitMs: number,
    private readonly stallMs: number,
  ) {
    this.lastHeardMs = nowMs;
    this.lastCheckMs = nowMs;
  }

  heard(nowMs: number): void {
    this.lastHeardMs = nowMs;
  }

  check(nowMs: number, limitMs: number = this.limitMs): boolean {
    const stalled = nowMs - this.lastCheckMs > this.stallMs;
    this.lastCheckMs = nowMs;
    // What the host sent while we were stalled is still in the queue: give it the full limit again.
    if (stalled) this.lastHeardMs = Math.max(this.lastHeardMs, nowMs);
    return nowMs - this.lastHeardMs > limitMs;
  }
}
