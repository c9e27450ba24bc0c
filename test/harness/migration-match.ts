/**
 * MigrationMatch: a listen-server match whose host can be lost (issue 13), on a virtual clock.
 * The host is a GameServer<ServedTypes> plus its own client on a loopback link; every other client is behind a
 * conditioned Link. The first successor receives an encoded migration checkpoint every
 * `checkpointEveryMs` over a reliable link (delayed and jittered, never lossy), decoded on arrival.
 *
 * `loseHost()`: the host's tab is gone (nothing more is received, ticked or sent; in-flight packets
 * die with its links). `takeOver()`: the successor restores from its newest checkpoint brought
 * forward with its newest decoded snapshot (bringForward + restoreServer), skips the ticks of the
 * time since that snapshot arrived, drops the old host's person (its record kept for a rejoin),
 * ticks on, and rebinds its own client to it over loopback. `reconnect(id)`: another client reaches
 * the new host over a fresh link and rebinds. Reseating ('keep'): a restored person keeps its body
 * and session; ('rejoin'): the restored server lets everyone but the successor go at the takeover and
 * takes each back with `addClient(id, now, true)` (record back, fresh spawn) when it reconnects.
 *
 * Each step (1 ms): up-links → the host; the host ticks when due (tick k at its own phase); its
 * packets enter the down-links; checkpoints are taken and delivered; down-links → clients; clients
 * update → up-links. Invariant: reproducible from the seeds; nothing reads a clock.
 */
import type { ServedTypes } from '../../src/arena/server/served-game';
import { decodeCheckpoint, encodeCheckpoint } from '../../src/arena/protocol/checkpoint-codec';
import type { Checkpoint } from '../../src/arena/protocol/checkpoint-types';
import type { Snapshot } from '../../src/arena/protocol/arena-messages';
import { bringForward } from '../../src/arena/server/bring-forward';
import { captureCheckpoint, restoreServer, type CheckpointLobby } from '../../src/arena/server/arena-checkpoint';
import { GameServer, type ServerOutput, type ServerSettings } from '../../src/server/game-server';
import { arenaServerGame } from '../../src/arena/server/arena-server-game';
import type { ArenaMap, PlayerId, WorldState } from '../../src/sim/types';
import { NetworkConditioner } from '../../src/transport/conditioner';
import type { HarnessClient } from './harness-client';
import { Link, type LinkSettings } from './link';
import { DEFAULT_SERVER } from './match';

/** A client that can follow its match to another server (NetClient.rebind). */
export interface MigratingClient extends HarnessClient {
  rebind(): void;
  /** The newest snapshot it decoded and when it arrived (NetClient.newestSnapshot). */
  newestSnapshot(): { snapshot: Snapshot; atMs: number } | null;
}

export interface MigrationOptions {
  server?: Partial<ServerSettings<ArenaMap>>;
  checkpointEveryMs?: number;
  /** The successor's checkpoint link (its loss is ignored: the channel is reliable). */
  checkpointLink?: LinkSettings;
  reseat?: 'keep' | 'rejoin';
  /** Fault injection for the tests' negative controls: the successor reuses the checkpoint's event ids. */
  reuseEventIds?: boolean;
  stepMs?: number;
}

/** What a takeover used and produced. */
export interface Takeover {
  atMs: number;
  lossAtMs: number;
  /** The old server's tick when it was lost. */
  lossTick: number;
  checkpointTick: number;
  /** The tick of the successor's newest snapshot (the brought-forward world's). */
  snapshotTick: number;
  skipped: number;
  /** The restored world before the skip (what the old host's values are compared with). */
  restored: WorldState;
}

interface Member {
  client: MigratingClient;
  link: Link;
  /** The link goes to the server hosting now (false from a host loss until the reconnect). */
  current: boolean;
  settings: LinkSettings;
  seed: number;
}

