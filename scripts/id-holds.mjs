/**
 * Who owns which peer id on our signaling server, and the grace period after a drop.
 *
 * The `peer` package frees an id the moment its socket closes, so anyone who knows a lobby's id
 * (it is in the link) could register it during the host's reconnect. Here an id whose owner's
 * socket closed stays reserved for the owner's token (PeerJS sends the same token when it
 * reconnects) for `graceMs`; any other token gets ID-TAKEN.
 *
 * The arbiter of host migration (docs/ARCHITECTURE.md "Host migration"): only the holder of a
 * lobby's id is its host. A successor claims the id with the old host's token; the old host coming
 * back with that same token must not take it from a live successor. So the owner's token replaces
 * a LIVE socket only when that socket has been silent (no message, no heartbeat: PeerJS sends one
 * every 5 s) for `replaceSilenceMs`: a silently dropped socket, not a working host.
 *
 * Inputs: grace in ms, a clock in ms, the most held ids to remember, the replace silence in ms.
 * Outputs: `check(id, token)` → { verdict: 'free' } | { verdict: 'taken', heldMs } |
 *   { verdict: 'replace', old } (the owner is back while its old socket is open but silent);
 *   `own(id, token, socket)` when the server accepted a socket for an id; `heard(id, socket)` on
 *   every message from it; `dropped(id, socket)`.
 * Invariants: an id has at most one live owner; a live owner that spoke within
 *   `replaceSilenceMs` is never replaced; a hold ends at `graceMs`, when its owner comes back, or
 *   when more than `maxHeld` ids are held (oldest first), so memory stays bounded.
 */

/** PeerJS heartbeats every 5 s: 8 s without one is a socket that is gone, not a slow one. */
export const REPLACE_SILENCE_MS = 8000;

export class IdHolds {
  /** @param {number} graceMs @param {() => number} now @param {number} maxHeld @param {number} replaceSilenceMs */
  constructor(graceMs, now, maxHeld = 10_000, replaceSilenceMs = REPLACE_SILENCE_MS) {
    this.graceMs = graceMs;
    this.now = now;
    this.maxHeld = maxHeld;
    this.replaceSilenceMs = replaceSilenceMs;
    /** @type {Map<string, { token: string, socket: unknown, heardAt: number }>} */
    this.live = new Map();
    /** @type {Map<string, { token: string, until: number }>} */
    this.held = new Map();
  }

  /** @param {string} id @param {string} token */
  check(id, token) {
    const owner = this.live.get(id);
    if (owner) {
      // Same token, but a socket that still speaks is a live host (e.g. a successor holding the old host's token).
      const silent = this.now() - owner.heardAt >= this.replaceSilenceMs;
      return owner.token === token && silent ? { verdict: 'replace', old: owner.socket } : { verdict: 'taken', heldMs: 0 };
    }
    const hold = this.held.get(id);
    if (!hold) return { verdict: 'free' };
    const left = hold.until - this.now();
    if (left <= 0) {
      this.held.delete(id);
      return { verdict: 'free' };
    }
    // The owner's own token passes; the hold itself ends in `own`, once the server accepted it.
    return hold.token === token ? { verdict: 'free' } : { verdict: 'taken', heldMs: left };
  }

  /** @param {string} id @param {string} token @param {unknown} socket */
  own(id, token, socket) {
    this.held.delete(id);
    this.live.set(id, { token, socket, heardAt: this.now() });
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
    this.held.set(id, { token: owner.token, until: this.now() + this.graceMs });
    // Map order is insertion order: the first key is the oldest hold.
    while (this.held.size > this.maxHeld) this.held.delete(this.held.keys().next().value);
  }

  /** Forgets expired holds. */
  prune() {
    const t = this.now();
    for (const [id, hold] of this.held) if (hold.until <= t) this.held.delete(id);
  }
}
