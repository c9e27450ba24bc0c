/**
 * The arena's live view with the kill-cam in it (issue 24): while the own player's kill-cam
 * (client/kill-cam-show.ts) plays, the renderer draws it instead of the live match, the camera on
 * the killer, as a watched view (no crosshair, no "You"), with `killCam` set so the HUD says whose
 * eyes these are and how to skip. The live client still runs every frame underneath (commands,
 * snapshots, prediction), so the match is exactly where it would be when the kill-cam ends.
 * A kill-cam never outlasts its match: once the live match is over (the final kill often is the
 * victim's death) it closes, and the end screen, drawn from the live view's match, is what shows.
 * Also `killCamState`, what the debug API reports of the last kill-cam.
 */
import type { ArenaClientTypes } from '../arena/client/arena-client-types';
import type { ClientView } from '../arena/client/view-model';
import type { KillCamTimes } from '../client/kill-cam-show';
import { MatchPhase } from '../sim/match-types';
import type { ClientSession } from './client-session';

/** A frame function: the live view in, the view to draw out (the live one, or the kill-cam's). */
export function arenaKillCamFrames(
  client: ClientSession<ArenaClientTypes>,
): (nowMs: number, live: ClientView) => ClientView {
  // Since when the live view shows the own player dead (null: alive, or not known yet).
  let deadSinceMs: number | null = null;
  return (nowMs, live) => {
    const local = live.local;
    if (local && !local.state.alive) deadSinceMs ??= nowMs;
    else if (local) deadSinceMs = null;
    const show = client.killCam;
    if (show && live.match?.phase === MatchPhase.Ended) show.close(nowMs);
    const view = show && !show.ended ? show.frame(nowMs, deadSinceMs, client.net.stats.serverTick) : null;
    if (!show || !view) return live;
    const killer = view.remotes.find((p) => p.id === show.killer);
    return {
      ...view,
      focus: killer ? { x: killer.x, y: killer.y } : null,
      watching: true,
      killCam: { killer: show.killer },
    };
  };
}

/** `killCam()` of the debug API: the last kill-cam's times, span and every frame's players. */
export interface KillCamState extends KillCamTimes {
  showing: boolean;
  firstTick: number;
  lastTick: number;
  /** Kill-cam messages this page could not open. */
  refused: number;
  frames: Array<{ tick: number; players: Array<{ id: number; x: number; y: number; aim: number; alive: boolean }> }>;
}

export function killCamState(client: ClientSession<ArenaClientTypes> | null): KillCamState | null {
  const show = client?.killCam;
  if (!client || !show) return null;
  const replay = show.playback.replay;
  const frames: KillCamState['frames'] = [];
  for (let i = 0; i < replay.frameCount; i++) {
    const frame = replay.frame(i);
    const players = frame.lists[replay.wire.receiverSection] as Array<{
      id: number;
      x: number;
      y: number;
      aim: number;
      alive: boolean;
    }>;
    frames.push({ tick: frame.tick, players: players.map(({ id, x, y, aim, alive }) => ({ id, x, y, aim, alive })) });
  }
  return {
    ...show.times,
    showing: !show.ended,
    firstTick: replay.firstTick,
    lastTick: replay.lastTick,
    refused: client.killCamRefused,
    frames,
  };
}
