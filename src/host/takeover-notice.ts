/**
 * A successor host after a graceful handover (issue 13) tells each player of the old match, once,
 * how the host changed: a `chat` from the lobby itself (SYSTEM_CHAT_ID) reading "Alice left — Bob
 * is now hosting", sent right after that player's `welcome` and before its first `lobby` list.
 *
 * Why: the old host announces the handover in the chat just before it closes its links, and a
 * line queued on a DataChannel in the same moment as the RTCPeerConnection closes is dropped; a
 * joiner whose close came without the line would say "connection was lost". This host got the
 * final checkpoint, so it knows; and since its line travels ahead of the lobby list on the same
 * ordered channel, a rejoining page has it before it writes its notice (migrating-session.ts).
 *
 * Inputs: the old and new host's names (the old lobby list as the successor knew it, or null), the
 * ids of the old match's seats, this host's lobby list when the line is sent (the new host's name
 * as the joiner will read it). Output: the line, sent.
 * Invariant: at most one line per seat; nobody who was not in the old match gets one.
 */
import { encodeControl } from '../protocol/control';
import { SYSTEM_CHAT_ID, type LobbyPlayer } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import { hostName, migrationNotice } from '../lobby/migration-notice';

export class TakeoverNotice {
  private readonly untold: Set<PlayerId>;

  constructor(
    private readonly names: { oldHost: string | null; newHost: string | null },
    seats: readonly PlayerId[],
  ) {
    this.untold = new Set(seats);
  }

  /** Sends a newly welcomed player its line (`players`: this host's lobby list), unless it was not of the old match or was told already. */
  tell(id: PlayerId, players: readonly LobbyPlayer[], send: (bytes: Uint8Array) => void): void {
    if (!this.untold.delete(id)) return;
    // The text the old host announced, with the names the joiner compares it with (noticeAfterMigration):
    // the host of this lobby list, or (our own seat not back yet) our name in the old one, as the joiner's fallback.
    const text = migrationNotice({
      oldHost: this.names.oldHost,
      newHost: hostName(players) ?? this.names.newHost,
      graceful: true,
      selfHosts: false,
    });
    send(encodeControl({ type: 'chat', from: SYSTEM_CHAT_ID, text }));
  }
}
