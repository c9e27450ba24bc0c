/**
 * PasswordGuard: the lobby password's attempt limits. Each peer (its browser token, and its source:
 * see docs/SECURITY.md) gets `attemptsPerPeer` wrong passwords, then is refused without a check for
 * `peerLockMs`. The whole lobby backs off too, because tokens and peer ids cost an attacker nothing:
 * after `freeLobbyFailures` wrong passwords in a row (from anyone), every attempt is refused unheard
 * for a wait that doubles with each further failure (`lobbyBackoffBaseMs` … `lobbyBackoffMaxMs`); a
 * right password ends the streak. The comparison itself does not stop early (lobby/password.ts).
 *
 * Pure bookkeeping: times are passed in. Invariants: no password set = every attempt passes and
 * nothing is counted; at most `maxTrackedPeers` peers are remembered (the oldest go first).
 */
import type { PasswordOutcome } from '../lobby/handshake';
import { passwordsMatch } from '../lobby/password';

export interface PasswordPolicy {
  attemptsPerPeer: number;
  peerLockMs: number;
  freeLobbyFailures: number;
  lobbyBackoffBaseMs: number;
  lobbyBackoffMaxMs: number;
  maxTrackedPeers: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  attemptsPerPeer: 3,
  peerLockMs: 60_000,
  freeLobbyFailures: 5,
  lobbyBackoffBaseMs: 1000,
  lobbyBackoffMaxMs: 30_000,
  maxTrackedPeers: 1024,
};

interface PeerRecord {
  failures: number;
  lockedUntilMs: number;
}

export class PasswordGuard {
  private readonly peers = new Map<string, PeerRecord>();
  private lobbyFailures = 0;
  private lobbyLockedUntilMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly password: string,
    private readonly policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  ) {}

  /** Wrong passwords in a row across the lobby (a right one resets it). */
  get lobbyStreak(): number {
    return this.lobbyFailures;
  }

  /** One attempt by the peer known by `peerKeys` (its token, its source). */
  check(given: string, peerKeys: readonly string[], nowMs: number): PasswordOutcome {
    if (this.password === '') return { ok: true };
    const records = peerKeys.map((k) => this.record(k));
    const lockedUntil = Math.max(
      this.lobbyLockedUntilMs,
      ...records.map((r) => (r.failures >= this.policy.attemptsPerPeer ? r.lockedUntilMs : Number.NEGATIVE_INFINITY)),
    );
    if (nowMs < lockedUntil) return { ok: false, reason: 'attempts', retryAfterMs: lockedUntil - nowMs };
    for (const r of records) if (r.failures >= this.policy.attemptsPerPeer) r.failures = 0; // the lock has run out
    if (passwordsMatch(given, this.password)) {
      this.lobbyFailures = 0;
      for (const r of records) r.failures = 0;
      return { ok: true };
    }
    this.lobbyFailures += 1;
    const over = this.lobbyFailures - this.policy.freeLobbyFailures;
    if (over > 0)
      this.lobbyLockedUntilMs =
        nowMs + Math.min(this.policy.lobbyBackoffMaxMs, this.policy.lobbyBackoffBaseMs * 2 ** Math.min(over - 1, 30));
    let worst = 0;
    for (const r of records) {
      r.failures += 1;
      worst = Math.max(worst, r.failures);
      if (r.failures >= this.policy.attemptsPerPeer) r.lockedUntilMs = nowMs + this.policy.peerLockMs;
    }
    return { ok: false, reason: 'password', attemptsLeft: Math.max(0, this.policy.attemptsPerPeer - worst) };
  }

  private record(key: string): PeerRecord {
    let r = this.peers.get(key);
    if (r) {
      // Re-insert: Map order is age of last use, so the eviction below drops the stalest.
      this.peers.delete(key);
    } else {
      r = { failures: 0, lockedUntilMs: Number.NEGATIVE_INFINITY };
      if (this.peers.size >= this.policy.maxTrackedPeers) this.peers.delete(this.peers.keys().next().value!);
    }
    this.peers.set(key, r);
    return r;
  }
}
