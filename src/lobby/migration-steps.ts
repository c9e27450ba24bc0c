/**
 * Who does what when the host is gone (issue 13, "Migration"; docs/ARCHITECTURE.md "Host
 * migration"): a pure decision, asked again after every attempt, with no timers of its own.
 *
 * Every joiner that lost its host keeps trying to join the same room again (the new host, if
 * someone took over, answers on the same peer id). A successor of rank r (0 = first) also
 * claims the room's id, but only after `r × CLAIM_STAGGER_MS` of trying to join first, so the
 * one ahead of it gets the chance to take over; a claim the signaling server refuses (id-taken:
 * someone else hosts, or the old host's socket is not yet known to be gone) is retried every
 * CLAIM_RETRY_MS while joining continues in between. The successor the old host handed the match
 * to (a final checkpoint) claims at once, and only claims (every HANDOVER_CLAIM_RETRY_MS) until
 * the next successor's turn would come. After MIGRATION_GIVE_UP_MS everyone gives up: "The host left."
 *
 * Inputs: `MigrationClock` (elapsed time since the host was found gone, when each kind of
 * attempt last started) and this page's role. Output: the next step.
 * Invariants: never 'claim' without a checkpoint; attempts of one kind start at least their
 * retry interval apart; 'wait' is always > 0 ms and never past the give-up time.
 */

/** A successor of rank r waits r times this (trying to join) before it claims the room. */
export const CLAIM_STAGGER_MS = 2500;
/** Join attempts start at least this far apart. */
export const JOIN_RETRY_MS = 400;
/** A refused claim is tried again after this (the old host's socket may yet be found silent). */
export const CLAIM_RETRY_MS = 1000;
/**
 * The successor the old host handed the match to claims this often, and only claims, while the
 * next successor still waits its turn (CLAIM_STAGGER_MS): the leaving host frees its id within
 * moments, and a join attempt would hold the page for a whole link timeout meanwhile (a CI run
 * saw the second successor take over while the named one sat in a 4 s join).
 */
export const HANDOVER_CLAIM_RETRY_MS = 250;
/** After this long without a new host, the match is over for this page. */
export const MIGRATION_GIVE_UP_MS = 15_000;
/** A host silent this long (of listening time) with a running match is gone: migrate. */
export const MIGRATION_SILENCE_MS = 2000;

export interface MigrationRole {
  /** This page's place in the host's successor list (0 = first), or null when it is not on it. */
  rank: number | null;
  /** This page holds a checkpoint it could restore (a successor without one can only join). */
  hasCheckpoint: boolean;
  /** The old host handed the match to this page (its final checkpoint): claim at once. */
  handedOver: boolean;
}

export interface MigrationClock {
  /** Time since the host was found gone (ms). */
  elapsedMs: number;
  /** When the last join / claim attempt started (elapsed ms), or null for none yet. */
  lastJoinAtMs: number | null;
  lastClaimAtMs: number | null;
}

export type MigrationStep = { kind: 'join' } | { kind: 'claim' } | { kind: 'wait'; ms: number } | { kind: 'give-up' };

/** When this page may first claim the room (elapsed ms), or null when it may not claim. */
export function claimFromMs(role: MigrationRole): number | null {
  if (role.rank === null || !role.hasCheckpoint) return null;
  return role.handedOver ? 0 : role.rank * CLAIM_STAGGER_MS;
}

export function nextMigrationStep(role: MigrationRole, c: MigrationClock): MigrationStep {
  const t = c.elapsedMs;
  if (t >= MIGRATION_GIVE_UP_MS) return { kind: 'give-up' };
  const claimFrom = claimFromMs(role);
  if (role.handedOver && claimFrom !== null && t < CLAIM_STAGGER_MS) {
    const next = c.lastClaimAtMs === null ? 0 : c.lastClaimAtMs + HANDOVER_CLAIM_RETRY_MS;
    if (t >= next) return { kind: 'claim' };
    return { kind: 'wait', ms: Math.max(1, Math.min(next, CLAIM_STAGGER_MS) - t) };
  }
  const nextClaimAt =
    claimFrom === null
      ? Infinity
      : Math.max(claimFrom, c.lastClaimAtMs === null ? 0 : c.lastClaimAtMs + CLAIM_RETRY_MS);
  if (t >= nextClaimAt) return { kind: 'claim' };
  // The successor handed the match claims first; everyone else starts by looking for a new host.
  const nextJoinAt = c.lastJoinAtMs === null ? 0 : c.lastJoinAtMs + JOIN_RETRY_MS;
  if (t >= nextJoinAt) return { kind: 'join' };
  return { kind: 'wait', ms: Math.max(1, Math.min(nextClaimAt, nextJoinAt, MIGRATION_GIVE_UP_MS) - t) };
}
