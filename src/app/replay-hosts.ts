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
import type { RosterEntry } from '../protocol/replay-format';
import type { PushballHost } from '../pushball/game';
import type { PushballClientTypes } from '../pushball/client/pushball-client-game';

/** World units a full stick moves the free camera per second. */
const FREE_CAMERA_SPEED = 900;

export type ArenaPlayback = ReplayPlayback<ArenaClientTypes>;
export type PushballPlayback = ReplayPlayback<PushballClientTypes>;

type AnyPlayback = ArenaPlayback | PushballPlayback;

/** The names at the playback time, as a map made again only when the roster record changes (asked every frame). */
function rosterNames(p: AnyPlayback): () => ReadonlyMap<number, string> {
  let from: readonly RosterEntry[] | null = null;
  let names: ReadonlyMap<number, string> = new Map();
  return () => {
    const now = p.replay.rosterAt(p.tick);
    if (now !== from) names = new Map(now.map((e) => [e.id, e.name]));
    from = now;
    return names;
  };
}

/** A player's name: the roster's, else (a server bot, on no roster) as the games name bots. */
const nameIn = (names: ReadonlyMap<number, string>, id: number): string => names.get(id) ?? `Bot ${id}`;

/** The arena's renderer over a replay: the camera follows the chosen player, or pans with the move keys. */
export function arenaReplayHost(playback: ArenaPlayback, leave: () => void): GameHost {
  const settings: Cvars = { ...defaultCvars(), net_graph: 0 };
  const camera = { x: 0, y: 0, placed: false, lastMs: null as number | null };
  return {
    localId: -1,
    names: rosterNames(playback),
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
    names: rosterNames(playback),
    frame: (nowMs) => playback.frame(nowMs),
    leave,
    watching: true,
  };
}

/**
 * Everyone in the frame shown (bots too) with their names at the playback time: the same array
 * until somebody comes, goes or is renamed, so a bar rebuilds its camera list only then (asked
 * every drawn frame; the frame shown changes about 30 times a second while playing).
 */
export function framePlayers(playback: AnyPlayback): () => ReadonlyArray<{ id: number; name: string }> {
  const p = playback as ArenaPlayback;
  const namesNow = rosterNames(playback);
  const receivers = p.replay.wire.receiverSection;
  let frame: object | null = null;
  let names: object | null = null;
  let list: Array<{ id: number; name: string }> = [];
  return () => {
    const f = p.frameNow();
    const n = namesNow();
    if (f === frame && n === names) return list;
    frame = f;
    names = n;
    const shown = f.lists[receivers]!;
    const same =
      shown.length === list.length && shown.every((e, i) => list[i]!.id === e.id && list[i]!.name === nameIn(n, e.id));
    if (!same) list = shown.map((e) => ({ id: e.id, name: nameIn(n, e.id) }));
    return list;
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
  // Markers name players as the roster had them last.
  const last = new Map(replay.rosterAt(replay.lastTick).map((e) => [e.id, e.name]));
  const markers = replay.events.flatMap((e) => {
    const label = markerOf(e.event, (id) => nameIn(last, id));
    return label ? [{ tick: e.tick, label }] : [];
  });
  const players = framePlayers(playback);
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
    players,
    markers: () => markers,
    leave,
  };
}
