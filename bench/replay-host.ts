/**
 * The replay bench's host (replay.bench.ts): a GameServer running a team deathmatch on the default
 * map with N people driven by the workload's bot brain (workload.ts `botCmd`), each sending one
 * command packet a tick with its newest 3 commands and acking its snapshots ACK_DELAY_TICKS late.
 * No network: packets go straight into `receive`. It is a tick-lanes Lane, so two of them (one
 * recording) can be timed in turns; everything it does is a function of the seed and the tick.
 */
import { ARENA_COMMANDS } from '../src/arena/protocol/arena-commands';
import { arenaServerGame } from '../src/arena/server/arena-server-game';
import type { ServedTypes } from '../src/arena/server/served-game';
import { encodeCmdPacket, quantizeCmdPacket } from '../src/protocol/cmd-packet';
import { GameServer, type ServerOutput } from '../src/server/game-server';
import { DEFAULT_MAP, GameMode, type PlayerId, type UserCmd } from '../src/sim';
import { measured, type Lane } from './tick-lanes';
import { botCmd } from './workload';

export const TICKRATE = 60;
export const SEED = 2424;
/** Ticks before a client acks a snapshot (the round trip: 8 ticks at 60 Hz, ~133 ms). */
export const ACK_DELAY_TICKS = 8;

/**
 * A GameServer with `players` people driven by the workload's bots, as a tick-lanes Lane: `prepare`
 * builds and delivers the next tick's command packets (untimed), `tick` is the timed step, `after`
 * notes the snapshots sent (the acks they will get, their bytes). Recording starts when asked.
 */
export class BotHost implements Lane {
  readonly out = measured();
  readonly server: GameServer<ServedTypes>;
  /** Datagram bytes sent to all clients while kept (`after`'s `keep`). */
  snapshotBytes = 0;
  /** Where in `out.tickUs` the kept ticks on which the recorder wrote a key frame are. */
  private readonly keyFrameAt: number[] = [];
  /** The server tick of each kept sample (`out.tickUs[i]` is the cost of tick `ticks[i]`). */
  readonly ticks: number[] = [];
  private readonly history = new Map<PlayerId, UserCmd[]>();
  /** Per client, the ticks of snapshots it was sent and has not acked yet (oldest first). */
  private readonly inFlight = new Map<PlayerId, number[]>();
  private readonly acked = new Map<PlayerId, number | null>();
  private result: ServerOutput = { packets: [], kicks: [] };
  private keyFramesBefore = 0;

  /**
   * @param loopback player 1 acks each snapshot the tick after it (the listen host's own player, on
   * a MessagePort): the recorder's frames are then that player's snapshots' shared pieces
   */
  constructor(
    readonly players: number,
    readonly loopback = false,
  ) {
    this.server = new GameServer(
      { tickrate: TICKRATE, maxUnlagS: 1, lagCompensation: true, seed: SEED, maxPlayers: players, map: DEFAULT_MAP },
      arenaServerGame,
    );
    this.server.reuseDatagramBuffers();
    for (let id = 1; id <= players; id++) {
      this.server.addClient(id, 0);
      this.inFlight.set(id, []);
      this.acked.set(id, null);
    }
    this.server.startMatch({ mode: GameMode.TeamDeathmatch, mapId: 0, warmupS: 0, timeLimitS: 0, fragLimit: 0 });
  }

  /** Records from the next tick on, as the host does (game and map names, then the roster). */
  record(): void {
    this.server.recording.start({ game: 'arena', map: 'arena' });
    const roster = Array.from({ length: this.players }, (_, i) => ({ id: i + 1, name: `Player ${i + 1}` }));
    this.server.recording.roster(roster);
  }

  prepare(i: number): void {
    const world = this.server.world;
    const next = world.tick + 1;
    const nowMs = (i * 1000) / TICKRATE;
    for (const p of world.players) {
      const sent = this.inFlight.get(p.id)!;
      // The newest snapshot that has had its round trip: the client acks it.
      const delay = this.loopback && p.id === 1 ? 1 : ACK_DELAY_TICKS;
      while (sent.length && sent[0]! <= world.tick - delay) this.acked.set(p.id, sent.shift()!);
      const cmds = [...(this.history.get(p.id) ?? []), botCmd(world, p, next, SEED)].slice(-3);
      this.history.set(p.id, cmds);
      const packet = quantizeCmdPacket(ARENA_COMMANDS, {
        ackTick: this.acked.get(p.id) ?? null,
        sendTimeMs: Math.floor(nowMs) % 65536,
        cmds,
      });
      this.server.receive(p.id, encodeCmdPacket(ARENA_COMMANDS, packet), nowMs);
    }
    this.keyFramesBefore = this.server.recording.current?.counters.keyFrames ?? 0;
  }

  tick(i: number): void {
    this.result = this.server.tick((i * 1000) / TICKRATE + 1);
  }

  after(_i: number, keep: boolean): void {
    const tick = this.server.world.tick;
    for (const p of this.result.packets) {
      this.inFlight.get(p.clientId)?.push(tick);
      if (keep) this.snapshotBytes += p.bytes.byteLength;
    }
    if (!keep) return;
    // runTurn pushes this tick's sample after this call (CPU time never runs backwards, so it
    // always does): it will be at index `tickUs.length`.
    this.ticks.push(tick);
    const keyFrames = this.server.recording.current?.counters.keyFrames ?? 0;
    if (keyFrames > this.keyFramesBefore) this.keyFrameAt.push(this.out.tickUs.length);
  }

  /** µs of the kept ticks on which the recorder wrote a key frame. */
  get keyFrameTickUs(): number[] {
    return this.keyFrameAt.filter((i) => i < this.out.tickUs.length).map((i) => this.out.tickUs[i]!);
  }

  /** The world as both lanes of a comparison must agree on it. */
  fingerprint(): string {
    return JSON.stringify([this.server.world.tick, this.server.world.players, this.server.publicMatch]);
  }
}
