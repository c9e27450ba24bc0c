// Issue 13, bring forward: the successor's starting world = its checkpoint's private state + the
// public state of the newer snapshot it decoded as a client, at the snapshot's tick.
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import type { ArenaWireTypes } from '../../../src/arena/protocol/arena-messages';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import { encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { decodeCheckpoint, encodeCheckpoint } from '../../../src/arena/protocol/checkpoint-codec';
import type { Checkpoint } from '../../../src/arena/protocol/checkpoint-types';
import type { NetEvent, Snapshot } from '../../../src/arena/protocol/arena-messages';
import { decodeSnapshot } from '../../../src/protocol/snapshot';
import { SnapshotAssembler } from '../../../src/protocol/snapshot-assembler';
import { EVENT_ID_MARGIN, bringForward } from '../../../src/arena/server/bring-forward';
import {
  NO_LOBBY,
  captureCheckpoint,
  restoreServer,
  type CheckpointLobby,
} from '../../../src/arena/server/arena-checkpoint';
import { GameServer } from '../../../src/server/game-server';
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import { fullAmmo } from '../../../src/sim/config';
import { DEFAULT_MAP } from '../../../src/sim/map';
import { GameMode } from '../../../src/sim/match-types';
import type { PublicPlayerState, WorldState } from '../../../src/sim/types';
import { botCmd } from '../../../bench/workload';
import { worldInvariantProblems } from '../../helpers/world-invariants';

const TICK_MS = 1000 / 60;
const SUCCESSOR = 1;
const PEOPLE = [1, 2, 3, 4, 5, 6];

interface Run {
  checkpoint: Checkpoint;
  snapshot: Snapshot;
  worlds: Map<number, WorldState>;
  events: NetEvent[];
}

/** A live match; checkpoint at tick k; the successor's newest decoded snapshot at or before tick t. */
function run(seed: number, k: number, t: number): Run {
  const server = new GameServer(
    {
      tickrate: 60,
      maxUnlagS: 1,
      lagCompensation: true,
      seed,
      maxPlayers: 8,
      map: DEFAULT_MAP,
    },
    arenaServerGame,
  );
  for (const id of PEOPLE) server.addClient(id, 0);
  server.startMatch({ mode: GameMode.TeamDeathmatch, mapId: 0, warmupS: 0, timeLimitS: 0, fragLimit: 0 });
  const assembler = new SnapshotAssembler<ArenaWireTypes>(ARENA_WIRE);
  const worlds = new Map<number, WorldState>();
  const events: NetEvent[] = [];
  let checkpoint: Checkpoint | null = null;
  let snapshot: Snapshot | null = null;
  while (server.world.tick < t) {
    const tick = server.world.tick + 1;
    const now = tick * TICK_MS;
    for (const p of server.world.players)
      server.receive(
        p.id,
        encodeCmdPacket(
          ARENA_COMMANDS,
          quantizeCmdPacket(ARENA_COMMANDS, {
            ackTick: null,
            sendTimeMs: Math.floor(now) % 65536,
            cmds: [botCmd(server.world, p, tick, seed)],
          }),
        ),
        now - TICK_MS,
      );
    const out = server.tick(now);
    worlds.set(server.world.tick, server.world);
    events.push(...server.lastEvents);
    for (const p of out.packets) {
      if (p.clientId !== SUCCESSOR) continue;
      const decoded = decodeSnapshot(ARENA_WIRE, p.bytes, () => undefined);
      const whole = decoded.ok ? assembler.add(decoded.value) : null;
      if (whole) snapshot = whole;
    }
    if (server.world.tick === k) {
      const bytes = encodeCheckpoint(captureCheckpoint(server, LOBBY));
      const back = decodeCheckpoint(bytes);
      if (!back.ok) throw new Error(back.error);
      checkpoint = back.value;
    }
  }
  if (!checkpoint || !snapshot) throw new Error('no checkpoint or snapshot');
  return { checkpoint, snapshot, worlds, events };
}

/** Each person's seat token (its id in hex), as the host layer would give it. */
const seatToken = (id: number): string => id.toString(16).padStart(32, '0');
const LOBBY: CheckpointLobby = { ...NO_LOBBY, person: (id) => ({ name: `Player ${id}`, token: seatToken(id) }) };

const publicOf = (p: PublicPlayerState): unknown[] => [
  p.id,
  p.x,
  p.y,
  p.vx,
  p.vy,
  p.aim,
  p.health,
  p.alive,
  p.crouch,
  p.weapon,
  p.teleportSeq,
  p.kills,
  p.deaths,
];

describe('bringForward', () => {
  const r = run(5, 600, 660);
  const host = r.worlds.get(r.snapshot.serverTick)!;
  const f = bringForward(r.checkpoint, r.snapshot);

  it('starts at the snapshot tick with everyone where the old host had them then', () => {
    expect(r.snapshot.serverTick).toBeGreaterThan(r.checkpoint.world.tick);
    expect(f.world.tick).toBe(r.snapshot.serverTick);
    expect(f.world.players.map(publicOf)).toEqual(host.players.map(publicOf));
    // Something did change since the checkpoint (else the test would prove nothing).
    expect(r.checkpoint.world.players.map(publicOf)).not.toEqual(host.players.map(publicOf));
  });

  it("the successor's own player is the host's, private fields included", () => {
    expect(f.world.players.find((p) => p.id === SUCCESSOR)).toEqual(host.players.find((p) => p.id === SUCCESSOR));
  });

  it('scores, teams, clock, rockets and pickups are the newer ones', () => {
    const m = f.world.match;
    expect([m.phase, m.phaseEndTick, m.seq, m.teamScores]).toEqual([
      host.match.phase,
      host.match.phaseEndTick,
      host.match.seq,
      host.match.teamScores,
    ]);
    expect(m.players.map((p) => [p.id, p.team, p.score, p.bot])).toEqual(
      host.match.players.map((p) => [p.id, p.team, p.score, p.bot]),
    );
    expect(f.world.projectiles).toEqual(host.projectiles);
    expect(f.world.pickups).toEqual(host.pickups);
    expect(m.rules).toEqual(host.match.rules);
  });

  it('others keep their private state from the checkpoint (same life) or get a fresh spawn (respawned since)', () => {
    for (const p of f.world.players.filter((q) => q.id !== SUCCESSOR)) {
      const before = r.checkpoint.world.players.find((q) => q.id === p.id)!;
      const sameLife = before.teleportSeq === p.teleportSeq && before.alive === p.alive;
      if (sameLife)
        expect([p.ammo, p.nextFireTick, p.reloadEndTick]).toEqual([
          before.ammo,
          before.nextFireTick,
          before.reloadEndTick,
        ]);
      else if (p.alive) expect(p.ammo).toEqual(fullAmmo());
      else expect(p.respawnTick).toBeGreaterThan(f.world.tick);
    }
  });

  it('event ids jump past every id the old host used, so none is shown twice', () => {
    const recent = new Set(r.events.map((e) => e.id));
    const newest = r.events[r.events.length - 1]!.id;
    expect((f.nextEventId - newest + 65536) % 65536).toBeGreaterThan(EVENT_ID_MARGIN / 2);
    const restored = restoreServer(f, arenaServerGame);
    if (!restored.ok) throw new Error(restored.error);
    const ids: number[] = [];
    const b = restored.server;
    for (let i = 1; i <= 120; i++) {
      const tick = b.world.tick + 1;
      for (const p of b.world.players)
        b.receive(
          p.id,
          encodeCmdPacket(
            ARENA_COMMANDS,
            quantizeCmdPacket(ARENA_COMMANDS, { ackTick: null, sendTimeMs: 0, cmds: [botCmd(b.world, p, tick, 5)] }),
          ),
          (tick - 1) * TICK_MS,
        );
      b.tick(tick * TICK_MS);
      ids.push(...b.lastEvents.map((e) => e.id));
    }
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => recent.has(id))).toEqual([]);
  });

  it('the brought-forward world passes the sim invariants, encodes, restores and runs', () => {
    expect(worldInvariantProblems(f.world, DEFAULT_MAP)).toEqual([]);
    const back = decodeCheckpoint(encodeCheckpoint(f));
    expect(back.ok).toBe(true);
    const restored = restoreServer(f, arenaServerGame);
    if (!restored.ok) throw new Error(restored.error);
    for (let i = 1; i <= 300; i++) restored.server.tick((f.world.tick + i) * TICK_MS);
    expect(worldInvariantProblems(restored.server.world, DEFAULT_MAP)).toEqual([]);
  });

  it("a player who left since becomes a departed entry of the old host's shape; one who joined gets a seat and the given name", () => {
    const gone = 4;
    const snap: Snapshot = {
      ...r.snapshot,
      players: [...r.snapshot.players.filter((p) => p.id !== gone), { ...r.snapshot.players[0]!, id: 9 }],
      match: {
        ...r.snapshot.match!,
        players: [...r.snapshot.match!.players.filter((p) => p.id !== gone), { id: 9, team: 1, score: 0, bot: false }],
      },
    };
    const token = 'ab'.repeat(16);
    const g = bringForward(r.checkpoint, snap, (id) => (id === 9 ? { name: 'Newcomer', token } : undefined));
    expect(g.world.players.some((p) => p.id === gone)).toBe(false);
    // What GameServer.removeClient would have kept at K: the record and the body's kills and deaths.
    const body = r.checkpoint.world.players.find((p) => p.id === gone)!;
    const record = r.checkpoint.world.match.players.find((p) => p.id === gone)!;
    expect(g.departed).toEqual([
      {
        token: seatToken(gone),
        id: gone,
        name: `Player ${gone}`,
        returning: { record, kills: body.kills, deaths: body.deaths },
      },
    ]);
    expect(g.clients.find((c) => c.id === 9)).toMatchObject({ name: 'Newcomer', token, lastCmd: null });
    expect(g.world.players.find((p) => p.id === 9)?.ammo).toEqual(fullAmmo());
    const back = decodeCheckpoint(encodeCheckpoint(g));
    expect(back.ok).toBe(true);
    // The successor gives the record back when the player rejoins.
    const restored = restoreServer(g, arenaServerGame);
    if (!restored.ok) throw new Error(restored.error);
    expect(restored.seats).toContainEqual({ token: seatToken(gone), id: gone, name: `Player ${gone}`, present: false });
    restored.server.addClient(gone, 0, true);
    expect(restored.server.world.match.players.find((p) => p.id === gone)).toEqual(record);
    expect(restored.server.world.players.find((p) => p.id === gone)).toMatchObject({
      kills: body.kills,
      deaths: body.deaths,
      alive: true,
    });
  });

  it('a departed player who is back since is departed no more; a new match keeps the seats but not the records', () => {
    const gone = 4;
    const cp: Checkpoint = {
      ...r.checkpoint,
      departed: [
        { token: 'cd'.repeat(16), id: 30, name: 'Away', returning: null },
        { token: 'ef'.repeat(16), id: 31, name: 'Back', returning: null },
      ],
    };
    const snap: Snapshot = {
      ...r.snapshot,
      players: [...r.snapshot.players.filter((p) => p.id !== gone), { ...r.snapshot.players[0]!, id: 31 }],
      match: {
        ...r.snapshot.match!,
        players: [...r.snapshot.match!.players.filter((p) => p.id !== gone), { id: 31, team: 1, score: 0, bot: false }],
      },
    };
    const g = bringForward(cp, snap, (id) => (id === 31 ? { name: 'Back', token: 'ef'.repeat(16) } : undefined));
    expect(g.departed.map((d) => d.id)).toEqual([gone, 30]);
    expect(g.departed[0]!.returning).not.toBeNull();
    const next = bringForward(cp, { ...snap, match: { ...snap.match!, seq: (snap.match!.seq + 1) % 256 } });
    expect(next.departed.map((d) => [d.id, d.returning])).toEqual([
      [gone, null],
      [30, null],
    ]);
    expect(decodeCheckpoint(encodeCheckpoint(g)).ok).toBe(true);
  });

  it('a player who died since respawns a full delay after the snapshot; a snapshot not newer changes nothing but the event ids', () => {
    const victim = r.snapshot.players.find((p) => p.alive)!;
    const snap: Snapshot = {
      ...r.snapshot,
      players: r.snapshot.players.map((p) =>
        p.id === victim.id ? { ...p, alive: false, health: 0, deaths: p.deaths + 1 } : p,
      ),
    };
    const g = bringForward(r.checkpoint, snap);
    expect(g.world.players.find((p) => p.id === victim.id)?.respawnTick).toBe(snap.serverTick + 180);
    expect(g.world.match.players.find((p) => p.id === victim.id)?.streak).toBe(0);
    const same = bringForward(r.checkpoint, { ...r.snapshot, serverTick: r.checkpoint.world.tick });
    expect({ ...same, nextEventId: r.checkpoint.nextEventId }).toEqual(r.checkpoint);
    expect(same.world).toBe(r.checkpoint.world);
    // The old host ran on past its checkpoint and its events reached the clients: their ids are never reused.
    expect(same.nextEventId).toBe((r.checkpoint.nextEventId + EVENT_ID_MARGIN) % 65536);
  });
});
