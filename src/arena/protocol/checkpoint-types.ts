/**
 * The migration checkpoint (issue 13): everything a successor needs to run the match from another
 * browser, as plain data. `checkpoint-codec.ts` turns it into bytes and back; `src/arena/server/arena-checkpoint.ts`
 * takes one from a running GameServer and builds a GameServer from one.
 *
 * What it holds: the server's configuration; the whole authoritative world including what no
 * snapshot carries (every player's ammo, weapon timers and respawn tick, projectiles, pickup
 * timers, the match's rules, clock, per-player records and results, the sim's PRNG state); the
 * next event id (so the successor's events never reuse an id a client already showed); per
 * connected person its roster name, seat token and the command its repeats are made of (whose
 * tick is the last command tick processed for it); the seats held for players who left (seat
 * token, id, name and, when it is this match's, the record a rejoin gives back) and the banned
 * browser tokens; the lobby's cvars; the lobby key (opaque bytes the host layer fills in); and
 * the lag-compensation history of the ticks just before (optional: a handover's final checkpoint).
 * What it does not hold: per-connection state that the successor measures anew (round trips,
 * acked baselines, unacked events, abuse counters; docs/PROTOCOL.md "Migration checkpoint").
 *
 * Invariants (checked by the decoder): every number is an integer or on its sim grid; players,
 * projectiles, match records, clients and departed players are sorted by id without repeats; every
 * world player has a match record and every client a world player; no departed id is a client's;
 * a departed record is its own id's and a person's (not a bot's); tokens are 32 lowercase hex
 * digits and a departed player's is not zero nor anyone else's.
 */
import type { PublicPlayerState, Tick, UserCmd, WorldState } from '../../sim/types';
import type { ReturningPlayer } from '../../sim/match-types';
import type { CheckpointCvar } from '../../protocol/checkpoint-fields';

export {
  CHECKPOINT_LIMITS,
  CVAR_NAME_PATTERN,
  TOKEN_PATTERN,
  type CheckpointCvar,
} from '../../protocol/checkpoint-fields';

/** The version byte every checkpoint starts with; a decoder refuses any other. */
export const CHECKPOINT_VERSION = 1;

/** The GameServer's own settings (the sv_ cvars it runs with) and the map's id on the wire. */
export interface CheckpointServer {
  tickrate: number;
  maxPlayers: number;
  /** sv_maxunlag in whole milliseconds. */
  maxUnlagMs: number;
  lagCompensation: boolean;
  /** A MAPS index, or CUSTOM_MAP_ID for a map outside the registry (then the successor must supply it). */
  mapId: number;
}

/** A connected person (not a bot): its roster entry and its command stream's state. */
export interface CheckpointClient {
  id: number;
  name: string;
  /** The seat token its tab sent in its hello (32 lowercase hex digits; all zeros: none, it cannot rejoin). */
  token: string;
  /** The command its missing commands repeat (null before its first); its tick is the last command tick processed. */
  lastCmd: UserCmd | null;
  /** When the server estimated `lastCmd` was made, as 1/256 tick before (positive) or after `lastCmd.tick`. */
  lastCmdMadeAgo256: number;
}

/** One player's hitbox as lag compensation records it (its radius follows from `crouch`). */
export type RewindBox = Pick<PublicPlayerState, 'id' | 'x' | 'y' | 'alive' | 'crouch' | 'teleportSeq'>;

/** Every player's hitbox at one tick before the checkpoint's. */
export interface RewindTick {
  tick: Tick;
  /** Sorted by id. */
  boxes: RewindBox[];
}

/**
 * A seat held for a player who left (issue 13, "Rejoin"): a hello with this seat token gets this id
 * and name back (src/host/seat-keeper.ts) and, when the record is this match's, the record too
 * (GameServer.addClient(id, now, true)). Records of an earlier match are not carried (null).
 */
export interface DepartedPlayer {
  /** The seat token (32 lowercase hex digits, never all zeros). */
  token: string;
  id: number;
  name: string;
  /** Its match record (record.id = id, not a bot) and its body's kills and deaths; null when it left in an earlier match. */
  returning: ReturningPlayer | null;
}

export interface Checkpoint {
  server: CheckpointServer;
  world: WorldState;
  /**
   * Lag-compensation history: the hitboxes of the ticks just before `world.tick`, oldest first
   * (none in the periodic checkpoints; a handover's final one carries the rewind window, so shots
   * made just before it are judged exactly as the old host would have).
   */
  rewind: RewindTick[];
  /** The id the next event gets (mod 65536). */
  nextEventId: number;
  clients: CheckpointClient[];
  departed: DepartedPlayer[];
  /** Banned browser tokens. */
  bans: string[];
  cvars: CheckpointCvar[];
  /** The lobby's private key (PKCS8 or JWK bytes), opaque here; empty when the host has none. */
  lobbyKey: Uint8Array;
}
