/**
 * The host's counters for the debug API (`stats().host`): the listen server's own, the door's
 * refusals by reason, and what happened before the door (offers, connections, signaling frames),
 * flattened into one record of numbers.
 */
import type { DoorCounters } from '../host/door-types';
import type { ListenServer } from '../host/listen-server';
import { PROTOCOL_VERSION } from '../protocol/wire';
import type { Peer } from '../transport/peer-link';

export function hostCounters(server: ListenServer, peer: Peer): Record<string, number> {
  return {
    ...server.counters,
    ...doorCounters(server.door.counters),
    ...offerCounters(server, peer),
    protocolVersion: PROTOCOL_VERSION,
  };
}

/** What happened before the door: offers admitted or dropped, connections built, signaling frames dropped. */
function offerCounters(server: ListenServer, peer: Peer): Record<string, number> {
  const out: Record<string, number> = { 'signaling.malformed': peer.counters.malformed };
  for (const [name, n] of Object.entries(server.offers.counters)) out[`offers.${name}`] = n;
  for (const [name, n] of Object.entries(server.offers.budget.counters)) out[`connections.${name}`] = n;
  return out;
}

/** The door's refusals by reason, flat for the debug API: `refused.busy`, `refused.password`… */
function doorCounters(c: DoorCounters): Record<string, number> {
  const out: Record<string, number> = { proofsSent: c.proofsSent, setupsWaited: c.setupsWaited };
  for (const [reason, n] of Object.entries(c.refused)) out[`refused.${reason}`] = n;
  return out;
}
