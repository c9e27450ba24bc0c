/**
 * CandidateQueue: the remote ICE candidates of one connection. Candidates may arrive before the
 * remote description is set (addIceCandidate would then fail), so they wait here, and a peer that
 * sends thousands cannot make us hold them: past `max` they are dropped and counted.
 *
 * Inputs: the RTCPeerConnection, candidates in arrival order, `remoteReady()` once the remote
 * description is set. Invariant: addIceCandidate's failures are counted, never thrown.
 */
export const MAX_REMOTE_CANDIDATES = 64;

export class CandidateQueue {
  private waiting: RTCIceCandidateInit[] | null = [];
  private taken = 0;
  dropped = 0;
  failed = 0;

  constructor(
    private readonly pc: RTCPeerConnection,
    private readonly max = MAX_REMOTE_CANDIDATES,
  ) {}

  add(c: RTCIceCandidateInit): void {
    if (this.taken >= this.max) {
      this.dropped += 1;
      return;
    }
    this.taken += 1;
    if (this.waiting) this.waiting.push(c);
    else this.apply(c);
  }

  remoteReady(): void {
    const queued = this.waiting ?? [];
    this.waiting = null;
    for (const c of queued) this.apply(c);
  }

  private apply(c: RTCIceCandidateInit): void {
    this.pc.addIceCandidate(c).catch(() => void (this.failed += 1));
  }
}
