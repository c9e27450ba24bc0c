/**
 * LocalCandidates: sends this side's ICE candidates through signaling, but never before the
 * description they belong to. Some stacks (libdatachannel in Node, under the dedicated host) emit
 * candidates while setLocalDescription is still running, before our OFFER or ANSWER is sent: a
 * candidate that overtakes its description is refused by the far end (PeerJS's addIceCandidate
 * fails without a remote description) or dropped as a stray by our host (incoming-offers.ts).
 *
 * Inputs: the connection, a send function for one candidate. `described()` once the description
 * went out. Invariant: every non-empty candidate is sent once, in gathering order, after it.
 */
export class LocalCandidates {
  private held: RTCIceCandidateInit[] | null = [];

  constructor(
    pc: RTCPeerConnection,
    private readonly send: (c: RTCIceCandidateInit) => void,
  ) {
    pc.onicecandidate = (ev) => {
      if (!ev.candidate || !ev.candidate.candidate) return;
      if (this.held) this.held.push(ev.candidate);
      else this.send(ev.candidate);
    };
  }

  described(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const c of held) this.send(c);
  }
}
