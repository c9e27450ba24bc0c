/**
 * When a page's TURN credentials stop working. The project's server hands out coturn's
 * shared-secret credentials (scripts/turn-credentials.mjs): the username is
 * `<expiry unix time>:<random id>`, so the page can read the expiry without asking anyone.
 *
 * Inputs: RTCIceServer entries. Output: the earliest expiry (unix seconds) among those that carry
 * one, or null (no expiring credentials: static or none). Invariant: pure, never throws.
 */
export function iceExpiry(servers: readonly RTCIceServer[]): number | null {
  let earliest: number | null = null;
  for (const s of servers) {
    const m = typeof s.username === 'string' ? /^(\d{9,12}):/.exec(s.username) : null;
    if (!m) continue;
    const t = Number(m[1]);
    earliest = earliest === null ? t : Math.min(earliest, t);
  }
  return earliest;
}

/**
 * Whether to fetch new credentials before using these: past half of their life as seen since
 * `fetchedAtS` (a day-long pair is renewed after half a day, a 6 s lab pair after 3 s), or expired.
 */
export function iceNeedsRefresh(servers: readonly RTCIceServer[], fetchedAtS: number, nowS: number): boolean {
  const expiry = iceExpiry(servers);
  if (expiry === null) return false;
  return nowS >= fetchedAtS + (expiry - fetchedAtS) / 2;
}
