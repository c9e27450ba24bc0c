/**
 * The dedicated host's once-a-second look at its server thread: the worker's stats (with the
 * thread's event-loop load) go to the health monitor, the match they describe to the match cycle
 * and the bot seats, and a tick that moved tells Agones the server is alive.
 * Output: a function that stops the watch.
 */
import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
import type { ServerWorkerHandle } from '../host/worker-api';
import type { AgonesLifecycle } from './agones';
import type { BotSeats } from './bot-seats';
import type { HealthMonitor } from './health';
import type { MatchCycle } from './match-cycle';

export interface WatchedParts {
  worker: ServerWorkerHandle;
  thread: Worker;
  health: HealthMonitor;
  cycle: MatchCycle;
  bots: BotSeats;
  agones: AgonesLifecycle | null;
}

export function watchServerStats(p: WatchedParts): () => void {
  let elu = p.thread.performance.eventLoopUtilization();
  let lastTick: number | null = null;
  const timer = setInterval(() => {
    void p.worker.api.stats().then(
      (raw) => {
        const now = p.thread.performance.eventLoopUtilization();
        p.health.sample(raw, performance.now(), p.thread.performance.eventLoopUtilization(now, elu).utilization);
        elu = now;
        const match = p.health.match();
        p.cycle.observe(match);
        if (match) void p.bots.fill(match.bots);
        const tick =
          typeof (raw as { tick?: unknown } | null)?.tick === 'number' ? (raw as { tick: number }).tick : null;
        if (p.agones && tick !== null && tick !== lastTick) p.agones.ticked();
        lastTick = tick;
      },
      () => undefined,
    );
  }, 1000);
  return () => clearInterval(timer);
}
