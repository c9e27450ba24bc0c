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
    serverHitboxes: (): Hitbox[] | null => null,
    lastRewind: (): RewindDebug | null => null,
    leave: onLeave,
  };
}