/** The host layer's part of a checkpoint in the harness: names and seat tokens made from ids. */
export function harnessLobby(): CheckpointLobby {
  return {
    person: (id) => ({ name: `P${id}`, token: seatToken(id) }),
    absent: [],
    bans: [],
    cvars: [],
    lobbyKey: new Uint8Array(0),
  };
}

export function seatToken(id: PlayerId): string {
  return id.toString(16).padStart(32, 'a');
}

export class MigrationMatch {
  server: GameServer<ServedTypes>;
  /** The person whose page hosts now. */
  hostId: PlayerId;
  nowMs = 0;
  readonly tickMs: number;
  private nextTickMs: number;
  private nextCheckpointMs: number;
  private alive = true;
  private lossAtMs = 0;
  private readonly members = new Map<PlayerId, Member>();
  private successor: PlayerId | null = null;
  private cpLink: NetworkConditioner;
  private newestCp: Checkpoint | null = null;
  readonly checkpoints = { sent: 0, received: 0, bytes: 0, lastSentTick: -1 };
  takeover: Takeover | null = null;
  /** The server that was lost (its state as it was then). */
  lost: GameServer<ServedTypes> | null = null;
  /** Called after every tick of whichever server hosts, with its output. */
  onTick: ((out: ServerOutput, server: GameServer<ServedTypes>) => void) | null = null;

  constructor(
    host: MigratingClient,
    private readonly opts: MigrationOptions = {},
  ) {
    this.server = new GameServer({ ...DEFAULT_SERVER, ...opts.server }, arenaServerGame);
    this.tickMs = 1000 / this.server.tickrate;
    this.nextTickMs = this.tickMs;
    this.nextCheckpointMs = opts.checkpointEveryMs ?? 1000;
    this.cpLink = this.checkpointLink(7);
    this.hostId = host.id;
    this.join(host, {}, 0);
  }

  /** Joins a client behind a link; false when the server refuses. */
  join(client: MigratingClient, settings: LinkSettings, seed: number): boolean {
    if (!this.server.addClient(client.id, this.nowMs)) return false;
    if (client.netSettings) this.server.setClientSettings(client.id, client.netSettings());
    this.members.set(client.id, { client, link: new Link(settings, seed), current: true, settings, seed });
    return true;
  }

  setSuccessor(id: PlayerId): void {
    this.successor = id;
  }

  get hostAlive(): boolean {
    return this.alive;
  }

  connected(id: PlayerId): boolean {
    return this.members.get(id)?.current ?? false;
  }

  run(ms: number): void {
    const step = this.opts.stepMs ?? 1;
    const end = this.nowMs + ms;
    while (this.nowMs + step <= end + 1e-9) {
      this.nowMs += step;
      this.step(this.nowMs);
    }
  }

  /**
   * The host's page is gone: its server and its client. What it sent before still arrives (the
   * packets are on the wire); what is sent to it from now on is lost.
   */
  loseHost(): void {
    this.alive = false;
    this.lossAtMs = this.nowMs;
    this.lost = this.server;
    this.members.delete(this.hostId);
    for (const m of this.members.values()) m.current = false;
  }

