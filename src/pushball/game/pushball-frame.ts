/**
 * One frame of Pushball's screen: `updatePushball` samples the input (keyboard through kaboom, the
 * first gamepad, the touch controls), hands it to `host.frame` and keeps the view it returns with
 * the camera fitted to the canvas and the HUD's words; `drawPushball` draws the pitch, the pieces
 * and the HUD with kaboom's immediate-mode functions.
 * Invariants: input is sampled before `host.frame`, once per frame, and `host.frame` is called
 * exactly once per update; while the chat line is open the input is neutral.
 */
import type { KaboomCtx } from 'kaboom';
import { firstPad, type PadLike } from '../../game/gamepad';
import { FpsMeter } from '../../game/net-graph-model';
import type { Kit } from '../../game/render-kit';
import type { PushballView, PushInput } from '../client/pushball-client-game';
import { fitPitch, type PitchCamera } from './pushball-camera';
import type { PushballColors } from './pushball-colors';
import { drawHud } from './pushball-draw-hud';
import { drawPieces } from './pushball-draw-pieces';
import { drawPitch } from './pushball-draw-pitch';
import type { PushballHost } from './pushball-host';
import { hudModel, latestGoal, shownName, type GoalEvent, type PushballHud } from './pushball-hud';
import { renderInfo, type PushballRenderInfo } from './pushball-info';
import {
  NEUTRAL_INPUT,
  inputKindFrom,
  padFrom,
  pushInputFrom,
  type PushInputKind,
  type PushKeys,
} from './pushball-input';
import type { PushballTouch } from './pushball-touch';

export interface PushballScreen {
  k: KaboomCtx;
  kit: Kit;
  colors: PushballColors;
  host: PushballHost;
  /** The Gamepad API's pads (or a stub), read once per frame. */
  pads: () => readonly (PadLike | null)[] | null;
  touch: PushballTouch;
  /** The chat line is open: the keys are the chat's. */
  blocked: () => boolean;
  fps: FpsMeter;
  frames: number;
  kind: PushInputKind;
  input: PushInput | null;
  view: PushballView | null;
  cam: PitchCamera | null;
  hud: PushballHud | null;
  /** The newest goal seen in the view's events (the goal banner names the scorer). */
  goal: GoalEvent | null;
}

export function newScreen(
  parts: Pick<PushballScreen, 'k' | 'kit' | 'colors' | 'host' | 'pads' | 'touch' | 'blocked'>,
): PushballScreen {
  return {
    ...parts,
    fps: new FpsMeter(),
    frames: 0,
    kind: parts.touch.enabled() ? 'touch' : 'keyboard',
    input: null,
    view: null,
    cam: null,
    hud: null,
    goal: null,
  };
}

function readKeys(k: KaboomCtx): PushKeys {
  return {
    up: k.isKeyDown('w') || k.isKeyDown('up'),
    down: k.isKeyDown('s') || k.isKeyDown('down'),
    left: k.isKeyDown('a') || k.isKeyDown('left'),
    right: k.isKeyDown('d') || k.isKeyDown('right'),
    kick: k.isKeyDown('space') || k.isKeyDown('k'),
  };
}

function readPad(s: PushballScreen): PadLike | null {
  try {
    return firstPad(s.pads());
  } catch {
    return null;
  }
}

/** This frame's input from every device (neutral while the chat line is open). */
function sample(s: PushballScreen): PushInput {
  const pad = padFrom(readPad(s));
  const touch = s.touch.read();
  if (s.blocked()) return { ...NEUTRAL_INPUT };
  const keys = readKeys(s.k);
  s.kind = inputKindFrom(keys, pad, touch, s.kind);
  return pushInputFrom(keys, pad, touch);
}

export function updatePushball(s: PushballScreen, nowMs: number): void {
  const input = sample(s);
  const view = s.host.frame(nowMs, input);
  const names = s.host.names();
  s.goal = latestGoal(view.events, s.goal);
  s.cam = fitPitch(s.k.width(), s.k.height());
  s.hud = hudModel({
    rules: view.rules,
    tickrate: view.tickrate,
    pingMs: view.rules ? view.stats.pingMs : null,
    goal: s.goal,
    names,
    kind: s.kind,
    watching: s.host.watching === true,
  });
  s.fps.tick(s.k.dt());
  s.frames++;
  s.input = input;
  s.view = view;
}

export function drawPushball(s: PushballScreen): void {
  const { view, cam, hud } = s;
  if (!view || !cam || !hud) return;
  const names = s.host.names();
  drawPitch(s.kit, cam, s.colors);
  drawPieces(s.kit, cam, s.colors, view, (id) => shownName(names, id));
  drawHud(s.kit, s.colors, hud, cam.viewW, cam.viewH);
}

export function screenInfo(s: PushballScreen): PushballRenderInfo {
  return renderInfo({ frames: s.frames, fps: s.fps.fps, view: s.view, cam: s.cam, input: s.input, kind: s.kind });
}
