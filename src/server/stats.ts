/**
 * What the server reports about itself: per-client network health and the last lag-compensated
 * shot (for the net graph, the debug overlay and tests). Plain data, safe to post across threads.
 * The netcode's part (`NetServerStats`: the tick and the clients' sessions) is the same for every
 * game; the game's `report()` adds its own fields beside it (`ServerStatsOf`; the arena's whole
 * report is src/arena/server/served-game.ts ServerStats, the shape docs/DEBUG-API.md documents).
 */
import type { KickReason } from '../protocol/control-messages';
import type { DebugMessage } from '../protocol/debug-messages';
import type { Hitbox } from '../protocol/hitbox';
import type { PlayerId, Tick } from '../protocol/ids';
import type { RewindAdjustment } from './lag-compensator';

/** What the server tested for a client's last hitscan shot. */
export interface RewindRecord {
  /** Server tick the shot was fired on. */
  tick: Tick;
  /** View time the command claimed, and the one tested after the estimate check and the clamp (ticks, fractional). */
  claimedViewTime: number;
  viewTime: number;
  adjustment: RewindAdjustment;
  /** The other players' hitboxes as rewound (live ones when lag compensation is off). */
  hitboxes: Hitbox[];
  hit: PlayerId | null;
  lagCompensated: boolean;
}

export interface ClientStats {
  clientId: PlayerId;
  packetsIn: number;
  bytesIn: number;
  decodeFailures: number;
  /** Snapshots that could not be encoded (skipped; should stay 0). */
  encodeFailures: number;
  commandsAccepted: number;
  /** Ticks that had no command from this client and repeated its last one. */
  repeats: number;
  /** Ticks that ran a command which arrived after its own tick (its input applied late instead of ignored). */
  lateCommands: number;
  /** Ticks that ran a neutral command (no move, no fire): the client sent nothing for over 250 ms. */
  neutralCommands: number;
  /** Longest run of ticks in a row that ran a repeated or neutral command (the input ignored that long). */
  longestRepeatRun: number;
  /** The last 16 runs of repeated commands: the server tick each ended on and its length. */
  recentRepeatRuns: Array<{ endTick: Tick; length: number }>;
  staleDrops: number;
  duplicateDrops: number;
  futureRejects: number;
  /** The depth last reported to the client (see CommandBuffer.depth). */
  bufferDepth: number;
  rttMs: number | null;
  jitterMs: number;
  snapshotsSent: number;
  fullSnapshots: number;
  deltaSnapshots: number;
  /** Datagrams sent (a split snapshot counts each part). */
  packetsOut: number;
  bytesOut: number;
  /** Ticks a due snapshot waited because the client's rate budget was spent. */
  heldBackTicks: number;
  eventsPending: number;
  eventsDropped: number;
  /** Resynchronisations: events had to be dropped (the outbox overflowed during an outage), so full snapshots went until one was acked. */
  resyncs: number;
  lastAckTick: Tick;
  lastRewind: RewindRecord | null;
  kicked: KickReason | null;
  /** Present (true) only for a spectator's session (issue 24): it has no player in the match. */
  spectator?: true;
}

/** The netcode's part of the report, for any game: the tick and one entry per client session. */
export interface NetServerStats {
  tick: Tick;
  /** One per connected client (not the bots). */
  clients: ClientStats[];
}

/**
 * A game's whole report: the netcode's part and the fields of the game's `report()` (`R`), which
 * must be plain data and must not use the names `tick` or `clients`.
 */
export type ServerStatsOf<R extends object> = NetServerStats & R;

/**
 * The 'debug' control message (sv_showhitboxes) for one client: the other players' hitboxes as the
 * server holds them at `tick`, and what it tested for that client's last hitscan shot.
 */
export function debugMessageAt(
  tick: Tick,
  liveHitboxes: readonly Hitbox[],
  clientId: PlayerId,
  r: RewindRecord | null,
): DebugMessage {
  return {
    type: 'debug',
    tick,
    hitboxes: liveHitboxes.filter((h) => h.id !== clientId),
    rewind: r && {
      tick: r.tick,
      claimedViewTime: r.claimedViewTime,
      viewTime: r.viewTime,
      adjustment: r.adjustment,
      lagCompensated: r.lagCompensated,
      hitboxes: r.hitboxes,
      hit: r.hit,
    },
  };
}
