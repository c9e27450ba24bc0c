/**
 * The renderers' host contracts over a ReplayPlayback (src/client/replay-playback.ts): the arena's
 * GameHost and Pushball's PushballHost, so the same renderer that draws a live match draws the
 * replay. Nothing is sent anywhere: the input only moves the free camera (arena), the names are
 * the replay's roster at the time, the net graph is off (net_graph 0), and leaving goes back.
 * Also the bar's view of the playback (ReplayControlsTarget): markers at kills and goals.
 */
import type { ArenaClientTypes } from '../arena/client/arena-client-types';
import type { ClientView, InputSample } from '../arena/client/view-model';
import type { ReplayPlayback } from '../client/replay-playback';
import { defaultCvars, setCvar, type CvarIssue, type Cvars } from '../config/cvars';
import type { GameHost } from '../game/game-host';
import type { ReplayControlsTarget } from '../game/replay-controls';
import type { PushballHost } from '../pushball/game';
import type { PushballClientTypes } from '../pushball/client/pushball-client-game';

/** World units a full stick moves the free camera per second. */
const FREE_CAMERA_SPEED = 900;

export type ArenaPlayback = ReplayPlayback<ArenaClientTypes>;
export type PushballPlayback = ReplayPlayback<PushballClientTypes>;

function namesAt(p: ReplayPlayback<ArenaClientTypes> | ReplayPlayback<PushballClientTypes>): Map<number, string> {
  return new Map(p.replay.rosterAt(p.tick).map((e) => [e.id, e.name]));
}

/** The arena's renderer over a replay: the camera follows the chosen player, or pans with the move keys. */
export function arenaReplayHost(playback: ArenaPlayback, leave: () => void): GameHost {
  const settings: Cvars = { ...defaultCvars(), net_graph: 0 };
  const camera = { x: 0, y: 0, placed: false, lastMs: null as number | null };
  return {
    localId: -1,
    names: () => namesAt(playback),
    pings: () => new Map(),
    frame(nowMs: number, input: InputSample): ClientView {
      const view = playback.frame(nowMs);
      const dt = camera.lastMs === null ? 0 : Math.min(Math.max(nowMs - camera.lastMs, 0), 250) / 1000;
      camera.lastMs = nowMs;
      const followed = view.remotes.find((p) => p.id === playback.followed);
      const map = view.match?.map;
      if (!camera.placed && map) Object.assign(camera, { x: map.width / 2, y: map.height / 2, placed: true });
      if (followed) Object.assign(camera, { x: followed.x, y: followed.y });
      else {
        camera.x += (input.moveX / 127) * FREE_CAMERA_SPEED * dt;
        camera.y += (input.moveY / 127) * FREE_CAMERA_SPEED * dt;
        if (map) {
          camera.x = Math.min(Math.max(camera.x, 0), map.width);
          camera.y = Math.min(Math.max(camera.y, 0), map.height);
        }
      }
      return { ...view, focus: camera.placed ? { x: camera.x, y: camera.y } : null, watching: true };
    },
    cvars: () => settings,
    setCvar: (name: string, value: number | string): CvarIssue | null => setCvar(settings, name, value),
    serverHitboxes: () => null,
    lastRewind: () => null,
    leave,
    watching: true,
  };
}

/** Pushball's renderer over a replay (its camera shows the whole pitch). */
export function pushballReplayHost(playback: PushballPlayback, leave: () => void): PushballHost {
  return {
    localId: -1,
    names: () => namesAt(playback),
    frame: (nowMs) => playback.frame(nowMs),
    leave,
    watching: true,
  };
}

/** Marker text of an event, or null for none (kills in the arena, goals in Pushball). */
function markerOf(event: unknown, name: (id: number) => string): string | null {
  const e = event as { type?: string; killer?: number; victim?: number; scorerId?: number; team?: number };
  if (e.type === 'killed' && e.victim !== undefined && e.killer !== undefined)
    return e.killer === e.victim ? `${name(e.victim)} died` : `${name(e.killer)} killed ${name(e.victim)}`;
  if (e.type === 'goal' && e.scorerId !== undefined) return e.scorerId >= 0 ? `Goal by ${name(e.scorerId)}` : 'Goal';
  return null;
}

/** The control bar's view of a playback. */
export function replayTarget(playback: ArenaPlayback | PushballPlayback, leave: () => void): ReplayControlsTarget {
  const p = playback as ReplayPlayback<ArenaClientTypes>;
  const replay = p.replay;
  // Names as the roster had them last; anyone not on it (a server bot) as the game names bots.
  const name = (id: number): string => replay.rosterAt(replay.lastTick).find((e) => e.id === id)?.name ?? `Bot ${id}`;
  const receivers = replay.wire.receiverSection;
  const markers = replay.events.flatMap((e) => {
    const label = markerOf(e.event, name);
    return label ? [{ tick: e.tick, label }] : [];
  });
  return {
    firstTick: replay.firstTick,
    lastTick: replay.lastTick,
    tickrate: replay.header.tickrate,
    tick: () => p.tick,
    paused: () => p.paused,
    speed: () => p.speed,
    followed: () => p.followed,
    play: () => p.play(),
    pause: () => p.pause(),
    setSpeed: (s) => void p.setSpeed(s),
    seek: (t) => p.seek(t),
    follow: (id) => p.follow(id),
    // Everyone in the world now (bots too), by the roster's names.
    players: () => {
      const roster = new Map(replay.rosterAt(p.tick).map((e) => [e.id, e.name]));
      return p.frameNow().lists[receivers]!.map((e) => ({ id: e.id, name: roster.get(e.id) ?? `Bot ${e.id}` }));
    },
    markers: () => markers,
    leave,
  };
}
