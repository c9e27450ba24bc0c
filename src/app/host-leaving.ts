/**
 * How a host leaves a running match (issue 13, "Graceful handover"; docs/GAME.md "Leaving"):
 *  - hand it over: the ListenServer sends the first successor a final checkpoint with the rewind
 *    window, the worker stops simulating (the successor continues from that tick), the old host
 *    announces it in the chat (so the others' notice says "left", not "connection was lost"),
 *    releases the lobby's signaling id at once (the successor claims it with our token), and
 *    closes its links a moment later, so the final checkpoint is delivered first;
 *  - end it for everyone: every joiner gets a 'shutdown' kick ("The server shut down.") before
 *    the links close, so nobody migrates.
 * Inputs: the ListenServer, how to release the id and how to leave. Output: the
 * successor's name (or null: nobody to hand to, nothing done).
 */
import type { ListenServer } from '../host/listen-server';
import { migrationNotice } from '../lobby/migration-notice';

/** Time for the final checkpoint and the announcement to leave before the links close. */
export const HANDOVER_CLOSE_MS = 300;

export async function handOverMatch(server: ListenServer, releaseId: () => void, leave: () => void): Promise<string | null> {
  // Sends the final checkpoint, then stops the worker's tick loop (host-migration.ts).
  const to = await server.handOver();
  if (to === null) return null;
  const players = server.roster.lobbyList();
  const oldHost = players.find((p) => p.isHost)?.name ?? null;
  const newHost = players.find((p) => p.id === to)?.name ?? null;
  server.chat.announce(migrationNotice({ oldHost, newHost, graceful: true, selfHosts: false }));
  releaseId();
  setTimeout(leave, HANDOVER_CLOSE_MS);
  return newHost ?? `player ${to}`;
}

export function endMatchForEveryone(server: ListenServer, leave: () => void): void {
  for (const p of server.roster.lobbyList()) if (!p.isHost) server.kick(p.id, 'shutdown', 'the host ended the match');
  // Closing at once could cut the kicks off: a joiner that never read one would migrate.
  setTimeout(leave, HANDOVER_CLOSE_MS);
}
