/**
 * What Pushball's renderer reports about its last frame (pure, plain JSON): the camera, where each
 * disc and the ball were drawn (CSS px from the canvas's top-left) and in which colour, the score,
 * the phase and the input sent. End-to-end tests read it through `window.pushballGame.info()` to
 * sample canvas pixels at the drawn positions.
 */
import type { Rgb } from '../../game/palette';
import type { PushballView, PushInput } from '../client/pushball-client-game';
import { screenX, screenY, type PitchCamera } from './pushball-camera';
import type { PushInputKind } from './pushball-input';
import { discColor } from './pushball-palette';

export interface DrawnDisc {
  id: number;
  team: number;
  worldX: number;
  worldY: number;
  screenX: number;
  screenY: number;
  /** The disc's fill colour (its centre pixel). */
  color: Rgb;
}

export interface DrawnBall {
  worldX: number;
  worldY: number;
  screenX: number;
  screenY: number;
}

export interface PushballRenderInfo {
  frames: number;
  fps: number;
  camera: PitchCamera | null;
  local: DrawnDisc | null;
  players: DrawnDisc[];
  ball: DrawnBall | null;
  /** Goals of team 0 and team 1. */
  score: [number, number];
  /** The rules block's phase (sim Phase), null before the first snapshot. */
  phase: number | null;
  /** The input handed to the host last frame. */
  input: PushInput | null;
  inputKind: PushInputKind;
}

/** The discs and the ball of `view` as `cam` draws them. */
export function drawnPieces(
  view: PushballView,
  cam: PitchCamera,
): { local: DrawnDisc | null; players: DrawnDisc[]; ball: DrawnBall | null } {
  const disc = (id: number, team: 0 | 1, x: number, y: number, isLocal: boolean): DrawnDisc => ({
    id,
    team,
    worldX: x,
    worldY: y,
    screenX: screenX(cam, x),
    screenY: screenY(cam, y),
    color: discColor(team, isLocal),
  });
  const l = view.local;
  const b = view.ball;
  return {
    local: l ? disc(l.state.id, l.state.team, l.drawX, l.drawY, true) : null,
    players: view.players.map((p) => disc(p.id, p.team, p.x, p.y, false)),
    ball: b ? { worldX: b.x, worldY: b.y, screenX: screenX(cam, b.x), screenY: screenY(cam, b.y) } : null,
  };
}

export interface InfoSource {
  frames: number;
  fps: number;
  view: PushballView | null;
  cam: PitchCamera | null;
  input: PushInput | null;
  kind: PushInputKind;
}

export function renderInfo(s: InfoSource): PushballRenderInfo {
  const pieces = s.view && s.cam ? drawnPieces(s.view, s.cam) : { local: null, players: [], ball: null };
  const rules = s.view?.rules ?? null;
  return {
    frames: s.frames,
    fps: s.fps,
    camera: s.cam ? { ...s.cam } : null,
    ...pieces,
    score: rules ? [rules.scores[0], rules.scores[1]] : [0, 0],
    phase: rules ? rules.phase : null,
    input: s.input ? { ...s.input } : null,
    inputKind: s.kind,
  };
}
