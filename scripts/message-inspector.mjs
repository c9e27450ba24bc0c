/**
 * The guard's inspector for the messages of admitted sockets: `inspect(data, addr, id, gated)` says
 * what becomes of one message from `id`'s socket (GatedSocket's 'pass', 'drop', 'over-budget' or a
 * rewrite), counting and logging each drop.
 */
export function messageInspector(guard) {
  return (data, addr, id, gated) => inspect(guard, data, addr, id, gated);
}

/** What becomes of one message from `id`'s socket: see relay-gate.mjs. */
function inspect(guard, data, addr, id, gated) {
  const { addresses, ids, relay, sourceTags, counters } = guard;
  const charge = () => addresses.admitMessage(addr);
  let msg = null;
  try {
    msg = JSON.parse(data.toString());
  } catch {
    /* malformed: charged and dropped below */
  }
  // Heartbeats, and anything from a socket peer did not register (peer relays nothing for it).
  if (msg?.type === 'HEARTBEAT' || !id || ids.live.get(id)?.socket !== gated) return charge() ? 'pass' : 'over-budget';
  // An offer to an id nobody holds now: say so at once (PeerJS's EXPIRE) instead of letting peer
  // queue it for expire_timeout. A page asking whether its silent host is still there
  // (src/app/link-recovery.ts) learns that the host's socket closed in one round trip.
  if (msg?.type === 'OFFER' && typeof msg.dst === 'string' && !ids.live.has(msg.dst)) {
    if (!charge()) return 'over-budget';
    counters.offersToNobody += 1;
    gated.send(JSON.stringify({ type: 'EXPIRE', src: msg.dst, dst: id }));
    return 'drop';
  }
  let charged = false;
  const verdict = relay.admit(addr, id, msg, data.length, () => {
    charged = true;
    return charge();
  });
  if (verdict === 'relay') {
    counters.relayed += 1;
    if (!charged) counters.repliesUncharged += 1;
    // The host budgets offers per sender (src/transport/connection-budget.ts): it can only tell
    // senders apart by what we stamp, never by what they wrote, so any sourceTag sent is replaced.
    if (msg.type === 'OFFER')
      return { rewrite: JSON.stringify({ ...msg, payload: { ...msg.payload, sourceTag: sourceTags.of(addr) } }) };
    return 'pass';
  }
  if (verdict === 'over-budget') return verdict;
  noteDrop(guard, verdict, addr, msg);
  return 'drop';
}

function noteDrop({ limits: l, log, counters }, reason, addr, msg) {
  const dst = `"${msg?.dst}"`;
  const offers = {
    'offer-rate': [
      addr,
      `${addr} sent offers to ${dst} faster than ${l.offersPerS}/s (REWIND_SIGNAL_OFFERS_PER_S): dropped`,
    ],
    'open-offers': [
      addr,
      `${addr} has ${l.openOffers} connections open towards ${dst} (REWIND_SIGNAL_OPEN_OFFERS): dropped an offer`,
    ],
    'address-open': [
      addr,
      `${addr} has ${l.addressOpenOffers} connections open (4 × REWIND_SIGNAL_OPEN_OFFERS): dropped an offer`,
    ],
    'dest-rate': [
      msg?.dst,
      `${dst} is offered connections faster than ${l.destOffersPerS}/s (REWIND_SIGNAL_DEST_OFFERS_PER_S): dropped an offer from ${addr}`,
    ],
    'dest-open': [
      msg?.dst,
      `${dst} has ${l.destOpenOffers} connections open (REWIND_SIGNAL_DEST_OPEN_OFFERS): dropped an offer from ${addr}`,
    ],
  };
  if (offers[reason]) {
    counters.offersDropped += 1;
    const [who, text] = offers[reason];
    return log.hit(reason, who, text);
  }
  if (reason === 'unknown-connection') {
    counters.unknownConnections += 1;
    return log.hit(
      reason,
      addr,
      `${addr} sent ${msg.type} for a connection no OFFER opened (or one that expired): dropped`,
    );
  }
  if (reason === 'connection-full') {
    counters.connectionsFull += 1;
    return log.hit(
      reason,
      addr,
      `${addr} sent more than ${l.connectionMessages} messages or ${l.connectionBytes} bytes on one connection (REWIND_SIGNAL_CONNECTION_MESSAGES): dropped`,
    );
  }
  counters.malformed += 1;
  log.hit(
    'malformed',
    addr,
    `${addr} sent a message that is no PeerJS OFFER, ANSWER, CANDIDATE or LEAVE with a peer id and connectionId: dropped`,
  );
}
