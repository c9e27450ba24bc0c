/**
 * The page plays the game its lobby's host says: the welcome's map name picks the client game
 * (arena or Pushball), and a client session made for it sends that game's command packets and
 * takes that game's snapshots; scripts steer by what the view drew (walk to the ball).
 */
import { describe, expect, it } from 'vitest';
import {
  gameFromQuery,
  gameOfMap,
  isArenaSession,
  isPushballSession,
  newClientSession,
  PUSHBALL_MAP_NAME,
} from '../../../src/app/session-games';
import { pushballScriptInput } from '../../../src/app/scripted-input';
import { defaultCvars } from '../../../src/config/cvars';
import { decodeCmdPacket } from '../../../src/protocol/cmd-packet';
import { encodeSnapshot } from '../../../src/protocol/snapshot';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { PUSHBALL_COMMANDS } from '../../../src/pushball/protocol/pushball-commands';
import { PUSHBALL_WIRE } from '../../../src/pushball/protocol/pushball-wire';
import type { PushballView } from '../../../src/pushball/client/pushball-client-game';
import { MAPS } from '../../../src/sim/maps';
import { newPlayer } from '../../../src/sim/player-state';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import type { Timers } from '../../../src/transport/conditioned-channel';
import { WireChannel } from '../../helpers/wire-channel';

class StepTimers implements Timers {
  t = 1000;
  now(): number {
    return this.t;
  }
  setTimeout(): unknown {
    return 0;
  }
  clearTimeout(): void {}
}

function session(choice: 'arena' | 'pushball') {
  const timers = new StepTimers();
  const wire = new WireChannel();
  const s = newClientSession(choice, 4, 60, defaultCvars(), wire, timers, { sendSettings: () => undefined });
  return { timers, wire, s };
}

const HEAD = {
  baselineTick: 0,
  lastCmdTick: 0,
  cmdBufferDepth: 0,
  echoTimeMs: 0,
  echoHoldMs: 0,
  part: 0,
  partCount: 1,
};

/** A Pushball snapshot for client 4 standing at (300, 300), the ball at (500, 300). */
function pushballSnapshot(serverTick: number): Uint8Array {
  return encodeSnapshot(
    PUSHBALL_WIRE,
    {
      ...HEAD,
      serverTick,
      self: { id: 4, team: 0, x: 300, y: 300, vx: 0, vy: 0, kickCooldown: 0 },
      players: [{ id: 9, team: 1, x: 700, y: 300, vx: 0, vy: 0, kickCooldown: 0 }],
      balls: [{ id: 0, x: 500, y: 300, vx: 0, vy: 0, lastTouch: -1 }],
      events: [],
    },
    null,
  );
}

describe('which game a lobby plays', () => {
  it('is Pushball exactly when the welcome names its pitch; every arena map is the arena', () => {
    expect(gameOfMap(PUSHBALL_MAP_NAME)).toBe('pushball');
    for (const m of MAPS) expect(gameOfMap(m.name)).toBe('arena');
    expect(gameOfMap('')).toBe('arena');
    expect(gameOfMap('Pushball')).toBe('arena');
  });

  it("the start screen's choice comes from ?game=pushball, anything else is the arena", () => {
    expect(gameFromQuery('?game=pushball')).toBe('pushball');
    expect(gameFromQuery('?game=PUSHBALL')).toBe('arena');
    expect(gameFromQuery('?density=0.5')).toBe('arena');
  });
});

describe('a client session for a Pushball lobby', () => {
  it("sends Pushball's command packets (the arena's decoder reads them differently) and draws Pushball's snapshots", () => {
    const { timers, wire, s } = session('pushball');
    expect(isPushballSession(s)).toBe(true);
    expect(isArenaSession(s)).toBe(false);
    if (!isPushballSession(s)) return;
    wire.core.deliver(pushballSnapshot(100));
    for (let i = 0; i < 6; i++) {
      timers.t += 17;
      s.frame({ moveX: 90, moveY: -40, buttons: 1 });
    }
    expect(wire.sent.length).toBeGreaterThan(0);
    const packet = decodeCmdPacket(PUSHBALL_COMMANDS, wire.sent.at(-1)!);
    expect(packet.ok).toBe(true);
    if (!packet.ok) return;
    expect(packet.value.cmds.at(-1)).toMatchObject({ moveX: 90, moveY: -40, buttons: 1 });
    const view = s.lastView!;
    expect(view.ball).toMatchObject({ x: 500, y: 300 });
    expect(view.players.map((p) => p.id)).toEqual([9]);
  });

  it("an arena session sends the arena's packets for the same frames", () => {
    const { timers, wire, s } = session('arena');
    expect(isArenaSession(s)).toBe(true);
    if (!isArenaSession(s)) return;
    wire.core.deliver(
      encodeSnapshot(
        ARENA_WIRE,
        { ...HEAD, serverTick: 100, self: newPlayer(4, 100, 100), players: [], projectiles: [], events: [] },
        null,
      ),
    );
    for (let i = 0; i < 6; i++) {
      timers.t += 17;
      s.frame({ moveX: 90, moveY: -40, aim: 0, buttons: 0, weaponSelect: 255 });
    }
    const asArena = decodeCmdPacket(ARENA_COMMANDS, wire.sent.at(-1)!);
    expect(asArena.ok).toBe(true);
    if (asArena.ok) expect(asArena.value.cmds.at(-1)).toMatchObject({ moveX: 90, moveY: -40 });
  });
});

describe("Pushball's scripted input", () => {
  const view = (me: { x: number; y: number } | null, ball: { x: number; y: number } | null): PushballView =>
    ({
      localId: 4,
      local: me ? { state: { id: 4, ...me }, drawX: me.x, drawY: me.y, errorX: 0, errorY: 0 } : null,
      players: [{ id: 9, x: 300, y: 500 }],
      ball,
      events: [],
    }) as unknown as PushballView;

  it('walks at the drawn ball at full stick, kicking while told to fire', () => {
    expect(
      pushballScriptInput({ moveToBall: true, fire: true, ms: 1 }, view({ x: 100, y: 100 }, { x: 400, y: 500 })),
    ).toEqual({
      moveX: 76,
      moveY: 102,
      buttons: 1,
    });
  });

  it('walks at a player, holds given axes (clamped) without a target, and stands on the ball', () => {
    expect(pushballScriptInput({ moveToward: 9, ms: 1 }, view({ x: 300, y: 100 }, null))).toEqual({
      moveX: 0,
      moveY: 127,
      buttons: 0,
    });
    expect(pushballScriptInput({ moveX: 400, moveY: -12.6, ms: 1 }, view(null, null))).toEqual({
      moveX: 127,
      moveY: -13,
      buttons: 0,
    });
    expect(pushballScriptInput({ moveToBall: true, moveX: 50, ms: 1 }, view({ x: 5, y: 5 }, { x: 5, y: 5 }))).toEqual({
      moveX: 0,
      moveY: 0,
      buttons: 0,
    });
  });
});
