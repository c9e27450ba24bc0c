/**
 * The attempts of one host migration, run for MigratingSession (migrating-session.ts): asks
 * nextMigrationStep (lobby/migration-steps.ts) what to do, waits or makes each join / claim
 * attempt, and keeps the attempt log the debug API shows. The session decides what the outcome
 * means (adopt the new inner session, or give up).
 *
 * Inputs: this page's role, the clock, `closed()`, the attempt to make for each kind, the log.
 * Output: 'closed' (the wrapper was left meanwhile), a refusal that ends the migration (or
 * 'host-left' once MIGRATION_GIVE_UP_MS passed), or the new inner session and how long it took.
 * Invariant: an attempt that throws is one that failed: the loop goes on (and gives up on time),
 * never stuck half-way.
 */
import type { JoinFailure } from '../lobby/failures';
import { nextMigrationStep, type MigrationClock, type MigrationRole } from '../lobby/migration-steps';
import type { MigrationAttemptReport } from './lobby-session';
import type { MigrationInner } from './migration-attempts';

/** At most this many attempts of one migration are kept for the debug API. */
const MAX_ATTEMPTS_LOGGED = 64;

/** The current (or last) migration's attempts, and why the attempt under way did not work. */
export class AttemptLog {
  entries: MigrationAttemptReport[] = [];
  /** Why the last attempt did not work (set by the attempt itself, or its error). */
  note = '';

  /** Makes one attempt with a fresh note: one that throws gives null (try again), its message the note. */
  async run<T>(attempt: () => Promise<T>): Promise<T | null> {
    this.note = '';
    return attempt().catch((err: unknown) => {
      this.note = err instanceof Error ? err.message : String(err);
      return null;
    });
  }

  add(entry: Omit<MigrationAttemptReport, 'note'>): void {
    if (this.entries.length < MAX_ATTEMPTS_LOGGED) this.entries.push({ ...entry, note: this.note });
  }
}

export interface MigrationRun {
  role: MigrationRole;
  now(): number;
  sleep(ms: number): Promise<void>;
  closed(): boolean;
  attempt(kind: 'join' | 'claim'): Promise<MigrationInner | JoinFailure | null>;
  log: AttemptLog;
}

export type MigrationOutcome =
  | { kind: 'closed' }
  | { kind: 'failed'; failure: JoinFailure }
  | { kind: 'found'; next: MigrationInner; tookMs: number };

/** Finds the new host (or becomes it) for as long as MIGRATION_GIVE_UP_MS allows. */
export async function runMigration(o: MigrationRun): Promise<MigrationOutcome> {
  const start = o.now();
  const clock: MigrationClock = { elapsedMs: 0, lastJoinAtMs: null, lastClaimAtMs: null };
  o.log.entries = [];
  for (;;) {
    if (o.closed()) return { kind: 'closed' };
    clock.elapsedMs = o.now() - start;
    const step = nextMigrationStep(o.role, clock);
    if (step.kind === 'wait') {
      await o.sleep(step.ms);
      continue;
    }
    if (step.kind === 'give-up') return { kind: 'failed', failure: { kind: 'host-left' } };
    const kind = step.kind;
    if (kind === 'join') clock.lastJoinAtMs = clock.elapsedMs;
    else clock.lastClaimAtMs = clock.elapsedMs;
    const next = await o.log.run(() => o.attempt(kind));
    const ms = Math.round(o.now() - start - clock.elapsedMs);
    const outcome = next === null ? 'retry' : 'isHost' in next ? 'ok' : 'refused';
    o.log.add({ kind, atMs: Math.round(clock.elapsedMs), ms, outcome });
    if (next === null) continue;
    if (!('isHost' in next)) return { kind: 'failed', failure: next };
    return { kind: 'found', next, tookMs: Math.round(o.now() - start) };
  }
}
