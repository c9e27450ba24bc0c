/**
 * Lobby links: `<page>#join=<room id>`. The link keeps the page's signaling parameters (peer,
 * peerkey, ice) so friends use the same PeerServer and TURN relay as the host, and drops
 * everything else (cvars are personal).
 *
 * Outputs: `lobbyLink` builds the link; `parseJoinHash` returns the room id or null for anything
 * that is not exactly a well-formed id (no partial matches, no injection into the page).
 */
import { isRoomId } from './room-id';

export const SIGNALING_PARAMS = ['peer', 'peerkey', 'ice'] as const;

export interface PageLocation {
  origin: string;
  pathname: string;
  search: string;
}

export function lobbyLink(page: PageLocation, roomId: string): string {
  const given = new URLSearchParams(page.search);
  const kept = new URLSearchParams();
  for (const name of SIGNALING_PARAMS) {
    const v = given.get(name);
    if (v !== null) kept.set(name, v);
  }
  const query = kept.toString();
  return `${page.origin}${page.pathname}${query ? '?' + query : ''}#join=${roomId}`;
}

export function parseJoinHash(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const params = new URLSearchParams(body);
  const id = params.get('join');
  return id !== null && isRoomId(id) ? id : null;
}
