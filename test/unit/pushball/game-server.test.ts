/**
 * Pushball on the netcode's GameServer, unedited: GameServer<PushballTypes> runs the game through
 * its table, decodes Pushball command packets, buffers them, steps the pitch and sends snapshots
 * encoded with Pushball's schema. Two scripted clients send real packets (acking what they
 * decoded, so the host sends deltas) and decode every snapshot; each decoded snapshot equals the
 * server's world of that tick exactly (own player, everyone else, the ball, the scoreboard), and
 * every event reaches every client exactly once.
 */
import { describe, expect, it } from 'vitest';
import { encodeCmdPacket } from '../../../src/protocol/cmd-packet';
import { SnapshotDecoder } from '../../../src/protocol/snapshot-decoder';
import type { SnapshotOf } from '../../../src/protocol/snapshot-types';
import { PUSHBALL_COMMANDS } from '../../../src/pushball/protocol/pushball-commands';
import { PUSHBALL_WIRE, ballEntity, type PushballWireTypes } from '../../../src/pushball/protocol/pushball-wire';
import { pushballServerGame } from '../../../src/pushball/server/pushball-server-game';
import type { PushballTypes } from '../../../src/pushball/server/pushball-types';
import { sanitizePushCmd, type PitchWorld, type SanitizedPushCmd } from '../../../src/pushball/sim';
import { GameServer } from '../../../src/server/game-server';

type Snap = SnapshotOf<PushballWireTypes>;
const TICKRATE = 60;

/** A scripted client: commands for its own ticks, snapshots decoded against what it holds. */
class ScriptedClient {
  readonly held = new Map<number, Snap>();
  readonly decoder = new SnapshotDecoder<PushballWireTypes>(PUSHBALL_WIRE);
  readonly recent: SanitizedPushCmd[] = [];
  readonly eventIds: number[] = [];
  newest: Snap | null = null;
  deltas = 0;

  constructor(readonly id: number) {}

  /** The packet for command tick `tick`: the newest three commands and the newest snapshot held. */
  packet(tick: number): Uint8Array {
    const phase = Math.floor(tick / 45) % 4;
    const moveX = [127, 0, -127, 0][phase]! * (this.id === 1 ? 1 : -1);
    const moveY = [0, 127, 0, -127][phase]!;
    this.recent.push(sanitizePushCmd({ tick, moveX, moveY, buttons: tick % 30 === 0 ? 1 : 0 }));
    if (this.recent.length > 3) this.recent.shift();
    const ackTick = this.newest ? this.newest.serverTick : null;
    return encodeCmdPacket(PUSHBALL_COMMANDS, { ackTick, sendTimeMs: tick * 16, cmds: this.recent });
  }

  receive(bytes: Uint8Array): Snap {
    const r = this.decoder.decode(bytes, (t) => this.held.get(t));
    if (!r.ok) throw new Error(r.error);
    const s = r.value;
    if (s.baselineTick > 0) this.deltas++;
    this.held.set(s.serverTick, s);
    this.newest = s;
    for (const e of s.events) if (!this.eventIds.includes(e.id)) this.eventIds.push(e.id);
    return s;
  }
}

/** What the server's world says client `id` must see. */
function expected(world: PitchWorld, id: number): Pick<Snap, 'self' | 'players' | 'balls'> {
  return {
    self: world.players.find((p) => p.id === id)!,
    players: world.players.filter((p) => p.id !== id),
    balls: [ballEntity(world.ball)],
  };
}

describe('Pushball on GameServer', () => {
  it('two clients and two bots play 20 s: every decoded snapshot is the server world of its tick', () => {
    const settings = { tickrate: TICKRATE, maxUnlagS: 0, lagCompensation: false, seed: 3, maxPlayers: 8 };
    const server = new GameServer<PushballTypes>(settings, pushballServerGame);
    const clients = [new ScriptedClient(1), new ScriptedClient(2)];
    for (const c of clients) expect(server.addClient(c.id, 0)).toBe(true);
    server.game.addBot((id) => id === 1 || id === 2);
    server.game.addBot((id) => id === 1 || id === 2);
    let events = 0;
    for (let t = 1; t <= TICKRATE * 20; t++) {
      const nowMs = (t * 1000) / TICKRATE;
      // Each client is two ticks ahead of the server (its commands arrive before their tick).
      for (const c of clients) server.receive(c.id, c.packet(server.world.tick + 2), nowMs);
      const out = server.tick(nowMs);
      expect(out.kicks).toEqual([]);
      const world = server.world;
      events += server.lastEvents.length;
      for (const p of out.packets) {
        const c = clients.find((k) => k.id === p.clientId)!;
        const s = c.receive(p.bytes);
        expect(s.serverTick).toBe(world.tick);
        expect({ self: s.self, players: s.players, balls: s.balls }).toEqual(expected(world, c.id));
        expect(s.match).toEqual(server.publicMatch);
      }
    }
    expect(server.world.players.length).toBe(4);
    expect(events).toBeGreaterThan(0);
    for (const c of clients) {
      expect(c.newest!.serverTick).toBeGreaterThan(TICKRATE * 19);
      expect(c.deltas).toBeGreaterThan(TICKRATE * 5);
      // Every event id once, in order: none lost, none twice.
      expect(c.eventIds).toEqual(Array.from({ length: events }, (_, i) => i));
    }
  });
});
