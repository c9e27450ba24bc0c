/**
 * The short notice every player sees after a host migration (issue 13): "Alice's connection was
 * lost — Bob is now hosting", or after a graceful handover "Alice left — Bob is now hosting".
 *
 * Inputs: the old and new host's names as the lobby list had them (player text, possibly
 * missing), whether the old host handed the match over, and whether this page is the new host.
 * Output: one plain string. Invariant: names stay text: the caller shows the notice with
 * textContent (a chat system line), never as markup.
 */
import type { LobbyPlayer } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';

export interface MigrationNoticeFacts {
  oldHost: string | null;
  newHost: string | null;
  graceful: boolean;
  /** This page took over: it reads "you are now hosting". */
  selfHosts: boolean;
}

export function migrationNotice(f: MigrationNoticeFacts): string {
  const who = f.oldHost ?? 'The host';
  const gone = f.graceful ? `${who} left` : `${who}'s connection was lost`;
  const next = f.selfHosts ? 'you are now hosting' : `${f.newHost ?? 'a new host'} is now hosting`;
  return `${gone} — ${next}`;
}

/** What the page says while a migration is under way (the notice replaces it when it is done). */
export function migratingText(oldHost: string | null, handover: boolean): string {
  const who = oldHost ?? 'The host';
  return handover
    ? `${who} handed the match to you — taking over…`
    : `${who}'s connection was lost — finding the new host…`;
}

/** The host's name in a lobby list (the player marked isHost), or null. */
export function hostName(players: readonly LobbyPlayer[]): string | null {
  return players.find((p) => p.isHost)?.name ?? null;
}

/** A player's name in a lobby list, or null. */
export function nameOf(players: readonly LobbyPlayer[], id: PlayerId): string | null {
  return players.find((p) => p.id === id)?.name ?? null;
}

/** What a page knew of the lobby when its host went (join-session.ts HostLost, in part). */
export interface LostHostFacts {
  why: 'lost' | 'handover';
  successors: readonly PlayerId[];
  players: readonly LobbyPlayer[];
  /** System chat lines the old host sent: a handover announces itself in one. */
  systemLines: readonly string[];
}

/**
 * The notice after a migration: the old host from the old lobby list, the new one from the new
 * list (else the first successor), "left" when the old host handed over: this page got the final
 * checkpoint, or exactly this handover was announced in the chat, by the old host (`lost.systemLines`)
 * or by the new one (`newHostLines`: its system lines so far). The old host's line may never come
 * (it closes its links right after sending it, which can drop it); the new host's comes before
 * its first lobby list (host/takeover-notice.ts), so a page that waits for that list has it.
 */
export function noticeAfterMigration(
  lost: LostHostFacts,
  newPlayers: readonly LobbyPlayer[],
  selfHosts: boolean,
  newHostLines: readonly string[] = [],
): string {
  const oldHost = hostName(lost.players);
  const first = lost.successors[0];
  const newHost = hostName(newPlayers) ?? (first === undefined ? null : nameOf(lost.players, first));
  const announced = migrationNotice({ oldHost, newHost, graceful: true, selfHosts: false });
  const graceful = lost.why === 'handover' || lost.systemLines.includes(announced) || newHostLines.includes(announced);
  return migrationNotice({ oldHost, newHost, graceful, selfHosts });
}
