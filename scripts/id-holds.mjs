/**
 * Who owns which peer id on our signaling server, and the grace period after a drop.
 *
 * The `peer` package frees an id the moment its socket closes, so anyone who knows a lobby's id
 * (it is in the link) could register it during the host's reconnect. Here an id whose owner's
 * socket closed stays reserved for the owner's token (PeerJS sends the same token when it
 * reconnects) for `graceMs`; any other token gets ID-TAKEN.
 *
 * The arbiter of host migration (docs/ARCHITECTURE.md "Host migration"): only the holder of a
 * lobby's id is its host. Two tokens open an id that is taken:
 *  - the owner's own token: the owner itself coming back (a new socket after a network change,
 *    while the server still holds its old one) replaces its old socket at once;
 *  - a takeover token, whose SHA-256 the owner registered with its socket (`takeover=` in the
 *    socket's query): what the owner gives its chosen successors, who present it as `claim=` and
 *    register under a token of their own. It replaces a LIVE socket only when that socket has been
 *    silent (no message, no heartbeat: our client sends one every 2 s, PeerJS every 5 s) for
 *    `replaceSilenceMs`, and a closed one's hold at once. The successor that took over owns the id
 *    under its own token with its own takeover hash, so neither the old host coming back nor a
 *    second successor with the same claim can take it: never two hosts.
 *
 * Inputs: grace in ms, a clock in ms, the most held ids to remember, the replace silence in ms.
 * Outputs: `check(id, token, claimHash)` → { verdict: 'free' } | { verdict: 'taken', heldMs } |
 *   { verdict: 'replace', old } (the owner is back, or a successor claims a silent owner's id);
 *   `own(id, token, socket, takeover)` when the server accepted a socket for an id; `heard(id, socket)` on
 *   every message from it; `dropped(id, socket)`.
 * Invariants: an id has at most one live owner; a live owner that spoke within
 *   `replaceSilenceMs` is replaced by nobody but itself (its own token); a hold ends at `graceMs`, when its owner comes back, or
 *   when more than `maxHeld` ids are held (oldest first), so memory stays bounded.
 */

/** 8 s without a heartbeat (every 5 s from PeerJS, 2 s from ours) is a socket that is gone, not a slow one. */
export const REPLACE_SILENCE_MS = 8000;

export class IdHolds {
  /** @param {number} graceMs @param {() => number} now @param {number} maxHeld @param {number} replaceSilenceMs */
  constructor(graceMs, now, maxHeld = 10_000, replaceSilenceMs = REPLACE_SILENCE_MS) {
    this.graceMs = graceMs;
    this.now = now;
    this.maxHeld = maxHeld;
    this.replaceSilenceMs = replaceSilenceMs;
    /** @type {Map<string, { token: string, takeover: string | null, socket: unknown, heardAt: number }>} */
    this.live = new Map();
    /** @type {Map<string, { token: string, takeover: string | null, until: number }>} */
    this.held = new Map();
  }

  /**
   * `claimHash`: SHA-256 (base64url) of the takeover token a successor presents (`claim=`; it
   * registers under a token of its own), or null. @param {string} id @param {string} token @param {string | null} claimHash
   */
  check(id, token, claimHash) {
    const owner = this.live.get(id);
    if (owner) {
      if (owner.token === token) return { verdict: 'replace', old: owner.socket };
      // A successor's claim: only once the live owner fell silent.
      const silent = this.now() - owner.heardAt >= this.replaceSilenceMs;
      return claimHash !== null && owner.takeover === claimHash && silent
        ? { verdict: 'replace', old: owner.socket }
        : { verdict: 'taken', heldMs: 0 };
    }
    const hold = this.held.get(id);
    if (!hold) return { verdict: 'free' };
    const left = hold.until - this.now();
    if (left <= 0) {
      this.held.delete(id);
      return { verdict: 'free' };
    }
    // The owner's own token, or its takeover token, passes; the hold ends in `own`, once accepted.
    const mine = hold.token === token || (claimHash !== null && hold.takeover === claimHash);
    return mine ? { verdict: 'free' } : { verdict: 'taken', heldMs: left };
  }

  /** `takeover`: the SHA-256 (base64url) of the token its successors may claim it with, or null. @param {string} id @param {string} token @param {unknown} socket @param {string | null} takeover */
  own(id, token, socket, takeover = null) {
    this.held.delete(id);
    this.live.set(id, { token, takeover, socket, heardAt: this.now() });
  }

  /** A message (a heartbeat counts) came from `socket`: if it owns `id`, it is alive. @param {string} id @param {unknown} socket */
  heard(id, socket) {
    const owner = this.live.get(id);
    if (owner && owner.socket === socket) owner.heardAt = this.now();
  }

  /** The socket closed: if it owned `id`, hold the id for its token. @param {string} id @param {unknown} socket */
  dropped(id, socket) {
    const owner = this.live.get(id);
    if (!owner || owner.socket !== socket) return;
    this.live.delete(id);
    if (this.graceMs <= 0) return;
    this.held.set(id, { token: owner.token, takeover: owner.takeover, until: this.now() + this.graceMs });
    // Map order is insertion order: the first key is the oldest hold.
    while (this.held.size > this.maxHeld) this.held.delete(this.held.keys().next().value);
  }

  /** Forgets expired holds. */
  prune() {
    const t = this.now();
    for (const [id, hold] of this.held) if (hold.until <= t) this.held.delete(id);
  }
}
