/**
 * Implements the renderer's `GameHost` contract (src/game/game-host.ts) over a lobby session:
 * names and pings from the lobby list, the view and input from the session's client.
 * Invariant: the renderer gets no handle on channels, peers or the worker.
 */
import type { CvarIssue, Cvars } from '../config/cvars';
import type { ClientView, InputSample } from '../client/view-model';
import type { GameHost, RewindDebug } from '../game/game-host';
import type { Hitbox, PlayerId } from '../sim/types';
import type { LobbySession } from './lobby-session';

/**
 * The host's own last lag-compensated shot, from the worker's stats (refreshed every second).
 * Joiners have no view of the server's rewind: null.
 */
export function rewindFromStats(stats: unknown, localId: PlayerId): RewindDebug | null {
  if (typeof stats !== 'object' || stats === null) return null;
  const clients = (stats as { clients?: unknown }).clients;
  if (!Array.isArray(clients)) return null;
  const mine = clients.find((c): c is { clientId: number; lastRewind?: unknown } => typeof c === 'object' && c !== null && (c as { clientId?: unknown }).clientId === localId);
  const r = mine?.lastRewind as { tick?: unknown; viewTime?: unknown; hitboxes?: unknown; hit?: unknown } | null | undefined;
  if (!r || typeof r.tick !== 'number' || typeof r.viewTime !== 'number' || !Array.isArray(r.hitboxes)) return null;
  return { tick: r.tick, viewTime: r.viewTime, hitboxes: r.hitboxes as Hitbox[], hit: typeof r.hit === 'number' ? r.hit : null };
}

/** The other players' hitboxes at the host's current tick (sv_showhitboxes), host only. */
export function hitboxesFromStats(stats: unknown, localId: PlayerId): Hitbox[] | null {
  if (typeof stats !== 'object' || stats === null) return null;
  const live = (stats as { liveHitboxes?: unknown }).liveHitboxes;
  if (!Array.isArray(live)) return null;
  return (live as Hitbox[]).filter((h) => typeof h === 'object' && h !== null && h.id !== localId);
}

export function gameHostFor(session: LobbySession, onLeave: () => void): GameHost {
  const client = session.client;
  return {
    localId: client.localId,
    names: (): ReadonlyMap<PlayerId, string> => new Map(session.players().map((p) => [p.id, p.name])),
    pings: (): ReadonlyMap<PlayerId, number> => new Map(session.players().map((p) => [p.id, p.id === client.localId ? Math.round(client.net.stats.pingMs) : p.pingMs])),
    view: (nowMs: number): ClientView => client.view(nowMs),
    setInput: (input: InputSample): void => client.setGameInput(input),
    cvars: (): Readonly<Cvars> => client.cvars(),
    setCvar: (name: string, value: number | string): CvarIssue | null => client.setCvar(name, value),
    serverHitboxes: (): Hitbox[] | null => hitboxesFromStats(session.serverStats(), client.localId),
    lastRewind: (): RewindDebug | null => rewindFromStats(session.serverStats(), client.localId),
    leave: onLeave,
  };
}
