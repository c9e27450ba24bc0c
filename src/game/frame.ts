/**
 * One frame of the game screen: `updateFrame` samples input, hands it to the host's frame and takes
 * the view back (input before view: see updateFrame), follows the local player with the camera,
 * feeds events to effects and sounds; `drawFrame` draws everything with kaboom's immediate-mode
 * functions.
 * Input: the `Screen` (everything one mount owns) and the page clock in ms.
 * Invariants: `host.frame` is called exactly once per frame (its events are "new since the last
 * call"); while a menu is open the input is neutral (no move, no fire) so clicking a button never
 * shoots; buffers are reused frame to frame.
 */
import type { KaboomCtx } from 'kaboom';
import type { ClientView, InputSample, LocalPlayerView } from '../arena/client/view-model';
import type { ArenaMap, PlayerId } from '../sim/types';
import { followCamera, toScreenX, toScreenY, type Camera } from './camera';
import { drawRewind, drawPredictionError, drawServerHitboxes } from './draw-debug';
import { drawScreenEffects, drawWorldEffects } from './draw-effects';
import { drawHud } from './draw-hud';
import { drawNetGraph, sampleNetGraph, type NetGraph } from './draw-netgraph';
import { drawLocal, drawProjectiles, drawRemotes } from './draw-players';
import { drawScoreboard } from './draw-scoreboard';
import { drawWorld } from './draw-world';
import { drawNeonFrame } from './art/draw-neon';
import type { Look } from './art/look';
import { ingestEvents, noteCorrection, pruneEffects, stepParticles, type Effects, type SoundCue } from './effects';
import type { Rng } from './fx/bursts';
import { frameScene } from './fx/scene';
import { shakeOffset } from './fx/shake';
import type { GameHost } from './game-host';
import { displayName } from './hud-model';
import { weaponSelectFor } from './input-map';
import type { InputReader } from './input-reader';
import { CONTROLS_HINT, hintOpacity, noteSpawn, type HintState } from './controls-hint';
import { drawControlsHint } from './art/neon-hint';
import { matchName } from './match-hud-model';
import type { FrameLog } from './frame-log';
import { FpsMeter } from './net-graph-model';
import { teamsOf } from './palette';
import { text, type FrameInfo, type Kit } from './render-kit';
import type { SoundCues } from './sound';

export interface Screen {
  k: KaboomCtx;
  kit: Kit;
  host: GameHost;
  map: ArenaMap;
  fx: Effects;
  graph: NetGraph;
  fps: FpsMeter;
  sound: SoundCues;
  input: InputReader;
  cues: SoundCue[];
  ui: { menuOpen: () => boolean; scoreboard: boolean; wantedWeapon: number | null; escape: () => void };
  /** Names drawn instead of the host's (debug API `injectText`: test strings through the real text paths). */
  injectedNames: Map<PlayerId, string>;
  frames: number;
  lastInput: InputSample | null;
  /** Where the crosshair was drawn (CSS px), for the debug API. */
  crosshair: { x: number; y: number } | null;
  view: ClientView | null;
  cam: Camera | null;
  /** The last frame's camera without shake: what the next frame's input is sampled against. */
  steadyCam: Camera | null;
  /** The last frames (debug API `frameLog()`). */
  log: FrameLog;
  info: FrameInfo | null;
  /** The neon look's resources; null draws the classic look (kept as the frame benchmark's baseline). */
  look: Look | null;
  /** Random source of the particle effects. */
  rng: Rng;
  /** When the local player first spawned (the controls hint). */
  hint: HintState;
}

function sample(s: Screen, local: LocalPlayerView | null, cam: Camera): InputSample {
  const current = local ? local.state.weapon : 0;
  if (s.ui.wantedWeapon === current) s.ui.wantedWeapon = null;
  const from = local ? { x: toScreenX(cam, local.drawX), y: toScreenY(cam, local.drawY) } : null;
  const r = s.input.read({
    from,
    currentWeapon: current,
    weaponSelect: weaponSelectFor(s.ui.wantedWeapon, current),
    blocked: s.ui.menuOpen(),
  });
  if (r.menuPressed) s.ui.escape();
  if (r.wantedWeapon !== null) s.ui.wantedWeapon = r.wantedWeapon;
  s.ui.scoreboard = r.scoreboard;
  // The reader puts the crosshair on the pointer, else ahead of the player along its aim
  // (input-combine.ts); with neither (no pointer seen, no local player yet) at the screen centre.
  s.crosshair = r.crosshair ?? { x: cam.viewW / 2, y: cam.viewH / 2 };
  // A switch asked for this frame goes out with this frame's command.
  return r.wantedWeapon !== null ? { ...r.input, weaponSelect: weaponSelectFor(r.wantedWeapon, current) } : r.input;
}

/** The camera before the first frame: on the map's centre. */
function centred(map: ArenaMap, w: number, h: number): Camera {
  return followCamera(w, h, map.width, map.height, map.width / 2, map.height / 2);
}

