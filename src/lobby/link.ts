/**
 * Lobby links: `<page>#join=<room id>`. The link keeps the page's signaling parameters (peer,
 * peerkey, ice) so friends use the same PeerServer and TURN relay as the host, and drops
 * everything else (cvars are personal).
 *
 * Outputs: `lobbyLink` builds the link; `parseJoinHash` returns the room id or null for anything
 * that is not exactly a well-formed id (no partial matches, no injection into the page);
 * `joinLinkProblem` says, in one sentence, why a hash that tries to be a lobby link is not one.
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

/** Text of a malformed lobby link (shown on the start screen), or null when the hash is no lobby link at all or a good one. */
export function joinLinkProblem(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  if (body === '' || parseJoinHash(hash) !== null) return null;
  const params = new URLSearchParams(body);
  if (!params.has('join') && !/join/i.test(body)) return null;
  const id = params.get('join') ?? '';
  const what = id === '' ? 'it names no lobby' : `"${[...id].slice(0, 24).join('')}${[...id].length > 24 ? '…' : ''}" is not a lobby id (16 letters a-z and digits 2-7)`;
  return `This lobby link is malformed: ${what}. Ask the host to copy the link again, or create your own lobby.`;
}

export function parseJoinHash(hash: string): string | null {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const params = new URLSearchParams(body);
  const id = params.get('join');
  return id !== null && isRoomId(id) ? id : null;
}
