/**
 * Keeps the page's TURN credentials fresh (issue 22). The server's credentials expire (coturn's
 * shared-secret scheme, scripts/turn-credentials.mjs); a page left open past half their life
 * fetches /rewind-config.json again before it creates or joins a lobby (`ensureFresh`), and while it
 * is in a lobby (`keepFresh`: a host builds a connection for every joiner, a joiner may migrate).
 *
 * The new list replaces `iceServers` *in place* on the page's SignalingOptions objects: the open
 * signaling peer holds the same object and reads it for every connection it builds next.
 * Inputs: the options objects, a loader (the page config's ICE servers), a clock in unix seconds.
 * Invariants: a list without expiring credentials (e.g. the fetch failed) never replaces one; never throws.
 */
import { iceExpiry, iceNeedsRefresh } from '../lobby/ice-expiry';

export interface IceHolder {
  iceServers: RTCIceServer[];
}

export class IceRefresher {
  private fetchedAtS: number;
  private inFlight: Promise<void> | null = null;
  refreshes = 0;

  constructor(
    private readonly holders: () => IceHolder[],
    private readonly load: () => Promise<RTCIceServer[]>,
    private readonly nowS: () => number,
  ) {
    this.fetchedAtS = nowS();
  }

  private current(): RTCIceServer[] {
    return this.holders()[0]?.iceServers ?? [];
  }

  /** Fetches new credentials when the current ones are past half their life; resolves when done. */
  ensureFresh(): Promise<void> {
    if (!iceNeedsRefresh(this.current(), this.fetchedAtS, this.nowS())) return Promise.resolve();
    this.inFlight ??= this.refresh().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async refresh(): Promise<void> {
    try {
      const fresh = await this.load();
      if (iceExpiry(fresh) === null) return;
      for (const h of this.holders()) if (iceExpiry(h.iceServers) !== null) h.iceServers = fresh;
      this.fetchedAtS = this.nowS();
      this.refreshes += 1;
    } catch {
      // keep the old list: a later check tries again
    }
  }

  /** Checks every `everyMs` while something (a lobby) needs credentials; returns stop. */
  keepFresh(everyMs = 1000): () => void {
    const timer = setInterval(() => void this.ensureFresh(), everyMs);
    return () => clearInterval(timer);
  }
}