export function updateFrame(s: Screen, nowMs: number): void {
  const w = s.k.width();
  const h = s.k.height();
  // Input first, against the frame on screen (the last view and its steady camera): that is what
  // the player saw when pressing the key or aiming, and the aim is the angle from where the player
  // was drawn to the crosshair there. Sampling before the host's frame puts a key pressed since the
  // last frame into this frame's commands, so the player moves in the frame drawn now rather than
  // the next (the view can only be built once the commands it predicts were issued).
  const input = sample(s, s.view?.local ?? null, s.steadyCam ?? centred(s.view?.match?.map ?? s.map, w, h));
  const view = s.host.frame(nowMs, input);
  const local = view.local;
  // The match's map when the server runs rules (it changes between matches), else the mount's.
  const map = view.match?.map ?? s.map;
  // The own player; without one (a replay) the view's focus, else the map's centre.
  const focus = local ? { x: local.drawX, y: local.drawY } : (view.focus ?? { x: map.width / 2, y: map.height / 2 });
  const cam = followCamera(w, h, map.width, map.height, focus.x, focus.y);
  s.steadyCam = cam;
  s.kit.teams = teamsOf(view.match);
  const now = nowMs / 1000;
  noteSpawn(s.hint, local?.state.alive ?? false, now);
  s.cues.length = 0;
  ingestEvents(s.fx, view.events, now, view.localId, s.cues, s.look ? frameScene(view, map, s.rng) : undefined);
  if (local) noteCorrection(s.fx, local.drawX, local.drawY, local.errorX, local.errorY, now);
  pruneEffects(s.fx, now);
  if (s.look) stepParticles(s.fx, view.projectiles, now, s.rng);
  s.sound.play(s.cues, local ? { x: local.drawX, y: local.drawY } : null);
  s.fps.tick(s.k.dt());
  sampleNetGraph(s.graph, view.stats);
  s.frames++;
  s.log.note(s.frames, nowMs, input, view);
  s.lastInput = input;
  s.view = view;
  // Shake moves only what is drawn (and reported by info()); aiming used the steady camera above.
  const shake = s.look ? shakeOffset(s.fx.shake, now) : null;
  s.cam = shake ? { ...cam, centerX: cam.centerX + shake.x, centerY: cam.centerY + shake.y } : cam;
  const names = s.host.names();
  const injected = s.injectedNames;
  const cross = s.crosshair ?? { x: w / 2, y: h / 2 };
  s.info = {
    view,
    cam: s.cam,
    map,
    now,
    name: (id) => displayName(injected.get(id) ?? matchName(view.match ?? null, names, id), id),
    localAim: input.aim,
    mouseX: cross.x,
    mouseY: cross.y,
  };
}

function drawDebug(s: Screen, f: FrameInfo): void {
  const cvars = s.host.cvars();
  if (cvars.sv_showhitboxes) {
    const boxes = s.host.serverHitboxes();
    // Only a page that can see the host's world has them (say so rather than draw nothing).
    if (boxes) drawServerHitboxes(s.kit, f, boxes);
    else text(s.kit, 'sv_showhitboxes: waiting for the host hitboxes', 12, 12, 12, s.kit.color('hitboxServer'));
  }
  const rewind = s.host.lastRewind();
  if (rewind && cvars.sv_showhitboxes) drawRewind(s.kit, f, rewind);
  if (cvars.cl_showerror) drawPredictionError(s.kit, f, s.fx);
}

/** The names to draw: the host's, with the debug API's injected test strings over them. */
function shownNames(s: Screen): ReadonlyMap<PlayerId, string> {
  const names = s.host.names();
  return s.injectedNames.size === 0 ? names : new Map([...names, ...s.injectedNames]);
}

export function drawFrame(s: Screen): void {
  const f = s.info;
  if (!f) return;
  if (s.look)
    drawNeonFrame(s.kit, f, s.fx, s.look, { debug: () => drawDebug(s, f), overlays: () => drawOverlays(s, f) });
  else drawClassicFrame(s, f);
}

function drawClassicFrame(s: Screen, f: FrameInfo): void {
  drawWorld(s.kit, f);
  drawProjectiles(s.kit, f);
  drawRemotes(s.kit, f, f.view.remotes);
  if (f.view.local) drawLocal(s.kit, f, f.view.local);
  drawWorldEffects(s.kit, f, s.fx);
  drawDebug(s, f);
  drawScreenEffects(s.kit, f, s.fx);
  drawOverlays(s, f);
}

/** HUD, scoreboard and net graph: the same in both looks. */
function drawOverlays(s: Screen, f: FrameInfo): void {
  drawHud(s.kit, f, s.fx);
  drawControlsHint(s.kit, f.cam.viewW, f.cam.viewH, CONTROLS_HINT[s.input.kind], hintOpacity(s.hint, f.now));
  if (s.ui.scoreboard) drawScoreboard(s.kit, f, s.host.pings(), shownNames(s));
  if (s.host.cvars().net_graph)
    drawNetGraph(s.kit, s.graph, f.view.stats, s.fps.fps, f.cam.viewW, f.cam.viewH, s.host.checkpoint?.() ?? null);
}
