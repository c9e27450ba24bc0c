import { describe, expect, it } from 'vitest';
import { secondsToTicks, type SimConfig } from '../../../src/sim/config';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { MAPS } from '../../../src/sim/maps';
import { DEFAULT_RULES } from '../../../src/sim/match-rules';
import { startMatch } from '../../../src/sim/match-flow';
import { AwardKind, GameMode, MatchPhase, Team, type MatchRules } from '../../../src/sim/match-types';
import { addPlayer, createWorld, stepWorld } from '../../../src/sim/world';
import { Buttons, Weapon, type PlayerId, type UserCmd, type WorldState } from '../../../src/sim/types';
import { cfgFor, cmd, mapWith, playerAt, worldOf } from './helpers';
import { saneCmds } from '../../helpers/sane-cmds';

const open = cfgFor(
  mapWith(
    [],
    [
      { x: 100, y: 500 },
      { x: 300, y: 500 },
      { x: 900, y: 100 },
      { x: 900, y: 900 },
    ],
    1000,
    1000,
  ),
);
const rules = (r: Partial<MatchRules> = {}): MatchRules => ({ ...DEFAULT_RULES, warmupS: 0, ...r });

function run(
  world: WorldState,
  ticks: number,
  cfg: SimConfig,
  cmdsFor: (tick: number, w: WorldState) => Map<PlayerId, UserCmd> = () => new Map(),
): WorldState {
  let w = world;
  for (let i = 0; i < ticks; i++) w = stepWorld(w, saneCmds(cmdsFor(w.tick + 1, w)), cfg).world;
  return w;
}

/** Two players facing each other on one line: 0 at x=100 aims right at 1 at x=300. */
function duel(r: Partial<MatchRules>, cfg = open): WorldState {
  let w = createWorld(3);
  w = addPlayer(w, 0, cfg);
  w = addPlayer(w, 1, cfg);
  w = startMatch(w, rules(r), cfg).world;
  return {
    ...w,
    players: [
      playerAt(0, 100, 500, { teleportSeq: w.players[0]!.teleportSeq }),
      playerAt(1, 300, 500, { teleportSeq: w.players[1]!.teleportSeq }),
    ],
  };
}

const fire = (tick: number): Map<PlayerId, UserCmd> => new Map([[0, cmd(tick, { buttons: Buttons.Fire })]]);
const record = (w: WorldState, id: number) => w.match.players.find((p) => p.id === id)!;

describe('the frag limit', () => {
  it('ends a live deathmatch at the end of the tick that reached it and freezes the results', () => {
    let w = duel({ fragLimit: 1, timeLimitS: 0 });
    w = { ...w, players: [w.players[0]!, { ...w.players[1]!, health: 20 }] };
    const r = stepWorld(w, saneCmds(fire(w.tick + 1)), open);
    expect(r.events.some((e) => e.type === 'killed')).toBe(true);
    expect(r.world.match.phase).toBe(MatchPhase.Ended);
    expect(r.world.match.results?.standings.map((s) => [s.id, s.score, s.kills, s.deaths])).toEqual([
      [0, 1, 1, 0],
      [1, 0, 0, 1],
    ]);
    // Nobody moves, fires or respawns any more; the results stay as they were.
    const later = run(
      r.world,
      300,
      open,
      (t) =>
        new Map([
          [0, cmd(t, { moveX: 127, buttons: Buttons.Fire })],
          [1, cmd(t, { moveY: 127 })],
        ]),
    );
    expect(later.players[0]!.x).toBe(100);
    expect(later.players[1]!.alive).toBe(false);
    expect(later.match.results).toEqual(r.world.match.results);
  });

  it('counts a team score in team deathmatch', () => {
    let w = duel({ mode: GameMode.TeamDeathmatch, fragLimit: 1, timeLimitS: 0 });
    expect(record(w, 0).team).not.toBe(record(w, 1).team);
    w = { ...w, players: [w.players[0]!, { ...w.players[1]!, health: 20 }] };
    const after = stepWorld(w, saneCmds(fire(w.tick + 1)), open).world;
    expect(after.match.teamScores[record(w, 0).team - 1]).toBe(1);
    expect(after.match.phase).toBe(MatchPhase.Ended);
    expect(after.match.results?.winnerTeam).toBe(record(w, 0).team);
  });

  it('does not end the warm-up', () => {
    let w = duel({ fragLimit: 1, warmupS: 10 });
    w = { ...w, players: [w.players[0]!, { ...w.players[1]!, health: 20 }] };
    const after = stepWorld(w, saneCmds(fire(w.tick + 1)), open).world;
    expect(after.players[1]!.alive).toBe(false);
    expect(after.match.phase).toBe(MatchPhase.Warmup);
  });
});

