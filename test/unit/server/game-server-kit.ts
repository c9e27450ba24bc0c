/**
 * What the GameServer<ServedTypes> tests share (game-server.test.ts, game-server-commands.test.ts): an open
 * map and settings, a command maker, a client-side snapshot Receiver, and drive() to run ticks.
 */
import type { ServedTypes } from '../../../src/arena/server/served-game';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import type { ArenaWireTypes } from '../../../src/arena/protocol/arena-messages';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { GameServer, type ServerSettings } from '../../../src/server/game-server';
import { encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { decodeSnapshot } from '../../../src/protocol/snapshot';
import { SnapshotAssembler } from '../../../src/protocol/snapshot-assembler';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { WEAPON_KEEP, type ArenaMap, type UserCmd } from '../../../src/sim/types';

export const TICK_MS = 1000 / 60;
export const map: ArenaMap = {
  name: 'open',
  width: 2000,
  height: 1200,
  walls: [],
  spawns: [
    { x: 200, y: 600 },
    { x: 800, y: 600 },
    { x: 1400, y: 600 },
  ],
};
export const base: ServerSettings<ArenaMap> = {
  tickrate: 60,
  maxUnlagS: 1,
  lagCompensation: true,
  seed: 1,
  maxPlayers: 3,
  map,
};

export function cmd(tick: number, extra: Partial<UserCmd> = {}): UserCmd {
  return {
    tick,
    moveX: 0,
    moveY: 0,
    aim: 0,
    buttons: 0,
    weaponSelect: WEAPON_KEEP,
    viewTick: Math.max(0, tick - 10),
    viewFrac: 0,
    ...extra,
  };
}

/** Decodes what the server sent one client, keeping baselines like a client would. */
export class Receiver {
  byTick = new Map<number, Snapshot>();
  assembler = new SnapshotAssembler<ArenaWireTypes>(ARENA_WIRE);
  got: Snapshot[] = [];
  failures = 0;
  take(bytes: Uint8Array): void {
    const r = decodeSnapshot(ARENA_WIRE, bytes, (t) => this.byTick.get(t));
    if (!r.ok) {
      this.failures++;
      return;
    }
    const s = this.assembler.add(r.value);
    if (!s) return;
    this.byTick.set(s.serverTick, s);
    this.got.push(s);
  }
  get newest(): number {
    return this.got.length ? Math.max(...this.got.map((s) => s.serverTick)) : 0;
  }
}

/** Runs `ticks` ticks; client 1 sends each tick's command just in time (made by `make`) and acks what it got. */
export function drive(
  server: GameServer<ServedTypes>,
  rx: Map<number, Receiver>,
  ticks: number,
  make: (tick: number) => UserCmd | null,
  t0 = 0,
): number {
  let now = t0;
  for (let i = 0; i < ticks; i++) {
    const next = server.world.tick + 1;
    const c = make(next);
    if (c)
      server.receive(
        1,
        encodeCmdPacket(
          ARENA_COMMANDS,
          quantizeCmdPacket(ARENA_COMMANDS, {
            ackTick: rx.get(1)?.newest ?? 0,
            sendTimeMs: Math.floor(now) % 65536,
            cmds: [c],
          }),
        ),
        now,
      );
    now += TICK_MS;
    for (const p of server.tick(now).packets) rx.get(p.clientId)?.take(p.bytes);
  }
  return now;
}