  /**
   * The successor hosts from its newest checkpoint, brought forward with its newest snapshot.
   * `tickOffset`: ticks more (or fewer) to skip than the time since that snapshot (a slow restore).
   */
  takeOver(tickOffset = 0): Takeover {
    const id = this.successor;
    const successor = id === null ? undefined : this.members.get(id);
    const cp = this.newestCp;
    const newest = successor?.client.newestSnapshot() ?? null;
    if (id === null || !successor || !cp || !newest || !this.lost) throw new Error('no successor ready to take over');
    const checkpointTick = cp.world.tick;
    const brought = bringForward(cp, newest.snapshot);
    if (this.opts.reuseEventIds) brought.nextEventId = cp.nextEventId;
    const restored = restoreServer(brought, arenaServerGame);
    if (!restored.ok) throw new Error(restored.error);
    const server = restored.server;
    const world = { ...server.world };
    // The old timelines ran on meanwhile: tick numbers go on from where they would be now (from the
    // snapshot's arrival; a checkpoint newer than the snapshot is that much further on already).
    const skipped = Math.max(
      0,
      Math.floor((this.nowMs - newest.atMs) / this.tickMs) - (world.tick - newest.snapshot.serverTick) + tickOffset,
    );
    server.skipTicks(skipped);
    server.removeClient(this.hostId);
    if (this.opts.reseat === 'rejoin')
      for (const p of brought.clients) if (p.id !== id && p.id !== this.hostId) server.removeClient(p.id);
    this.takeover = {
      atMs: this.nowMs,
      lossAtMs: this.lossAtMs,
      lossTick: this.lost.world.tick,
      checkpointTick,
      snapshotTick: newest.snapshot.serverTick,
      skipped,
      restored: world,
    };
    this.server = server;
    this.alive = true;
    this.hostId = id;
    this.successor = null;
    this.newestCp = null;
    this.cpLink = this.checkpointLink(this.checkpoints.sent + 8);
    this.nextTickMs = this.nowMs + this.tickMs;
    this.nextCheckpointMs = this.nowMs + (this.opts.checkpointEveryMs ?? 1000);
    this.attach(id, {}, successor.seed);
    return this.takeover;
  }

  /** Another client reaches the new host: a fresh link, its seat back, its client rebound. */
  reconnect(id: PlayerId): boolean {
    const m = this.members.get(id);
    if (!m || !this.alive) return false;
    return this.attach(id, m.settings, m.seed + 1000);
  }

  private attach(id: PlayerId, settings: LinkSettings, seed: number): boolean {
    const m = this.members.get(id)!;
    const seated = this.server.stats().clients.some((c) => c.clientId === id);
    if (!seated && !this.server.addClient(id, this.nowMs, true)) return false;
    if (m.client.netSettings) this.server.setClientSettings(id, m.client.netSettings());
    m.link = new Link(settings, seed);
    m.current = true;
    m.client.rebind();
    return true;
  }

  private step(now: number): void {
    if (this.alive) this.hostStep(now);
    for (const bytes of this.cpLink.poll(now)) this.receiveCheckpoint(bytes);
    for (const m of this.members.values()) for (const bytes of m.link.down.poll(now)) m.client.onPacket(bytes, now);
    for (const m of this.members.values()) {
      const out = m.client.update(now);
      if (m.current) for (const bytes of out) m.link.up.send(bytes, now);
    }
  }

  private hostStep(now: number): void {
    for (const [id, m] of this.members)
      if (m.current) for (const bytes of m.link.up.poll(now)) this.server.receive(id, bytes, now);
    while (this.nextTickMs <= now + 1e-9) {
      this.nextTickMs += this.tickMs;
      const out = this.server.tick(now);
      this.onTick?.(out, this.server);
      for (const p of out.packets) {
        const m = this.members.get(p.clientId);
        if (m?.current) m.link.down.send(p.bytes, now);
      }
    }
    if (now >= this.nextCheckpointMs && this.successor !== null) {
      this.nextCheckpointMs += this.opts.checkpointEveryMs ?? 1000;
      const bytes = encodeCheckpoint(captureCheckpoint(this.server, harnessLobby()));
      this.checkpoints.sent++;
      this.checkpoints.lastSentTick = this.server.world.tick;
      this.checkpoints.bytes = bytes.byteLength;
      this.cpLink.send(bytes, now);
    }
  }

  private checkpointLink(seed: number): NetworkConditioner {
    return new NetworkConditioner({ ...(this.opts.checkpointLink ?? {}), loss: 0 }, seed);
  }

  private receiveCheckpoint(bytes: Uint8Array): void {
    const decoded = decodeCheckpoint(bytes);
    if (!decoded.ok) throw new Error(`checkpoint did not decode: ${decoded.error}`);
    this.checkpoints.received++;
    if (!this.newestCp || decoded.value.world.tick > this.newestCp.world.tick) this.newestCp = decoded.value;
  }
}
