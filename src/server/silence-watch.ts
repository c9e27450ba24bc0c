/**
 * SilenceWatch: which clients have gone quiet, for ServerRuntime. Silence is judged where every
 * datagram arrives (a joiner's channel can live in the server's worker, so the host's main thread
 * may never see its datagrams). A client that sent nothing for `SILENCE_KICK_MS` is reported once
 * per silence; the host decides what to do (it never kicks its own player).
 *
 * Inputs: `joined`/`heard` as ports open and datagrams arrive, `awaitRestored` for the people of a
 * restored match (they get `RESTORE_GRACE_MS` to come back), `forget`/`clear`, and `check(now)`
 * from each tick. Output: the `onSilent` calls of `check`.
 * Invariant: a check that comes this late (`OWN_STALL_MS`) means this thread was blocked, not the
 * clients: everyone's silence is counted afresh from then.
 */
import type { PlayerId } from '../protocol/ids';

/** A client silent this long is reported for a 'timeout' kick (commands, 60 a second, are the keepalive). */
export const SILENCE_KICK_MS = 5000;
/** How often silence is checked: a silent client goes at 5 s, not up to a second later. */
const SILENCE_CHECK_MS = 250;
/**
 * How long a restored match waits for each of its people to come back (a joiner gives up
 * reconnecting after 15 s too); one who does not is then reported for a 'timeout' kick.
 */
export const RESTORE_GRACE_MS = 15000;
/** A silence check this late means the worker itself was not running. */
const OWN_STALL_MS = 1000;

export class SilenceWatch {
  /** When each client's last datagram arrived; a client already reported silent is in `reported`. */
  private readonly lastHeardMs = new Map<PlayerId, number>();
  private readonly reported = new Set<PlayerId>();
  private lastCheckMs = 0;

  /** Counting starts now: a fresh worker's clock may be far past 0 when it first runs, which is no stall of ours. */
  start(now: number): void {
    this.lastCheckMs = now;
  }

  /** A client's port opened. */
  joined(clientId: PlayerId, now: number): void {
    this.lastHeardMs.set(clientId, now);
  }

  /** A datagram arrived from the client: its silence (reported or not) is over. */
  heard(clientId: PlayerId, now: number): void {
    this.lastHeardMs.set(clientId, now);
    this.reported.delete(clientId);
  }

  /** One of a restored match's people: silence is judged as for anyone, from a later start (RESTORE_GRACE_MS to come back). */
  awaitRestored(clientId: PlayerId, now: number): void {
    this.lastHeardMs.set(clientId, now + RESTORE_GRACE_MS - SILENCE_KICK_MS);
  }

  forget(clientId: PlayerId): void {
    this.lastHeardMs.delete(clientId);
    this.reported.delete(clientId);
  }

  clear(): void {
    this.lastHeardMs.clear();
    this.reported.clear();
  }

  /** Called every tick; every SILENCE_CHECK_MS reports each client silent for longer than SILENCE_KICK_MS, once per silence. */
  check(now: number, onSilent: (clientId: PlayerId) => void): void {
    if (now - this.lastCheckMs < SILENCE_CHECK_MS) return;
    const stalled = now - this.lastCheckMs > OWN_STALL_MS;
    this.lastCheckMs = now;
    // This thread was blocked (GC, a throttled tab): datagrams that came meanwhile are still queued
    // behind this timer, so the silence is ours; count afresh from now (a restored person's grace is kept).
    if (stalled) for (const [clientId, heard] of this.lastHeardMs) this.lastHeardMs.set(clientId, Math.max(heard, now));
    for (const [clientId, heard] of this.lastHeardMs) {
      if (now - heard <= SILENCE_KICK_MS || this.reported.has(clientId)) continue;
      this.reported.add(clientId);
      onSilent(clientId);
    }
  }
}
