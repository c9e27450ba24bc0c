/**
 * The wire is lossless on sim state (DESIGN §4): a world rebuilt from what the clients decoded
 * (each player's own `self` and the projectiles, delta-coded against 4-old baselines) and stepped
 * with the same commands gives the server's next world bit for bit, every tick, for 10,000 ticks
 * of several players moving, shooting (rifle and rockets), dying and respawning among the walls.
 * Also: every client's view of the others equals the server's public fields, and a client's own
 * prediction (stepPlayer from the decoded self) matches the server.
 */
import { ARENA_WIRE } from '../../src/arena/protocol/arena-wire';
import { describe, it, expect } from 'vitest';
import {
  Buttons,
  DEFAULT_MAP,
  WEAPON_KEEP,
  addPlayer,
  createWorld,
  nextRandom,
  stepPlayer,
  stepWorld,
  type PlayerState,
  type SimConfig,
  type UserCmd,
  type WorldState,
} from '../../src/sim';
import { decodeSnapshot, encodeSnapshot } from '../../src/protocol/snapshot';
import type { Snapshot } from '../../src/arena/protocol/arena-messages';
import { saneCmds } from '../helpers/sane-cmds';

const CFG: SimConfig = { tickrate: 60, map: DEFAULT_MAP };
const PLAYERS = 6;
const TICKS = 10_000;
const BASELINE_AGE = 4;

/** A seeded stream of numbers in [0, 1) (the sim's own PRNG, kept by the test). */
class Dice {
  constructor(private state: number) {}
  next(): number {
    const r = nextRandom(this.state);
    this.state = r.state;
    return r.value;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
}

/** Random but sticky intentions, so players cross the map, meet and fight. */
function randomCmd(d: Dice, p: PlayerState, tick: number): UserCmd {
  const fire = d.next() < 0.35 ? Buttons.Fire : 0;
  const crouch = d.next() < 0.1 ? Buttons.Crouch : 0;
  const reload = d.next() < 0.02 ? Buttons.Reload : 0;
  return {
    tick,
    moveX: d.next() < 0.2 ? d.int(-127, 127) : Math.sign(Math.cos(tick / 50 + p.id)) * 127,
    moveY: d.next() < 0.2 ? d.int(-127, 127) : Math.sign(Math.sin(tick / 70 + p.id * 2)) * 127,
    aim: (p.aim + d.int(-3000, 3000) + 65536) % 65536,
    buttons: fire | crouch | reload,
    weaponSelect: d.next() < 0.02 ? d.int(0, 1) : WEAPON_KEEP,
    viewTick: Math.max(0, tick - 6),
    viewFrac: d.int(0, 255),
  };
}

function snapshotOf(world: WorldState, selfId: number): Snapshot {
  const self = world.players.find((p) => p.id === selfId)!;
  return {
    serverTick: world.tick,
    baselineTick: 0,
    lastCmdTick: world.tick,
    cmdBufferDepth: 0,
    echoTimeMs: 0,
    echoHoldMs: 0,
    part: 0,
    partCount: 1,
    self,
    players: world.players
      .filter((p) => p.id !== selfId)
      .map(({ id, x, y, vx, vy, aim, health, alive, crouch, weapon, teleportSeq, kills, deaths }) => ({
        id,
        x,
        y,
        vx,
        vy,
        aim,
        health,
        alive,
        crouch,
        weapon,
        teleportSeq,
        kills,
        deaths,
      })),
    projectiles: world.projectiles,
    events: [],
  };
}

/** Client `id`: encodes the server's snapshot against the one sent BASELINE_AGE ticks ago, decodes it. */
function throughWire(sent: Map<number, Snapshot>, world: WorldState, id: number): Snapshot {
  const target = snapshotOf(world, id);
  const baseline = sent.get(world.tick - BASELINE_AGE) ?? null;
  const out = decodeSnapshot(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, target, baseline), (t) =>
    t === baseline?.serverTick ? baseline : undefined,
  );
  if (!out.ok) throw new Error(`tick ${world.tick} player ${id}: ${out.error}`);
  sent.set(world.tick, out.value);
  sent.delete(world.tick - 2 * BASELINE_AGE);
  return out.value;
}

/** Plain comparison in the hot loop (10,000 ticks of `expect` calls would dominate the run). */
function sameJson(label: string, actual: unknown, expected: unknown): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${label} differs:\n${a}\n${e}`);
}

describe('sim state survives the wire bit for bit', () => {
  it(`${TICKS} ticks, ${PLAYERS} players: rebuilt world steps exactly like the server's`, () => {
    const dice = new Dice(12345);
    let world = createWorld(99);
    for (let id = 0; id < PLAYERS; id++) world = addPlayer(world, id, CFG);
    const sent = new Map(world.players.map((p) => [p.id, new Map<number, Snapshot>()]));
    const seen = { respawns: 0, kills: 0, rockets: 0, hits: 0, deltas: 0 };
    for (let t = 0; t < TICKS; t++) {
      const views = world.players.map((p) => throughWire(sent.get(p.id)!, world, p.id));
      seen.deltas += views.filter((v) => v.baselineTick !== 0).length;
      const rebuilt: WorldState = {
        ...world,
        players: views.map((v) => v.self),
        projectiles: views[0]!.projectiles,
      };
      // Decoded objects keep the sim's key order, so JSON equality is exact value equality here;
      // every 100th tick also a deep equality, which tells -0 from 0.
      sameJson(`tick ${world.tick} rebuilt world`, rebuilt, world);
      const viewer = views[t % views.length]!;
      sameJson(
        `tick ${world.tick} view of ${viewer.self.id}`,
        viewer.players,
        snapshotOf(world, viewer.self.id).players,
      );
      if (t % 100 === 0) expect(rebuilt).toEqual(world);
      const tick = world.tick + 1;
      const cmds = new Map(world.players.map((p) => [p.id, randomCmd(dice, p, tick)] as const));
      const server = stepWorld(world, saneCmds(cmds), CFG);
      const client = stepWorld(rebuilt, saneCmds(cmds), CFG);
      sameJson(`tick ${tick} stepped world`, client.world, server.world);
      sameJson(`tick ${tick} events`, client.events, server.events);
      // Prediction: the client steps its own decoded state alone (no blockers) like the server would.
      const me = views[0]!.self;
      sameJson(
        `tick ${tick} prediction`,
        stepPlayer(me, cmds.get(me.id)!, tick, CFG, []).player,
        stepPlayer(world.players[0]!, cmds.get(me.id)!, tick, CFG, []).player,
      );
      for (const e of server.events) {
        if (e.type === 'respawned') seen.respawns++;
        if (e.type === 'killed') seen.kills++;
        if (e.type === 'exploded') seen.rockets++;
        if (e.type === 'hit') seen.hits++;
      }
      world = server.world;
    }
    // The run must have exercised what it claims to.
    expect(seen.kills).toBeGreaterThan(20);
    expect(seen.respawns).toBeGreaterThan(20);
    expect(seen.rockets).toBeGreaterThan(5);
    expect(seen.hits).toBeGreaterThan(100);
    expect(seen.deltas).toBeGreaterThan((TICKS - BASELINE_AGE) * PLAYERS * 0.99);
  });
});
