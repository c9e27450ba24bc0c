import { describe, expect, it } from 'vitest';
import {
  CLAIM_RETRY_MS,
  CLAIM_STAGGER_MS,
  HANDOVER_CLAIM_RETRY_MS,
  JOIN_RETRY_MS,
  MIGRATION_GIVE_UP_MS,
  nextMigrationStep,
  type MigrationClock,
  type MigrationRole,
  type MigrationStep,
} from '../../../src/lobby/migration-steps';

/** Runs the decision like the page does: each attempt takes `attemptMs` and fails; returns what started when. */
function simulate(
  role: MigrationRole,
  attemptMs: number,
  claimsSucceedAt = Infinity,
): Array<{ at: number; kind: MigrationStep['kind'] }> {
  const c: MigrationClock = { elapsedMs: 0, lastJoinAtMs: null, lastClaimAtMs: null };
  const log: Array<{ at: number; kind: MigrationStep['kind'] }> = [];
  for (let guard = 0; guard < 10_000; guard++) {
    const step = nextMigrationStep(role, c);
    if (step.kind === 'wait') {
      expect(step.ms).toBeGreaterThan(0);
      c.elapsedMs += step.ms;
      continue;
    }
    log.push({ at: c.elapsedMs, kind: step.kind });
    if (step.kind === 'give-up') return log;
    if (step.kind === 'claim') {
      c.lastClaimAtMs = c.elapsedMs;
      if (c.elapsedMs >= claimsSucceedAt) return log;
    } else c.lastJoinAtMs = c.elapsedMs;
    c.elapsedMs += attemptMs;
  }
  throw new Error('no end');
}

describe('nextMigrationStep', () => {
  it('a plain joiner retries joining every JOIN_RETRY_MS until MIGRATION_GIVE_UP_MS, and never claims', () => {
    const log = simulate({ rank: null, hasCheckpoint: false, handedOver: false }, 50);
    const joins = log.filter((s) => s.kind === 'join');
    expect(log.some((s) => s.kind === 'claim')).toBe(false);
    expect(joins[0]!.at).toBe(0);
    for (let i = 1; i < joins.length; i++) expect(joins[i]!.at - joins[i - 1]!.at).toBe(JOIN_RETRY_MS);
    expect(joins.length).toBe(Math.ceil(MIGRATION_GIVE_UP_MS / JOIN_RETRY_MS));
    expect(log.at(-1)).toEqual({ at: MIGRATION_GIVE_UP_MS, kind: 'give-up' });
  });

  it('the first successor claims at once; rank r claims only after r × CLAIM_STAGGER_MS of joining', () => {
    expect(simulate({ rank: 0, hasCheckpoint: true, handedOver: false }, 100, 0)).toEqual([{ at: 0, kind: 'claim' }]);
    const second = simulate({ rank: 1, hasCheckpoint: true, handedOver: false }, 100, CLAIM_STAGGER_MS);
    expect(second.filter((s) => s.kind === 'claim').map((s) => s.at)).toEqual([CLAIM_STAGGER_MS]);
    expect(second.filter((s) => s.at < CLAIM_STAGGER_MS).every((s) => s.kind === 'join')).toBe(true);
    const third = simulate({ rank: 2, hasCheckpoint: true, handedOver: false }, 100, 0);
    expect(third.find((s) => s.kind === 'claim')!.at).toBe(2 * CLAIM_STAGGER_MS);
  });

  it('a refused claim is retried every CLAIM_RETRY_MS with joins in between (someone else may host now)', () => {
    const log = simulate({ rank: 0, hasCheckpoint: true, handedOver: false }, 150);
    const claims = log.filter((s) => s.kind === 'claim').map((s) => s.at);
    for (let i = 1; i < claims.length; i++) expect(claims[i]! - claims[i - 1]!).toBeGreaterThanOrEqual(CLAIM_RETRY_MS);
    for (let i = 1; i < claims.length; i++)
      expect(log.some((s) => s.kind === 'join' && s.at > claims[i - 1]! && s.at < claims[i]!)).toBe(true);
    expect(log.at(-1)!.kind).toBe('give-up');
  });

  it('a successor without a checkpoint only joins; a handed-over successor of any rank claims at once', () => {
    expect(simulate({ rank: 0, hasCheckpoint: false, handedOver: false }, 100).some((s) => s.kind === 'claim')).toBe(
      false,
    );
    expect(simulate({ rank: 2, hasCheckpoint: true, handedOver: true }, 100, 0)).toEqual([{ at: 0, kind: 'claim' }]);
  });

  it('the handed-over successor only claims, every HANDOVER_CLAIM_RETRY_MS, until the next successor could claim', () => {
    // Its claims are refused while the leaving host's socket is still open; each attempt takes 60 ms.
    const log = simulate({ rank: 0, hasCheckpoint: true, handedOver: true }, 60);
    const early = log.filter((s) => s.at < CLAIM_STAGGER_MS);
    expect(early.every((s) => s.kind === 'claim')).toBe(true);
    expect(early.length).toBe(Math.ceil(CLAIM_STAGGER_MS / HANDOVER_CLAIM_RETRY_MS));
    for (let i = 1; i < early.length; i++) expect(early[i]!.at - early[i - 1]!.at).toBe(HANDOVER_CLAIM_RETRY_MS);
    // Then, as any successor: joins in between its claims (someone else may have taken over).
    expect(log.some((s) => s.kind === 'join' && s.at >= CLAIM_STAGGER_MS)).toBe(true);
  });

  it('never waits past the give-up time', () => {
    const step = nextMigrationStep(
      { rank: null, hasCheckpoint: false, handedOver: false },
      { elapsedMs: MIGRATION_GIVE_UP_MS - 10, lastJoinAtMs: MIGRATION_GIVE_UP_MS - 100, lastClaimAtMs: null },
    );
    expect(step).toEqual({ kind: 'wait', ms: 10 });
  });
});