describe('the time limit', () => {
  it('ends the match at the start of its last tick: players stop acting on that very tick', () => {
    const w = duel({ fragLimit: 0, timeLimitS: 2 });
    const end = w.match.phaseEndTick;
    expect(end).toBe(w.tick + secondsToTicks(2, 60));
    const before = run(w, end - w.tick - 1, open);
    expect(before.match.phase).toBe(MatchPhase.Live);
    const last = stepWorld(before, saneCmds(new Map([[0, cmd(end, { moveX: 127 })]])), open).world;
    expect(last.tick).toBe(end);
    expect(last.match.phase).toBe(MatchPhase.Ended);
    expect(last.players[0]!.x).toBe(before.players[0]!.x);
    expect(last.match.results?.standings).toHaveLength(2);
  });
});

describe('warm-up', () => {
  it('goes live at its end: scores wiped, everyone respawned, the clock started', () => {
    let w = duel({ warmupS: 1, timeLimitS: 60 });
    expect(w.match.phase).toBe(MatchPhase.Warmup);
    w = { ...w, players: [w.players[0]!, { ...w.players[1]!, health: 20 }] };
    w = stepWorld(w, saneCmds(fire(w.tick + 1)), open).world;
    expect(w.players[0]!.kills).toBe(1);
    const liveAt = w.match.phaseEndTick;
    const seqs = w.players.map((p) => p.teleportSeq);
    const live = run(w, liveAt - w.tick, open);
    expect(live.match.phase).toBe(MatchPhase.Live);
    expect(live.match.phaseEndTick).toBe(liveAt + secondsToTicks(60, 60));
    expect(live.players.map((p) => [p.kills, p.deaths, p.alive])).toEqual([
      [0, 0, true],
      [0, 0, true],
    ]);
    expect(live.players.map((p) => p.teleportSeq)).toEqual(seqs.map((s) => (s + 1) & 255));
    expect(live.match.players.map((p) => p.score)).toEqual([0, 0]);
  });
});

describe('team damage', () => {
  function teamDuel(friendlyFire: boolean): WorldState {
    let w = duel({ mode: GameMode.TeamDeathmatch, friendlyFire, fragLimit: 0 });
    // Put both on red.
    w = { ...w, match: { ...w.match, players: w.match.players.map((p) => ({ ...p, team: Team.Red })) } };
    return { ...w, players: [w.players[0]!, { ...w.players[1]!, health: 20 }] };
  }

  it('spares team mates without friendly fire (no hit, no damage)', () => {
    const w = teamDuel(false);
    const r = stepWorld(w, saneCmds(fire(w.tick + 1)), open);
    expect(r.events.some((e) => e.type === 'hit')).toBe(false);
    expect(r.world.players[1]!.health).toBe(20);
  });

  it('hurts team mates with friendly fire, and a team kill costs a point instead of scoring', () => {
    const w = teamDuel(true);
    const r = stepWorld(w, saneCmds(fire(w.tick + 1)), open);
    expect(r.world.players[1]!.alive).toBe(false);
    expect(r.world.players[0]!.kills).toBe(0);
    expect(record(r.world, 0).score).toBe(-1);
    expect(r.world.match.teamScores).toEqual([-1, 0]);
  });

  it('hurts enemies, and your own rocket always hurts you', () => {
    let w = duel({ mode: GameMode.TeamDeathmatch, fragLimit: 0 });
    const hit = stepWorld(w, saneCmds(fire(w.tick + 1)), open);
    expect(hit.world.players[1]!.health).toBeLessThan(100);
    // A rocket fired point blank into a wall next to the shooter.
    const walled = cfgFor(mapWith([{ x: 130, y: 400, w: 20, h: 200 }], open.map.spawns, 1000, 1000));
    w = { ...w, players: [playerAt(0, 100, 500, { weapon: Weapon.Rocket }), w.players[1]!] };
    const self = run(w, 5, walled, (t) => (t === w.tick + 1 ? fire(t) : new Map()));
    expect(self.players[0]!.health).toBeLessThan(100);
  });
});

