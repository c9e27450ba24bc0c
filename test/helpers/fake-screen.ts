/**
 * A game Screen (src/game/frame.ts) over a fake host and input reader, with no kaboom behind it:
 * what the frame tests need to run `updateFrame` in Node (a 1280×720 view at 60 fps).
 */
import type { KaboomCtx } from 'kaboom';
import { createNetGraph } from '../../src/game/draw-netgraph';
import { createEffects } from '../../src/game/effects';
import { FrameLog } from '../../src/game/frame-log';
import type { Screen } from '../../src/game/frame';
import type { GameHost } from '../../src/game/game-host';
import type { InputReader } from '../../src/game/input-reader';
import { FpsMeter } from '../../src/game/net-graph-model';
import type { Kit } from '../../src/game/render-kit';
import type { SoundCues } from '../../src/game/sound';
import { DEFAULT_MAP } from '../../src/sim/map';

export function fakeScreen(host: GameHost, input: InputReader): Screen {
  const k = { width: () => 1280, height: () => 720, dt: () => 1 / 60 } as unknown as KaboomCtx;
  return {
    k,
    kit: {} as Kit,
    host,
    map: DEFAULT_MAP,
    fx: createEffects(),
    graph: createNetGraph(),
    fps: new FpsMeter(),
    sound: { play: () => undefined } as unknown as SoundCues,
    input,
    cues: [],
    ui: { menuOpen: () => false, scoreboard: false, wantedWeapon: null, escape: () => undefined },
    injectedNames: new Map(),
    frames: 0,
    lastInput: null,
    crosshair: null,
    view: null,
    cam: null,
    steadyCam: null,
    log: new FrameLog(),
    info: null,
    look: null,
    rng: () => 0.5,
    hint: { firstSpawnAt: null },
  };
}
