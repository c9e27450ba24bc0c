/**
 * RttEstimator: a client's round-trip time as the server sees it.
 *
 * Inputs: `sample(ms)` whenever a command packet acks a snapshot for the first time (now minus
 * when that snapshot was sent).
 * Outputs: a smoothed RTT and its mean deviation (jitter), or null before the first sample.
 * Invariants: the first sample sets the estimate; later ones move it by 1/8 (and the deviation
 * by 1/4), TCP's classic filter, so one late packet barely moves it. Negative or non-finite
 * samples are ignored.
 */

export class RttEstimator {
  private smoothed: number | null = null;
  private deviation = 0;
  samples = 0;

  sample(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    this.samples++;
    if (this.smoothed === null) {
      this.smoothed = ms;
      this.deviation = ms / 2;
      return;
    }
    this.deviation += (Math.abs(ms - this.smoothed) - this.deviation) / 4;
    this.smoothed += (ms - this.smoothed) / 8;
  }

  get rttMs(): number | null {
    return this.smoothed;
  }

  get jitterMs(): number {
    return this.deviation;
  }
}
