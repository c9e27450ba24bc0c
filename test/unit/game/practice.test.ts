import { describe, it, expect } from 'vitest';
import type { NetStats } from '../../../src/arena/client/view-model';
import { createPracticeHost } from '../../../src/game/practice-host';
import { botCmd } from '../../../src/game/practice-bots';
import { buildPracticeView } from '../../../src/game/practice-view';
import { MAX_SPEED } from '../../../src/sim/config';
import { createMatch } from '../../../src/sim/match';
import { Buttons, WEAPON_KEEP, type PlayerState, type WorldState } from '../../../src/sim/types';

const player = (id: number, x: number, y: number, teleportSeq = 0): PlayerState => ({
  id,
  x,
  y,
  vx: 0,
  vy: 0,
  aim: 0,
  health: 100,
  alive: true,
  crouch: false,
  weapon: 0,
  ammo: [20, 4],
  nextFireTick: 0,
  reloadEndTick: 0,
  deployEndTick: 0,
  respawnTick: 0,
  teleportSeq,
  kills: 0,
  deaths: 0,
});
const world = (tick: number, players: PlayerState[]): WorldState => ({
  tick,
  players,
  projectiles: [],
  nextProjectileId: 0,
  rng: 1,
  match: createMatch(),
  pickups: [],
});
const stats = { serverTick: 0 } as NetStats;

describe('buildPracticeView', () => {
  it('draws every body between the last two ticks', () => {
    const v = buildPracticeView(
      world(1, [player(0, 100, 100), player(1, 200, 200)]),
      world(2, [player(0, 110, 100), player(1, 200, 220)]),
      0.5,
      0,
      60,
      [],
      stats,
    );
    expect(v.local?.drawX).toBe(105);
    expect(v.local?.state.x).toBe(110);
    expect(v.remotes).toHaveLength(1);
    expect(v.remotes[0]).toMatchObject({ id: 1, x: 200, y: 210, extrapolating: false });
  });

  it('jumps across a teleport instead of sliding', () => {
    const v = buildPracticeView(
      world(1, [player(0, 100, 100, 3)]),
      world(2, [player(0, 900, 700, 4)]),
      0.25,
      0,
      60,
      [],
      stats,
    );
    expect([v.local?.drawX, v.local?.drawY]).toEqual([900, 700]);
  });

  it('hands over events as confirmed', () => {
    const v = buildPracticeView(
      world(1, []),
      world(2, []),
      0,
      0,
      60,
      [{ tick: 2, event: { type: 'killed', killer: 1, victim: 0, weapon: 0 } }],
      stats,
    );
    expect(v.events).toEqual([
      { predicted: false, tick: 2, event: { type: 'killed', killer: 1, victim: 0, weapon: 0 } },
    ]);
  });
});

describe('botCmd', () => {
  it('moves within the axis limits, fires in bursts only when asked and with a target', () => {
    let fired = 0;
    for (let t = 1; t <= 600; t++) {
      const c = botCmd(2, t, 60, { x: 0, y: 0 }, { x: 100, y: 0 }, true);
      expect(Math.abs(c.moveX)).toBeLessThanOrEqual(127);
      expect(Math.abs(c.moveY)).toBeLessThanOrEqual(127);
      expect(c.aim).toBe(0);
      expect(c.weaponSelect).toBe(WEAPON_KEEP);
      if (c.buttons & Buttons.Fire) fired++;
    }
    expect(fired).toBeGreaterThan(0);
    expect(fired).toBeLessThan(600);
    expect(botCmd(2, 5, 60, { x: 0, y: 0 }, null, true).buttons).toBe(0);
    expect(botCmd(2, 5, 60, { x: 0, y: 0 }, { x: 1, y: 1 }, false).buttons & Buttons.Fire).toBe(0);
  });
});

const IDLE = { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };

describe('createPracticeHost', () => {
  it('advances whole ticks with the clock and moves the local player with its input', () => {
    const host = createPracticeHost({ bots: 2, tickrate: 60 });
    const first = host.frame(1000, IDLE);
    expect(first.local).not.toBeNull();
    expect(first.remotes).toHaveLength(2);
    const x0 = first.local?.state.x ?? 0;
    const right = { moveX: 127, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP };
    let v = first;
    for (let t = 1016; t < 1500; t += 16) v = host.frame(t, right);
    v = host.frame(1500, right);
    // 0.5 s at 60 Hz.
    expect(v.stats.serverTick).toBe(30);
    const moved = (v.local?.state.x ?? 0) - x0;
    expect(moved).toBeGreaterThan(20);
    expect(moved).toBeLessThanOrEqual(MAX_SPEED * 0.5 + 1);
  });

  it('reports the local shot as a rewind with its hitboxes and sets cvars with the registry rules', () => {
    const host = createPracticeHost({ bots: 1 });
    host.frame(0, IDLE);
    const v = host.frame(100, { moveX: 0, moveY: 0, aim: 0, buttons: Buttons.Fire, weaponSelect: WEAPON_KEEP });
    expect(v.events.some((e) => e.event.type === 'fired' && e.event.shooter === 0)).toBe(true);
    const rewind = host.lastRewind();
    expect(rewind?.hitboxes.map((b) => b.id).sort()).toEqual([0, 1]);
    expect(host.setCvar('net_fakelag', 5000)?.outcome).toBe('clamped');
    expect(host.cvars().net_fakelag).toBe(1000);
    expect(host.serverHitboxes()?.map((b) => b.id)).toEqual([1]);
  });

  it("steps a frame's owed ticks with that frame's input: a key moves the player in the view of the frame it is handed to", () => {
    const host = createPracticeHost({ bots: 1, tickrate: 60 });
    let v = host.frame(0, IDLE);
    for (let t = 16; t <= 200; t += 16) v = host.frame(t, IDLE);
    const rest = v.local!;
    // 216 ms is past tick 12 (200 ms), so a tick is owed in this frame.
    const moved = host.frame(216, { ...IDLE, moveX: 127 });
    expect(moved.stats.commandTick).toBeGreaterThan(v.stats.commandTick);
    expect(moved.local!.state.x).toBeGreaterThan(rest.state.x);
    expect(moved.local!.drawX).toBeGreaterThan(rest.drawX);
  });
});
