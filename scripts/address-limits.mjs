/**
 * Per-address limits of the signaling server: open sockets, new sockets per second, messages per
 * second. One record per client address (an IPv4 address or an IPv6 /64, see client-address.mjs).
 *
 * Inputs: `limits` ({ maxSockets, connectsPerS, messagesPerS, messageBurst }), a clock in ms.
 * Outputs: `admitSocket(addr)` → 'ok' | 'too-fast' | 'too-many-sockets'; `releaseSocket(addr)`;
 *   `admitMessage(addr)` → boolean; `prune()` forgets idle addresses.
 * Invariants: a refused socket is not counted (the caller releases only admitted ones); a record
 *   is kept only while its address has sockets or a bucket not yet refilled, so memory follows
 *   the recent attackers, not every address ever seen.
 */
import { TokenBucket } from './token-bucket.mjs';

export class AddressLimits {
  /**
   * @param {{ maxSockets: number, connectsPerS: number, messagesPerS: number, messageBurst: number }} limits
   * @param {() => number} now
   */
  constructor(limits, now) {
    this.limits = limits;
    this.now = now;
    /** @type {Map<string, { sockets: number, connects: TokenBucket, messages: TokenBucket }>} */
    this.byAddress = new Map();
  }

  /** @param {string} addr */
  record(addr) {
    let r = this.byAddress.get(addr);
    if (!r) {
      const t = this.now();
      const l = this.limits;
      // The connect bucket holds one full set of sockets, so a page reload or a LAN party joining at once passes.
      r = {
        sockets: 0,
        connects: new TokenBucket(l.maxSockets, l.connectsPerS, t),
        messages: new TokenBucket(l.messageBurst, l.messagesPerS, t),
      };
      this.byAddress.set(addr, r);
    }
    return r;
  }

  /** @param {string} addr @returns {'ok' | 'too-fast' | 'too-many-sockets'} */
  admitSocket(addr) {
    const r = this.record(addr);
    if (!r.connects.take(this.now())) return 'too-fast';
    if (r.sockets >= this.limits.maxSockets) return 'too-many-sockets';
    r.sockets += 1;
    return 'ok';
  }

  /** @param {string} addr */
  releaseSocket(addr) {
    const r = this.byAddress.get(addr);
    if (r && r.sockets > 0) r.sockets -= 1;
  }

  /** @param {string} addr */
  admitMessage(addr) {
    return this.record(addr).messages.take(this.now());
  }

  /** @param {string} addr */
  openSockets(addr) {
    return this.byAddress.get(addr)?.sockets ?? 0;
  }

  /** Drops the records of addresses with no socket whose buckets are full again. */
  prune() {
    const t = this.now();
    for (const [addr, r] of this.byAddress) {
      if (r.sockets === 0 && r.connects.full(t) && r.messages.full(t)) this.byAddress.delete(addr);
    }
  }

  get size() {
    return this.byAddress.size;
  }
}