describe('awards', () => {
  it('names the most accurate, the longest streak and the most damage', () => {
    let w = duel({ fragLimit: 3, timeLimitS: 0 });
    let ticks = 0;
    // Player 0 shoots 1 until the limit; every respawn puts 1 back in front of the rifle.
    while (w.match.phase !== MatchPhase.Ended && ticks++ < 5000) {
      const target = w.players[1]!;
      if (target.alive && (target.x !== 300 || target.y !== 500))
        w = { ...w, players: [w.players[0]!, { ...target, x: 300, y: 500 }] };
      w = stepWorld(w, saneCmds(fire(w.tick + 1)), open).world;
    }
    const awards = w.match.results!.awards;
    expect(awards.find((a) => a.kind === AwardKind.Streak)).toEqual({ kind: AwardKind.Streak, player: 0, value: 3 });
    expect(awards.find((a) => a.kind === AwardKind.Damage)).toEqual({ kind: AwardKind.Damage, player: 0, value: 300 });
    const acc = awards.find((a) => a.kind === AwardKind.Accuracy)!;
    expect(acc.player).toBe(0);
    expect(acc.value).toBe(Math.floor((record(w, 0).hits * 100) / record(w, 0).shots));
    expect(record(w, 0).shots).toBeGreaterThanOrEqual(15);
  });
});

describe('startMatch', () => {
  it('moves everyone to the new map, deals even teams (people first) and puts every pickup back', () => {
    let w = createWorld(9, DEFAULT_MAP);
    const cfg0 = cfgFor(DEFAULT_MAP);
    for (const id of [1, 2, 3, 4, 5]) w = addPlayer(w, id, cfg0, id >= 4);
    const bastion = MAPS[3]!;
    const r = startMatch(w, rules({ mode: GameMode.TeamDeathmatch, mapId: 3, warmupS: 5 }), cfgFor(bastion));
    const m = r.world.match;
    expect(m.phase).toBe(MatchPhase.Warmup);
    expect(m.seq).toBe(1);
    expect(m.players.map((p) => p.team)).toEqual([Team.Red, Team.Blue, Team.Red, Team.Blue, Team.Red]);
    expect(r.world.pickups).toEqual(bastion.pickups!.map(() => 0));
    for (const p of r.world.players) {
      const spot = bastion.spawns.find((s) => s.x === p.x && s.y === p.y);
      expect(spot?.team).toBe(m.players.find((q) => q.id === p.id)!.team);
    }
    expect(r.events.filter((e) => e.type === 'respawned')).toHaveLength(5);
  });

  it('without a warm-up starts live at once', () => {
    const w = startMatch(worldOf([playerAt(0, 100, 500)]), rules({ timeLimitS: 30 }), open).world;
    expect(w.match.phase).toBe(MatchPhase.Live);
    expect(w.match.phaseEndTick).toBe(secondsToTicks(30, 60));
  });

  it('puts a newcomer on the smaller team', () => {
    let w = createWorld(9);
    for (const id of [1, 2, 3]) w = addPlayer(w, id, open);
    w = startMatch(w, rules({ mode: GameMode.TeamDeathmatch }), open).world;
    w = addPlayer(w, 7, open);
    expect(w.match.players.map((p) => p.team)).toEqual([Team.Red, Team.Blue, Team.Red, Team.Blue]);
  });
});
