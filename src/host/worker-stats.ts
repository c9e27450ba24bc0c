/**
 * Reads the few numbers the host's page needs out of the worker's `stats()` (server tick and
 * per-client round trip), checking the shape instead of trusting it, so a change in the
 * server's stats layout degrades to "unknown" rather than breaking the page. `pullWorkerStats`
 * asks the worker (every second), puts the pings in the roster and the handed-off channels'
 * traffic on their channels, and measures the host's upload to each spectator (issue 24) from one
 * pull to the next.
 */
import type { PlayerId } from '../protocol/ids';
import type { Channel } from '../transport/channel';
import { HandedOffChannel } from '../transport/handed-off-channel';
import type { Roster } from './roster';
import type { ServerWorkerApi } from './worker-api';

/** What the host sends one spectator (issue 24): bytes so far, and per second since the previous pull (null on the first). */
export interface SpectatorUpload {
  id: PlayerId;
  bytesOut: number;
  bytesPerSecond: number | null;
}

export interface HostServerStats {
  tick: number | null;
  pingsMs: Map<PlayerId, number>;
  raw: unknown;
  /** Spectators' sessions (their stats say `spectator: true`), by id order. */
  spectators: SpectatorUpload[];
  /** When these stats were pulled (the listen server's clock, ms), or null. */
  atMs: number | null;
}

function num(o: Record<string, unknown>, ...keys: string[]): number | null {
  for (const k of keys) {
    const v = o[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : null;
}

export function readWorkerStats(raw: unknown): HostServerStats {
  const out: HostServerStats = { tick: null, pingsMs: new Map(), raw, spectators: [], atMs: null };
  const o = asRecord(raw);
  if (!o) return out;
  out.tick = num(o, 'tick', 'serverTick');
  const clients = o.clients;
  const entries: Array<[string | null, unknown]> = Array.isArray(clients)
    ? clients.map((c) => [null, c])
    : asRecord(clients)
      ? Object.entries(clients as Record<string, unknown>)
      : [];
  for (const [key, value] of entries) {
    const c = asRecord(value);
    if (!c) continue;
    const id = num(c, 'clientId', 'id') ?? (key !== null ? Number(key) : NaN);
    const rtt = num(c, 'rttMs', 'rtt', 'pingMs');
    if (Number.isInteger(id) && rtt !== null) out.pingsMs.set(id, rtt);
    const bytesOut = num(c, 'bytesOut');
    if (c.spectator === true && Number.isInteger(id) && bytesOut !== null)
      out.spectators.push({ id, bytesOut, bytesPerSecond: null });
  }
  return out;
}

/** Each spectator's upload rate: its bytes since `previous` over the time between the two pulls. */
function uploadRates(stats: HostServerStats, previous: HostServerStats): void {
  const seconds = stats.atMs !== null && previous.atMs !== null ? (stats.atMs - previous.atMs) / 1000 : 0;
  if (seconds <= 0) return;
  for (const s of stats.spectators) {
    const before = previous.spectators.find((p) => p.id === s.id);
    if (before && s.bytesOut >= before.bytesOut)
      s.bytesPerSecond = Math.round((s.bytesOut - before.bytesOut) / seconds);
  }
}

/** Fresh stats from the worker, the pings put in the roster; `previous` when the worker did not answer (a restart). */
export async function pullWorkerStats(
  api: Pick<ServerWorkerApi, 'stats' | 'channelStats'>,
  roster: Roster,
  unreliableOf: (id: PlayerId) => Channel | undefined,
  previous: HostServerStats,
  nowMs: number | null = null,
): Promise<HostServerStats> {
  try {
    const stats = readWorkerStats(await api.stats());
    stats.atMs = nowMs;
    uploadRates(stats, previous);
    for (const [id, ping] of stats.pingsMs) roster.setPing(id, ping);
    for (const [id, counts] of await api.channelStats()) {
      const unreliable = unreliableOf(id);
      if (unreliable instanceof HandedOffChannel) unreliable.absorb(counts);
    }
    return stats;
  } catch {
    // a stats call lost to a worker restart is not worth failing the lobby over
    return previous;
  }
}
