/**
 * How a host leaves a running match (issue 13, "Graceful handover"; docs/GAME.md "Leaving"):
 *  - hand it over: the ListenServer sends the first successor a final checkpoint with the rewind
 *    window, the worker stops simulating (the successor continues from that tick), the old host
 *    announces it in the chat (so the others' notice says "left", not "connection was lost"),
 *    releases the lobby's signaling id at once (the successor claims it with our token) while its
 *    links stay open, and leaves once the successor has closed its link to us (it does on the final
 *    checkpoint) or HANDOVER_WAIT_MS passed, never in the task that sent the announcement: closing
 *    earlier could cut the checkpoint off on a lossy link, and the successor would then take over
 *    from an older periodic one;
 *  - end it for everyone: every joiner gets a 'shutdown' kick ("The server shut down.") and the
 *    page leaves only once the kicks closed their links themselves (CLOSE_GRACE_MS), so nobody migrates.
 * Inputs: the ListenServer, how to release the id and how to leave. Output: the
 * successor's name (or null: nobody to hand to, nothing done).
 */
import type { ListenServer } from '../host/listen-server';
import { CLOSE_GRACE_MS } from '../host/lobby-door';
import { migrationNotice } from '../lobby/migration-notice';

/** The longest a leaving host waits for its last messages (final checkpoint, kicks) to be taken. */
export const HANDOVER_WAIT_MS = 3000;
/** A little past the kicks' own close (CLOSE_GRACE_MS after they were sent). */
const AFTER_KICKS_MS = CLOSE_GRACE_MS + 50;

export async function handOverMatch(
  server: ListenServer,
  releaseId: () => void,
  leave: () => void,
): Promise<string | null> {
  // Sends the final checkpoint, then stops the worker's tick loop (host-migration.ts).
  const to = await server.migration.handOver();
  if (to === null) return null;
  const players = server.roster.lobbyList();
  const oldHost = players.find((p) => p.isHost)?.name ?? null;
  const newHost = players.find((p) => p.id === to)?.name ?? null;
  server.chat.announce(migrationNotice({ oldHost, newHost, graceful: true, selfHosts: false }));
  releaseId();
  // The successor closes its link to us once it holds the final checkpoint: the roster says so (onChange).
  let gone = false;
  const go = (): void => {
    if (gone) return;
    gone = true;
    off();
    clearTimeout(cap);
    leave();
  };
  const cap = setTimeout(go, HANDOVER_WAIT_MS);
  const off = server.onChange(() => void (server.roster.get(to) === undefined && go()));
  // The successor may be gone already (it leaves on the final checkpoint, often before stopTicking
  // answers). Not in this task: Chromium drops a DataChannel message queued in the same task as
  // RTCPeerConnection.close(), and the announcement above would never leave. The successor's
  // own notice line (takeover-notice.ts) covers the joiners if it still does not arrive.
  if (server.roster.get(to) === undefined) setTimeout(go, 0);
  return newHost ?? `player ${to}`;
}

export function endMatchForEveryone(server: ListenServer, leave: () => void): void {
  // Everyone, the spectators (issue 24) too: roster.all(), not the lobby list (players only).
  for (const p of server.roster.all()) if (!p.isHost) server.kick(p.id, 'shutdown', 'the host ended the match');
  // Closing at once could cut the kicks off (a joiner that never read one would migrate): leave no
  // sooner than the kicks close their own links (CLOSE_GRACE_MS after they were sent).
  setTimeout(leave, AFTER_KICKS_MS);
}
