/**
 * What the signaling server relays between peer ids: offers are admitted, not obeyed.
 *
 * The `peer` package relays any OFFER, ANSWER, CANDIDATE, LEAVE or EXPIRE to any id, and every
 * OFFER makes the receiving browser build a connection. Here each message is checked against the
 * connections the server saw opened:
 *  - an OFFER opens a connection record (opener id, responder id, PeerJS `payload.connectionId`),
 *    if the opener's address is within its offer rate and its open offers towards that id, and the
 *    responder's id is within its offer rate and open offers from everyone together (the lower
 *    half of that rate's bucket only for addresses that used less than half of their own, so a
 *    flood from a few addresses leaves room for newcomers);
 *  - ANSWER (responder only), CANDIDATE and LEAVE pass only on a connection an OFFER opened
 *    (else dropped); LEAVE closes the record;
 *  - each side of a connection may send at most `connectionMessages` messages and
 *    `connectionBytes` bytes on it;
 *  - a reply (the responder's messages) is not charged to the responder's address budget: a host
 *    answering the offers it received is never cut off for it. Its cost is bounded by the opener's
 *    admitted offers times the per-connection caps;
 *  - records expire `connectionTtlMs` after their last message, and go when either id's socket goes.
 * EXPIRE and unknown types are never relayed from a client (EXPIRE is the server's own word).
 *
 * Inputs: limits (see signaling-limits.mjs), a clock in ms. For each message from a registered id:
 *   `admit(addr, src, msg, bytes, charge)`, where `charge()` takes one message from the sender's
 *   address budget and returns false when it is spent.
 * Outputs: 'relay' | 'over-budget' (the caller cuts the sender off) | a drop reason: 'malformed',
 *   'offer-rate', 'open-offers', 'dest-rate', 'dest-open', 'address-open', 'unknown-connection',
 *   'connection-full'. `forget(id)`, `prune()`, `size`.
 * Invariants: at most `addressOpenOffers` records per address and `destOpenOffers` per id, so
 *   memory follows the limits, not the flood; nothing over a limit is relayed.
 */
import { TokenBucket } from './token-bucket.mjs';

/** Offers may come in a burst of this many seconds' worth (a lobby joining at once, a host migration). */
export const OFFER_BURST_S = 20;
const ID_PATTERN = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;
const MAX_ID_LENGTH = 64;
const CONNECTION_ID_PATTERN = /^[\x21-\x7e]{1,64}$/;
const FOLLOWS = new Set(['ANSWER', 'CANDIDATE', 'LEAVE']);

const validId = (id) => typeof id === 'string' && id.length <= MAX_ID_LENGTH && ID_PATTERN.test(id);
const keyOf = (opener, responder, cid) => `${opener}\n${responder}\n${cid}`;

export class RelayGate {
  /**
   * @param {{ offersPerS: number, openOffers: number, destOffersPerS: number, destOpenOffers: number,
   *   addressOpenOffers: number, connectionMessages: number, connectionBytes: number, connectionTtlMs: number }} limits
   * @param {() => number} now
   */
  constructor(limits, now) {
    this.limits = limits;
    this.now = now;
    /** Oldest activity first (a record is moved to the end on every message). */
    this.connections = new Map();
    /** `${addr}\n${dst}` → { open, offers: TokenBucket } */
    this.pairs = new Map();
    /** dst id → { open, offers: TokenBucket } */
    this.dests = new Map();
    /** addr → open records it opened */
    this.addresses = new Map();
    /** id → keys of the records it is an end of */
    this.byId = new Map();
  }

  /**
   * @param {string} addr @param {string} src @param {unknown} msg @param {number} bytes
   * @param {() => boolean} charge
   */
  admit(addr, src, msg, bytes, charge) {
    this.expire();
    const type = msg?.type;
    const dst = msg?.dst;
    const cid = msg?.payload?.connectionId;
    const shaped = validId(dst) && typeof cid === 'string' && CONNECTION_ID_PATTERN.test(cid);
    const reply = shaped && FOLLOWS.has(type) ? this.connections.get(keyOf(dst, src, cid)) : undefined;
    // The responder's messages are paid for by the opener's admitted offer; everything else by its sender.
    if (!reply && !charge()) return 'over-budget';
    if (!shaped || (type !== 'OFFER' && !FOLLOWS.has(type))) return 'malformed';
    if (type === 'OFFER') return this.offer(addr, src, dst, cid, bytes);
    if (reply) return this.follow(reply, 1, bytes, type);
    const own = type === 'ANSWER' ? undefined : this.connections.get(keyOf(src, dst, cid));
    return own ? this.follow(own, 0, bytes, type) : 'unknown-connection';
  }

