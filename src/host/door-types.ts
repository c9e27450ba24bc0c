/**
 * What the lobby door (lobby-door.ts) is built from (DoorOptions, with the lobby's live DoorFacts),
 * what it lets in (AdmittedJoiner) and what it counts (DoorCounters). Plain types, no logic.
 */
import type { RejectReason } from '../protocol/control-messages';
import type { PeerLink } from '../transport/peer-link';
import type { CryptoLike, LobbyKey } from '../lobby/host-key';
import type { PasswordVerifier } from '../lobby/password-verifier';
import type { PasswordPolicy } from './password-guard';
import type { Seat, SeatKeeper } from './seat-keeper';

export interface DoorFacts {
  playerCount: number;
  maxPlayers: number;
  /** Spectators in the lobby and their cap (issue 24, sv_maxspectators): their own places, never the players'. Absent: 0. */
  spectatorCount?: number;
  maxSpectators?: number;
  started: boolean;
  joinRunningMatch: boolean;
  closed: boolean;
}

export interface DoorOptions {
  key: LobbyKey;
  roomId: string;
  /** The lobby password (the host that opened the lobby) or its verifier (a successor's door). */
  password: string | PasswordVerifier;
  crypto: CryptoLike;
  facts: () => DoorFacts;
  now: () => number;
  passwordPolicy?: PasswordPolicy;
  /** A successor host's door (issue 13): the old host's seats (SeatKeeper.rebuild) and bans (ban keys of browser tokens). */
  seats?: SeatKeeper;
  bans?: Iterable<string>;
}

export interface AdmittedJoiner {
  link: PeerLink;
  name: string;
  browserToken: string;
  seatToken: string;
  /** The seat this joiner had earlier in the match (its id and name), or null for a newcomer. */
  seat: Seat | null;
  /** Its hello said it can take the match over (host migration: it may be named a successor). */
  migration: boolean;
  /** Its hello asked to watch (issue 24): a spectator, no seat. */
  watch: boolean;
  /** Its hello said it understands the 'watchers' message (issue 24, flag 16). */
  watchers: boolean;
}

export interface DoorCounters {
  /** Refusals by reason (the reject sent, or 'busy'/'timeout'/'closed' for the silent ones). */
  refused: Partial<Record<RejectReason | 'timeout' | 'link-failed' | 'evicted', number>>;
  proofsSent: number;
  /** Link setups that waited for a place their address held (friends behind one NAT joining together). */
  readonly setupsWaited: number;
}
