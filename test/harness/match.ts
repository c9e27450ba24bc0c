/**
 * Match: a whole game in one process (DESIGN §7). A GameServer and any number of HarnessClients,
 * each behind its own conditioned Link, advanced on a virtual clock in fixed steps (1 ms by
 * default). No real timers: a 60-second match costs only the CPU of its ticks.
 *
 * Each step, in order: up-link deliveries → server.receive; the server ticks when due (tick k at
 * k × tickMs, no drift); its datagrams enter the down-links; down-link deliveries → client.onPacket;
 * client.update → up-link. Kicked clients are told, unlinked and removed from the server.
 * Invariant: fully reproducible from the seeds (server seed, link seeds, scripts).
 */
import { GameServer, type GameFactory, type ServerOutput, type ServerSettings } from '../../src/server/game-server';
import type { ServedTypes } from '../../src/arena/server/served-game';
import type { MapOf, ServerGameTypes } from '../../src/server/server-game';
import { arenaServerGame } from '../../src/arena/server/arena-server-game';
import type { PlayerId } from '../../src/sim/types';
import type { HarnessClient } from './harness-client';
import { Link, type LinkSettings } from './link';

export interface MatchOptions<G extends ServerGameTypes = ServedTypes> {
  server: Partial<ServerSettings<MapOf<G>>>;
  /** The game the server runs (default: the arena). */
  game?: GameFactory<G>;
  /** Virtual time per step (ms). */
  stepMs?: number;
}

interface Member {
  client: HarnessClient;
  link: Link;
}

export const DEFAULT_SERVER: ServerSettings = {
  tickrate: 60,
  maxUnlagS: 1,
  lagCompensation: true,
  seed: 1,
  maxPlayers: 16,
};

export class Match<G extends ServerGameTypes = ServedTypes> {
  readonly server: GameServer<G>;
  readonly tickMs: number;
  private readonly stepMs: number;
  private readonly members = new Map<PlayerId, Member>();
  private tickIndex = 0;
  nowMs = 0;
  readonly kicks: Array<ServerOutput['kicks'][number] & { atMs: number }> = [];
  /** Called after every server tick with its output (before delivery). */
  onTick: ((out: ServerOutput, match: Match<G>) => void) | null = null;
  /** Called before every server tick (e.g. to snapshot the world for comparison). */
  beforeTick: ((match: Match<G>) => void) | null = null;

  constructor(opts: MatchOptions<G> = { server: {} }) {
    // Without a game named, the arena (the harness's default game).
    const game = opts.game ?? (arenaServerGame as unknown as GameFactory<G>);
    this.server = new GameServer<G>({ ...DEFAULT_SERVER, ...opts.server }, game);
    this.tickMs = 1000 / this.server.tickrate;
    this.stepMs = opts.stepMs ?? 1;
  }

  /** Joins a client behind a link (symmetric settings, or separate up/down). Returns false if the server refused. */
  addClient(
    client: HarnessClient,
    link: LinkSettings | { up: LinkSettings; down: LinkSettings } = {},
    linkSeed = client.id + 1,
  ): boolean {
    if (!this.server.addClient(client.id, this.nowMs)) return false;
    if (client.netSettings) this.server.setClientSettings(client.id, client.netSettings());
    this.members.set(client.id, { client, link: new Link(link, linkSeed) });
    return true;
  }

  /** Joins a spectator (issue 24: a session with no player) behind a link. Returns false if the server refused. */
  addSpectator(client: HarnessClient, link: LinkSettings = {}, linkSeed = client.id + 1): boolean {
    if (!this.server.addSpectator(client.id)) return false;
    this.members.set(client.id, { client, link: new Link(link, linkSeed) });
    return true;
  }

  removeClient(id: PlayerId): void {
    this.members.delete(id);
    this.server.removeClient(id);
  }

  link(id: PlayerId): Link | undefined {
    return this.members.get(id)?.link;
  }

  get ticks(): number {
    return this.tickIndex;
  }

  /** Advances virtual time by `ms`. */
  run(ms: number): void {
    const end = this.nowMs + ms;
    while (this.nowMs + this.stepMs <= end + 1e-9) {
      this.nowMs += this.stepMs;
      this.step(this.nowMs);
    }
  }

  /** Runs until `pred` holds (checked every `everyMs`) or `maxMs` passes; returns whether it held. */
  runUntil(pred: () => boolean, maxMs: number, everyMs = this.stepMs): boolean {
    const end = this.nowMs + maxMs;
    while (this.nowMs < end) {
      if (pred()) return true;
      this.run(Math.min(everyMs, end - this.nowMs));
    }
    return pred();
  }

  /**
   * Freezes the host for `ms` from now (a GC pause, a busy tab): nothing is received or ticked, the
   * links keep what arrives; then the host takes the queued packets and catches up the owed ticks
   * at once, as the worker's TickLoop does within its budget.
   */
  stallServer(ms: number): void {
    this.stalledUntilMs = this.nowMs + ms;
  }
  private stalledUntilMs = -Infinity;

  private step(now: number): void {
    if (now < this.stalledUntilMs) {
      for (const m of this.members.values()) for (const bytes of m.link.down.poll(now)) m.client.onPacket(bytes, now);
      for (const m of this.members.values()) for (const bytes of m.client.update(now)) m.link.up.send(bytes, now);
      return;
    }
    for (const [id, m] of this.members) for (const bytes of m.link.up.poll(now)) this.server.receive(id, bytes, now);
    while ((this.tickIndex + 1) * this.tickMs <= now + 1e-9) {
      this.tickIndex++;
      this.beforeTick?.(this);
      const out = this.server.tick(now);
      this.onTick?.(out, this);
      for (const p of out.packets) this.members.get(p.clientId)?.link.down.send(p.bytes, now);
      for (const k of out.kicks) this.kickMember(k, now);
    }
    for (const m of this.members.values()) for (const bytes of m.link.down.poll(now)) m.client.onPacket(bytes, now);
    for (const m of this.members.values()) for (const bytes of m.client.update(now)) m.link.up.send(bytes, now);
  }

  private kickMember(k: ServerOutput['kicks'][number], now: number): void {
    this.kicks.push({ ...k, atMs: now });
    this.members.get(k.clientId)?.client.onKick?.(k.reason, k.text, now);
    this.removeClient(k.clientId);
  }
}
