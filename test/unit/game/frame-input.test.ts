/**
 * The renderer's frame samples input before it asks the host for the frame (src/game/frame.ts):
 * the input read in frame N is the one handed to `host.frame` in frame N, and it is read against the
 * frame on screen (the last view and its steady camera), since that is what the player saw.
 */
import { describe, expect, it } from 'vitest';
import type { ClientView, InputSample, NetStats } from '../../../src/arena/client/view-model';
import { toScreenX, toScreenY } from '../../../src/game/camera';
import { updateFrame, type Screen } from '../../../src/game/frame';
import type { GameHost } from '../../../src/game/game-host';
import type { FrameContext, InputReader } from '../../../src/game/input-reader';
import { newPlayer } from '../../../src/sim/player-state';
import { IDLE_INPUT, moving } from '../../helpers/input';
import { fakeScreen } from '../../helpers/fake-screen';

const stats = { serverTick: 0, renderTick: 0, commandTick: 0 } as NetStats;

function viewAt(x: number, y: number): ClientView {
  const state = newPlayer(0, x, y);
  return {
    localId: 0,
    local: { state, drawX: x, drawY: y, errorX: 0, errorY: 0 },
    remotes: [],
    projectiles: [],
    events: [],
    stats,
    tickrate: 60,
    match: null,
  };
}

/** A screen whose reader returns `inputs` in turn and whose host draws the player at `spots` in turn; both log into `log`. */
function screen(inputs: InputSample[], spots: Array<[number, number]>, log: string[], seen: FrameContext[]): Screen {
  let frame = 0;
  const host = {
    frame: (_now: number, input: InputSample) => {
      log.push(`host.frame(moveX ${input.moveX})`);
      const [x, y] = spots[frame++]!;
      return viewAt(x, y);
    },
    names: () => new Map(),
    cvars: () => ({}),
  } as unknown as GameHost;
  let read = 0;
  const input = {
    kind: 'keyboard',
    read: (c: FrameContext) => {
      seen.push(c);
      const i = inputs[read++]!;
      log.push(`read(moveX ${i.moveX})`);
      return { input: i, kind: 'keyboard', crosshair: null, scoreboard: false, wantedWeapon: null, menuPressed: false };
    },
  } as unknown as InputReader;
  return fakeScreen(host, input);
}

describe('the input of a frame', () => {
  it('is read before the host frame and handed to that same frame', () => {
    const log: string[] = [];
    const s = screen(
      [IDLE_INPUT, moving(127)],
      [
        [500, 500],
        [501, 500],
      ],
      log,
      [],
    );
    updateFrame(s, 1000);
    updateFrame(s, 1016);
    expect(log).toEqual(['read(moveX 0)', 'host.frame(moveX 0)', 'read(moveX 127)', 'host.frame(moveX 127)']);
    expect(s.lastInput?.moveX).toBe(127);
  });

  it('is read against the frame on screen: where the last view drew the player, under the last steady camera', () => {
    const seen: FrameContext[] = [];
    const s = screen(
      [IDLE_INPUT, IDLE_INPUT],
      [
        [500, 400],
        [900, 700],
      ],
      [],
      seen,
    );
    updateFrame(s, 1000);
    const shown = s.steadyCam!;
    updateFrame(s, 1016);
    // Before the first view there is no player on screen to aim from.
    expect(seen[0]!.from).toBeNull();
    // The second frame reads from the first frame's drawing, not from the view it is about to get.
    expect(seen[1]!.from).toEqual({ x: toScreenX(shown, 500), y: toScreenY(shown, 400) });
    expect(s.steadyCam).not.toEqual(shown);
  });
});
