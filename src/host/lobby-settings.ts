/**
 * What a listen server is given (LobbySettings: the lobby's rules, key and migration settings; a
 * successor's RestoredLobby) and what it counts (ListenServerCounters). Plain types, no logic.
 */
import type { MatchSettings } from '../protocol/control-messages';
import type { CryptoLike, LobbyKey } from '../lobby/host-key';
import type { PasswordVerifier } from '../lobby/password-verifier';
import type { MigrationSettings } from './host-migration';
import type { TokenSeat } from './seat-keeper';
import type { CheckpointCounters } from './checkpoint-sender';

/** Migration's fields (host-migration.ts MigrationSettings): `migration`, `peerToken`, `hostSeatKey`, `chosen`, `cvars`. */
export interface LobbySettings extends MigrationSettings {
  maxPlayers: number;
  /** Spectator places (issue 24, sv_maxspectators, already clamped); absent: DEFAULT_MAX_SPECTATORS. */
  maxSpectators?: number;
  /** The password (a lobby this page opened) or its verifier (a successor's lobby: lobby/password-verifier.ts). */
  password: string | PasswordVerifier;
  joinRunningMatch: boolean;
  match: MatchSettings;
  /** The lobby's key pair (the link names its fingerprint) and the room id it signs for. */
  key: LobbyKey;
  roomId: string;
  crypto: CryptoLike;
  /** Whether the worker records each match as a replay (default true; the dedicated host only with --record). */
  record?: boolean;
}

/** A successor's lobby (issue 13): the old host's seats and bans, from its checkpoint (api.restore). */
export interface RestoredLobby {
  seats: TokenSeat[];
  bans: string[];
  /** Whether the match had started (it had, for a migration). */
  started: boolean;
  /**
   * Taken over by a graceful handover (this page got the final checkpoint): the old and the new
   * host's names as the old lobby list had them (null when unknown), which every returning seat
   * hears in a chat line (takeover-notice.ts).
   */
  handedOverBy?: { oldHost: string | null; newHost: string | null };
}

/** The checkpoint stream's counters (checkpoint-sender.ts) ride along: checkpointsSent, checkpointBytes, checkpointIntervalMs, checkpointFailures. */
export interface ListenServerCounters extends CheckpointCounters {
  malformedControl: number;
  rejected: number;
  timeouts: number;
  kicks: number;
}