  /** A message on a known connection; `side` 0 = the opener, 1 = the responder. */
  follow(rec, side, bytes, type) {
    const l = this.limits;
    if (rec.messages[side] >= l.connectionMessages || rec.bytes[side] + bytes > l.connectionBytes)
      return 'connection-full';
    rec.messages[side] += 1;
    rec.bytes[side] += bytes;
    if (type === 'LEAVE') this.remove(rec.key);
    else this.touch(rec);
    return 'relay';
  }

  offer(addr, src, dst, cid, bytes) {
    const l = this.limits;
    const t = this.now();
    const key = keyOf(src, dst, cid);
    const again = this.connections.get(key);
    const pair = this.limitsOf(this.pairs, `${addr}\n${dst}`, l.offersPerS, t);
    const dest = this.limitsOf(this.dests, dst, l.destOffersPerS, t);
    // An offer repeated on an open connection replaces it (PeerJS rebuilds the connection): no new place.
    if (!again) {
      if (pair.open >= l.openOffers) return 'open-offers';
      if (dest.open >= l.destOpenOffers) return 'dest-open';
      if ((this.addresses.get(addr) ?? 0) >= l.addressOpenOffers) return 'address-open';
    }
    // The lower half of an id's offer bucket is kept for addresses that used less than half of
    // their own: during a flood from a few addresses (each spending its own rate), newcomers still get in.
    if (dest.offers.belowHalf(t) && pair.offers.belowHalf(t)) return 'dest-rate';
    if (!pair.offers.take(t)) return 'offer-rate';
    if (!dest.offers.take(t)) return 'dest-rate';
    if (again) this.remove(key);
    const rec = { key, addr, dst, opener: src, responder: dst, at: t, messages: [1, 0], bytes: [bytes, 0] };
    this.connections.set(key, rec);
    pair.open += 1;
    dest.open += 1;
    this.addresses.set(addr, (this.addresses.get(addr) ?? 0) + 1);
    for (const id of new Set([src, dst])) {
      let keys = this.byId.get(id);
      if (!keys) this.byId.set(id, (keys = new Set()));
      keys.add(key);
    }
    return 'relay';
  }

  limitsOf(map, key, perS, t) {
    let r = map.get(key);
    if (!r)
      map.set(key, (r = { open: 0, offers: new TokenBucket(Math.max(1, Math.round(perS * OFFER_BURST_S)), perS, t) }));
    return r;
  }

  touch(rec) {
    rec.at = this.now();
    this.connections.delete(rec.key);
    this.connections.set(rec.key, rec);
  }

  remove(key) {
    const rec = this.connections.get(key);
    if (!rec) return;
    this.connections.delete(key);
    const pair = this.pairs.get(`${rec.addr}\n${rec.dst}`);
    if (pair) pair.open -= 1;
    const dest = this.dests.get(rec.dst);
    if (dest) dest.open -= 1;
    const n = (this.addresses.get(rec.addr) ?? 1) - 1;
    if (n > 0) this.addresses.set(rec.addr, n);
    else this.addresses.delete(rec.addr);
    for (const id of [rec.opener, rec.responder]) {
      const keys = this.byId.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byId.delete(id);
    }
  }

  /** Drops the records whose last message is older than the TTL (the map is in activity order). */
  expire() {
    const oldest = this.now() - this.limits.connectionTtlMs;
    for (const [key, rec] of this.connections) {
      if (rec.at > oldest) break;
      this.remove(key);
    }
  }

  /** The socket of `id` went away: its connections in setup are over. @param {string} id */
  forget(id) {
    for (const key of [...(this.byId.get(id) ?? [])]) this.remove(key);
  }

  /** Forgets rate records with nothing open whose buckets are full again. */
  prune() {
    this.expire();
    const t = this.now();
    for (const map of [this.pairs, this.dests]) {
      for (const [key, r] of map) if (r.open <= 0 && r.offers.full(t)) map.delete(key);
    }
  }

  get size() {
    return this.connections.size;
  }
}
