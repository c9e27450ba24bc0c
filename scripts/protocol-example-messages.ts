/**
 * The messages docs/PROTOCOL.md's worked example encodes (protocol-example.ts): a full snapshot of
 * tick 1000 (self, two others, a rocket, an event, the match block), a delta of tick 1004 against
 * it, and a command packet of three commands. Chosen so every section of the wire format shows.
 */
import type { CmdPacket, Snapshot } from '../src/arena/protocol/arena-messages';
import { GameMode, MatchPhase, PickupKind, Team, type PublicMatchState } from '../src/sim/match-types';
import type { PlayerState, PublicPlayerState, UserCmd } from '../src/sim/types';

const self: PlayerState = {
  id: 1,
  x: 400,
  y: 300,
  vx: 150,
  vy: 0,
  aim: 8192,
  health: 100,
  alive: true,
  crouch: false,
  weapon: 0,
  ammo: [30, 3],
  nextFireTick: 1003,
  reloadEndTick: 0,
  deployEndTick: 0,
  respawnTick: 0,
  teleportSeq: 1,
  kills: 2,
  deaths: 1,
};
const ann: PublicPlayerState = {
  id: 2,
  x: 800,
  y: 500,
  vx: -90,
  vy: 60,
  aim: 40000,
  health: 75,
  alive: true,
  crouch: false,
  weapon: 1,
  teleportSeq: 0,
  kills: 0,
  deaths: 0,
};
const bo: PublicPlayerState = {
  id: 5,
  x: 1200.5,
  y: 250.25,
  vx: 0,
  vy: 0,
  aim: 0,
  health: 100,
  alive: true,
  crouch: true,
  weapon: 0,
  teleportSeq: 3,
  kills: 1,
  deaths: 2,
};

/** Team deathmatch on plaza, live until tick 37000 (600 s), 30 points to win; red leads 2-1; pickup 1 is back at tick 1200. */
const match: PublicMatchState = {
  mode: GameMode.TeamDeathmatch,
  mapId: 1,
  phase: MatchPhase.Live,
  phaseEndTick: 37000,
  fragLimit: 30,
  timeLimitS: 600,
  friendlyFire: false,
  seq: 1,
  teamScores: [2, 1],
  players: [
    { id: 1, team: Team.Red, score: 2, bot: false },
    { id: 2, team: Team.Blue, score: 1, bot: false },
    { id: 5, team: Team.Red, score: 0, bot: true },
  ],
  pickups: [0, 1200],
  results: null,
};

/** Tick 1000, sent in full: self, two other players, one rocket, one event, the match block. */
export const FULL: Snapshot = {
  serverTick: 1000,
  baselineTick: 0,
  lastCmdTick: 1001,
  cmdBufferDepth: 2,
  echoTimeMs: 4300,
  echoHoldMs: 3,
  part: 0,
  partCount: 1,
  self,
  players: [ann, bo],
  projectiles: [{ id: 40, owner: 2, x: 760, y: 520, vx: 600, vy: 0, explodeTick: 1090 }],
  events: [
    {
      id: 7,
      tick: 998,
      event: { type: 'fired', shooter: 2, weapon: 1, x: 790, y: 505, aim: 40000, endX: 790, endY: 505 },
    },
  ],
  match,
};

/**
 * Tick 1004 against tick 1000: everyone moved 4 ticks at their velocity, player 5 turned, player 7
 * joined (blue), the rocket flew on, player 2 reloaded, self took the ammo pickup 0 (back at 2204).
 */
export const DELTA: Snapshot = {
  ...FULL,
  serverTick: 1004,
  lastCmdTick: 1005,
  cmdBufferDepth: 1,
  echoTimeMs: 4366,
  echoHoldMs: 2,
  self: { ...self, x: 410, aim: 8300, nextFireTick: 0, ammo: [30, 5] },
  players: [
    { ...ann, x: 794, y: 504 },
    { ...bo, aim: 16384 },
    {
      id: 7,
      x: 100,
      y: 900,
      vx: 0,
      vy: 0,
      aim: 0,
      health: 100,
      alive: true,
      crouch: false,
      weapon: 0,
      teleportSeq: 0,
      kills: 0,
      deaths: 0,
    },
  ],
  projectiles: [{ ...FULL.projectiles[0]!, x: 800 }],
  events: [
    { id: 8, tick: 1003, event: { type: 'reloaded', player: 2, weapon: 1 } },
    { id: 9, tick: 1004, event: { type: 'pickup', player: 1, pickup: 0, kind: PickupKind.Ammo } },
  ],
  match: {
    ...match,
    players: [...match.players, { id: 7, team: Team.Blue, score: 0, bot: false }],
    pickups: [2204, 1200],
  },
};

/** Three commands for ticks 1002-1004, acking snapshot 1000: walking right, firing, aim turning on the last one. */
export const COMMANDS: CmdPacket<UserCmd> = {
  ackTick: 1000,
  sendTimeMs: 4380,
  cmds: [
    { tick: 1002, moveX: 127, moveY: 0, aim: 8192, buttons: 1, weaponSelect: 255, viewTick: 994, viewFrac: 128 },
    { tick: 1003, moveX: 127, moveY: 0, aim: 8192, buttons: 1, weaponSelect: 255, viewTick: 995, viewFrac: 128 },
    { tick: 1004, moveX: 127, moveY: 0, aim: 8300, buttons: 1, weaponSelect: 255, viewTick: 996, viewFrac: 128 },
  ],
};
