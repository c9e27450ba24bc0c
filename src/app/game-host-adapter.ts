/**
 * Implements the renderer's `GameHost` contract (src/game/game-host.ts) over a lobby session:
 * names and pings from the lobby list, each frame (input in, view out) through the session's
 * client, and the debug overlays from the newest 'debug' message the server sent this client (host
 * and joiners alike; null until one arrived, and while sv_showhitboxes is 0 none is asked for).
 * Invariant: the renderer gets no handle on channels, peers or the worker.
 */
import type { CvarIssue, Cvars } from '../config/cvars';
import type { ClientView, InputSample } from '../arena/client/view-model';
import type { GameHost, RewindDebug } from '../game/game-host';
import type { DebugMessage } from '../protocol/debug-messages';
import type { Hitbox, PlayerId } from '../sim/types';
import type { LobbySession } from './lobby-session';
import type { ClientSession } from './client-session';
import type { ArenaClientTypes } from '../arena/client/arena-client-types';
import type { LeaveChoice } from '../game/menu';
import type { CheckpointInfo } from '../game/net-graph-model';
import { arenaKillCamFrames } from './kill-cam-view';

/** The server's live hitboxes of the other players, from a 'debug' message. */
export function hitboxesFromDebug(m: DebugMessage | null): Hitbox[] | null {
  return m ? m.hitboxes : null;
}

/** What the server tested for this client's last lag-compensated shot, from a 'debug' message. */
export function rewindFromDebug(m: DebugMessage | null): RewindDebug | null {
  const r = m?.rewind;
  if (!r) return null;
  return {
    tick: r.tick,
    viewTime: r.viewTime,
    hitboxes: r.hitboxes,
    hit: r.hit,
    claimedViewTime: r.claimedViewTime,
    adjustment: r.adjustment,
    lagCompensated: r.lagCompensated,
  };
}

/**
 * The host of a running match whose server named a successor chooses how to leave: hand the match
 * over (nothing is lost) or end it for everyone (each joiner reads "The server shut down.").
 */
export function leaveChoices(session: LobbySession, onLeave: () => void): LeaveChoice[] {
  const successor = session.migrationReport?.().successors[0];
  if (!session.isHost || !session.started() || successor === undefined) return [];
  const name = session.players().find((p) => p.id === successor)?.name ?? `player ${successor}`;
  return [
    {
      label: `Hand the match to ${name}`,
      testId: 'leave-hand-over',
      run: () => void session.handOver?.().then((to) => to === null && onLeave()),
    },
    {
      label: 'End the match for everyone',
      testId: 'leave-end-match',
      run: () => (session.endForEveryone ? session.endForEveryone() : onLeave()),
    },
  ];
}

/** The net graph's migration line: a successor's checkpoint age, or a host's checkpoint interval; null otherwise. */
export function checkpointInfo(session: LobbySession): CheckpointInfo | null {
  const r = session.migrationReport?.();
  if (!r || (r.checkpointAgeMs === null && r.checkpointIntervalMs === null)) return null;
  return { ageMs: r.checkpointAgeMs, intervalMs: r.checkpointIntervalMs };
}

/** The arena renderer's host over a lobby session whose client plays the arena. */
export function gameHostFor(
  session: LobbySession,
  client: ClientSession<ArenaClientTypes>,
  onLeave: () => void,
): GameHost {
  const withKillCam = arenaKillCamFrames(client);
  return {
    localId: client.localId,
    names: (): ReadonlyMap<PlayerId, string> => new Map(session.players().map((p) => [p.id, p.name])),
    pings: (): ReadonlyMap<PlayerId, number> =>
      new Map(
        session.players().map((p) => [p.id, p.id === client.localId ? Math.round(client.net.stats.pingMs) : p.pingMs]),
      ),
    frame: (nowMs: number, input: InputSample): ClientView => withKillCam(nowMs, client.frame(input, nowMs)),
    skipKillCam: () => client.killCam?.skip(client.now()),
    cvars: (): Readonly<Cvars> => client.cvars(),
    setCvar: (name: string, value: number | string): CvarIssue | null => client.setCvar(name, value),
    serverHitboxes: (): Hitbox[] | null => hitboxesFromDebug(client.serverDebug),
    lastRewind: (): RewindDebug | null => rewindFromDebug(client.serverDebug),
    leave: onLeave,
    leaveChoices: () => leaveChoices(session, onLeave),
    checkpoint: () => checkpointInfo(session),
    chat: session.chat,
    matchControls: () => session.matchControls,
    replay: () => session.replay?.() ?? Promise.resolve(null),
  };
}
