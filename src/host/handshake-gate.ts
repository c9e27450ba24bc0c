/**
 * HandshakeGate: how many incoming connections may be between "connected" and welcome/reject at
 * once. Anyone holding the lobby link can open connections; without a cap, half-open peers would
 * pile up RTCPeerConnections on the main thread that also relays every player's bytes.
 *
 * Contract: `tryEnter()` is true (and takes a place) while fewer than `limit()` handshakes run;
 * every true must be paired with one `leave()`.
 */
export class HandshakeGate {
  private inFlight = 0;

  constructor(private readonly limit: () => number) {}

  tryEnter(): boolean {
    if (this.inFlight >= this.limit()) return false;
    this.inFlight += 1;
    return true;
  }

  leave(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  get running(): number {
    return this.inFlight;
  }
}
