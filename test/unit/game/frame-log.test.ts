import { describe, expect, it } from 'vitest';
import type { ClientView, NetStats } from '../../../src/arena/client/view-model';
import { FRAME_LOG_SIZE, FrameLog } from '../../../src/game/frame-log';
import { newPlayer } from '../../../src/sim/player-state';
import { IDLE_INPUT, moving } from '../../helpers/input';

function view(commandTick: number, x: number | null): ClientView {
  const local = x === null ? null : { state: newPlayer(0, x + 1, 50), drawX: x, drawY: 50, errorX: 0, errorY: 0 };
  return {
    localId: 0,
    local,
    remotes: [],
    projectiles: [],
    events: [],
    stats: { commandTick } as NetStats,
    tickrate: 60,
  };
}

describe('FrameLog', () => {
  it('records each frame with the commands it issued, the axes handed over and the drawn player', () => {
    const log = new FrameLog();
    log.note(1, 16, IDLE_INPUT, view(600, null));
    log.note(2, 33, moving(127, -5), view(602, 100.5));
    log.note(3, 50, moving(127), view(602, 101));
    expect(log.list()).toEqual([
      {
        frame: 1,
        nowMs: 16,
        commandTick: 600,
        commandsIssued: 0,
        moveX: 0,
        moveY: 0,
        localX: null,
        localY: null,
        stateX: null,
        stateY: null,
      },
      {
        frame: 2,
        nowMs: 33,
        commandTick: 602,
        commandsIssued: 2,
        moveX: 127,
        moveY: -5,
        localX: 100.5,
        localY: 50,
        stateX: 101.5,
        stateY: 50,
      },
      {
        frame: 3,
        nowMs: 50,
        commandTick: 602,
        commandsIssued: 0,
        moveX: 127,
        moveY: 0,
        localX: 101,
        localY: 50,
        stateX: 102,
        stateY: 50,
      },
    ]);
  });

  it('keeps the newest FRAME_LOG_SIZE frames, oldest first, and hands out copies', () => {
    const log = new FrameLog();
    for (let f = 1; f <= FRAME_LOG_SIZE + 25; f++) log.note(f, f * 16, IDLE_INPUT, view(f, f));
    const list = log.list();
    expect(list).toHaveLength(FRAME_LOG_SIZE);
    expect(list[0]!.frame).toBe(26);
    expect(list.at(-1)!.frame).toBe(FRAME_LOG_SIZE + 25);
    expect(list.every((r, i) => i === 0 || r.frame === list[i - 1]!.frame + 1)).toBe(true);
    list[0]!.frame = -1;
    expect(log.list()[0]!.frame).toBe(26);
  });
});
