/**
 * Reads the few numbers the host's page needs out of the worker's `stats()` (server tick and
 * per-client round trip), checking the shape instead of trusting it, so a change in the
 * server's stats layout degrades to "unknown" rather than breaking the page.
 */
import type { PlayerId } from '../sim/types';

export interface HostServerStats {
  tick: number | null;
  pingsMs: Map<PlayerId, number>;
  raw: unknown;
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
  const out: HostServerStats = { tick: null, pingsMs: new Map(), raw };
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
  }
  return out;
}
