/**
 * Lobby links: `<page>?<signaling params>#join=<room id>&key=<host key fingerprint>`. The link keeps
 * the page's signaling parameters (peer, peerkey, ice) so friends use the same PeerServer and TURN
 * relay as the host, and drops everything else (cvars are personal). `key` is the fingerprint of
 * the lobby's public key (host-key.ts): the joiner makes whoever answers on the lobby's id prove it
 * holds that key (host-auth.ts). It lives in the fragment, which browsers never send to a server.
 *
 * Outputs: `lobbyLink` builds the link; `parseLobbyHash` returns the target (room id, and the key or
 * null for an older link without one), or null for anything that is not exactly well-formed (no
 * partial matches, no injection into the page), with a one-sentence `problem` when the hash tries
 * to be a lobby link and is not one (a malformed id, a damaged key); `joinLinkProblem` is that
 * sentence alone, `parseJoinHash` the room id alone.
 */
import { FINGERPRINT_PATTERN } from './host-key';
import { isRoomId } from './room-id';

export const SIGNALING_PARAMS = ['peer', 'peerkey', 'ice'] as const;

export interface PageLocation {
  origin: string;
  pathname: string;
  search: string;
}

export interface LobbyTarget {
  roomId: string;
  /** base64url SHA-256 of the host's public key; null for a link made before keys existed. */
  hostKey: string | null;
}

export function lobbyLink(page: PageLocation, roomId: string, hostKey: string | null = null): string {
  const given = new URLSearchParams(page.search);
  const kept = new URLSearchParams();
  for (const name of SIGNALING_PARAMS) {
    const v = given.get(name);
    if (v !== null) kept.set(name, v);
  }
  const query = kept.toString();
  return `${page.origin}${page.pathname}${query ? '?' + query : ''}#join=${roomId}${hostKey ? `&key=${hostKey}` : ''}`;
}

/** Why a hash that names no valid lobby id is a malformed lobby link, or null when it is no lobby link at all. */
function malformedIdProblem(body: string, id: string | null): string | null {
  if (id === null && !/join/i.test(body)) return null;
  const raw = id ?? '';
  const shown = [...raw].slice(0, 24).join('') + ([...raw].length > 24 ? '…' : '');
  const what = raw === '' ? 'it names no lobby' : `"${shown}" is not a lobby id (16 letters a-z and digits 2-7)`;
  return `This lobby link is malformed: ${what}. Ask the host to copy the link again, or create your own lobby.`;
}

export function parseLobbyHash(hash: string): { target: LobbyTarget | null; problem: string | null } {
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const params = new URLSearchParams(body);
  const id = params.get('join');
  if (id === null || !isRoomId(id)) return { target: null, problem: body === '' ? null : malformedIdProblem(body, id) };
  const key = params.get('key');
  if (key === null) return { target: { roomId: id, hostKey: null }, problem: null };
  if (!FINGERPRINT_PATTERN.test(key))
    return {
      target: null,
      problem: 'This lobby link is damaged (its host key is not valid). Ask the host for the link again.',
    };
  return { target: { roomId: id, hostKey: key }, problem: null };
}

/** The room id alone (older callers): null unless the hash is a well-formed lobby link. */
export function parseJoinHash(hash: string): string | null {
  return parseLobbyHash(hash).target?.roomId ?? null;
}

/** Text of a malformed lobby link (shown on the start screen), or null when the hash is no lobby link at all or a good one. */
export function joinLinkProblem(hash: string): string | null {
  return parseLobbyHash(hash).problem;
}
