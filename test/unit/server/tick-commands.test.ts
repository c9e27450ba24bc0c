import { describe, it, expect } from 'vitest';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { defaultAbuseLimits } from '../../../src/server/abuse-monitor';
import { ServerSideClient } from '../../../src/server/server-side-client';
import { TickCommands } from '../../../src/server/tick-commands';
import { WEAPON_KEEP, type UserCmd } from '../../../src/sim/types';
import { sanitizeCmd, type SanitizedCmd } from '../../../src/sim/quantize';

const cmd = (tick: number, moveX = 0): SanitizedCmd =>
  sanitizeCmd({ tick, moveX, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP, viewTick: 0, viewFrac: 0 });
const session = (id: number): ServerSideClient<SanitizedCmd> =>
  new ServerSideClient(id, { tickrate: 60, abuse: defaultAbuseLimits(60), commands: ARENA_COMMANDS });

describe('TickCommands', () => {
  it('holds exactly the commands given for the current tick: nothing left from a player who left, was kicked or is a removed bot', () => {
    const a = session(1);
    const b = session(2);
    const silent = session(3);
    for (let t = 1; t <= 3; t++) {
      a.buffer.push(cmd(t, 10 + t), 0, t);
      b.buffer.push(cmd(t, 20 + t), 0, t);
    }
    const cmds = new TickCommands();
    cmds.takeFrom(1, [a, b, silent]);
    cmds.byPlayer.set(9, cmd(1)); // a bot's
    cmds.dropStale();
    expect([...cmds.byPlayer.keys()].sort()).toEqual([1, 2, 9]);
    expect(silent.current).toBeNull();

    // Tick 2: b has left, the bot is gone.
    cmds.takeFrom(2, [a, silent]);
    cmds.dropStale();
    expect([...cmds.byPlayer.entries()]).toEqual([[1, a.current!.cmd]]);
    expect(cmds.byPlayer.get(1)).toMatchObject({ tick: 2, moveX: 12 });

    // Tick 3: a is kicked; b is back.
    while (!a.abuse.kicked) a.abuse.packet(0, false, 0);
    cmds.takeFrom(3, [a, b]);
    cmds.dropStale();
    expect(a.current).toBeNull();
    expect([...cmds.byPlayer.keys()]).toEqual([2]);
    expect(cmds.byPlayer.get(2)).toMatchObject({ tick: 3, moveX: 23 });
  });
});
