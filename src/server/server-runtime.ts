/**
 * ServerRuntime: the GameServer of any game (the factory the worker entry passes) running on its
 * own fixed-rate loop, talking to each client over a byte port. This is everything the worker does,
 * minus comlink and the real clock, so Node tests drive it with a fake clock and in-memory ports.
 * Inputs: start/stop, clients joining with their port, settings, and datagrams arriving on ports;
 * host migration (issue 13): `checkpoint` (the encoded match for the successors), `restore` (a
 * successor starts from an old host's checkpoint; clients then come back with addClient(id, port,
 * true)) and `stopTicking` (a handing-over host stops simulating after its final checkpoint).
 * Outputs: snapshot datagrams posted on each client's port (views of a reused buffer to a port that
 * copies on post, a DataChannel; bytes of their own, transferred, to any other);
 * notices to the host: every kick at once, the stats once a second, an error if a tick threw, and
 * ~10 times a second an encoded 'debug' control message for each client that asked (setDebug).
 * Invariants: never throws on anything a peer sends; a port message that is not bytes counts as
 * a malformed packet; ticks come only from the TickLoop (bounded catch-up, skipped ticks counted).
 * Silence is judged here, where every datagram arrives (silence-watch.ts): a client that sent
 * nothing for `SILENCE_KICK_MS` is reported once as a 'timeout' kick; the host decides.
 */
import { encodeControl } from '../protocol/control';
import type { SnapshotOf } from '../protocol/snapshot-types';
import type { PlayerId } from '../protocol/ids';
import { GameServer } from './game-server';
import type { MapOf, ServerGameTypes } from './server-game';
import type { ServerSettingName, ServerSettings } from './server-settings';
import type { ClientNetSettings } from './snapshot-scheduler';
import { TickLoop } from './tick-loop';
import { TickCostMeter } from './tick-cost';
import { SilenceWatch } from './silence-watch';
import { datagramOf, type BytePort, type RuntimeClock, type RuntimeStats, type ServerNotice } from './runtime-types';
import type { MatchRecording } from './match-recording';
import {
  CANNOT_MIGRATE,
  type PlainCheckpointLobby,
  type RestoreRequest,
  type RestoreResult,
  type RuntimeGameFactory,
} from './game-migration';

export type { BytePort, RuntimeClock, RuntimeCounters, RuntimeStats, ServerNotice } from './runtime-types';

/** Ticks the loop may run in one wake-up before it skips (a throttled or paused worker). */
export const MAX_CATCH_UP_TICKS = 10;
/** How often a client that asked gets a 'debug' message: enough for a live overlay, cheap on the wire. */
export const DEBUG_INTERVAL_MS = 100;

/** `G`: the types of the game it serves (the worker entry's factory chooses it). */
export class ServerRuntime<Handle, G extends ServerGameTypes> {
  private server: GameServer<G> | null = null;
  private loop: TickLoop<Handle> | null = null;
  private readonly ports = new Map<PlayerId, BytePort>();
  private notify: ((n: ServerNotice<G['report']>) => void) | null = null;
  private readonly costs = new TickCostMeter();
  private lastStatsMs = 0;
  private tickErrors = 0;
  private readonly debugClients = new Set<PlayerId>();
  private lastDebugMs = 0;
  private readonly silence = new SilenceWatch();
  /** The map every match here is recorded under (startRecording), or null: not recording. */
  private recordMap: string | null = null;
  /** People of a restored match whose session (and body) the server holds, not yet back on a port. */
  private readonly awaiting = new Set<PlayerId>();

  /** @param makeGame the game every match here runs, and how its matches migrate if they can (the worker entry chooses it) */
  constructor(
    private readonly clock: RuntimeClock<Handle>,
    private readonly makeGame: RuntimeGameFactory<G>,
  ) {}

  start(settings: ServerSettings<MapOf<G>>): void {
    this.run(new GameServer(settings, this.makeGame));
  }

  /**
   * A successor takes the match over: the old host's checkpoint (untrusted bytes), brought forward
   * with `req.snapshot`, `req.skipTicks` ticks on; the loop starts at once. Whatever ran here stops.
   * `{ ok: false, error }` (and nothing changes) when the bytes are not a checkpoint this build runs,
   * or the game cannot migrate at all (its factory carries no migration).
   */
  restore(bytes: Uint8Array, req: RestoreRequest<SnapshotOf<G['wire']>>): RestoreResult {
    const migration = this.makeGame.migration;
    if (!migration) return { ...CANNOT_MIGRATE };
    const out = migration.restore(bytes, req, this.makeGame);
    if (!('server' in out)) return out.info;
    this.run(out.server);
    const now = this.clock.now();
    for (const id of out.clients) {
      this.awaiting.add(id);
      this.silence.awaitRestored(id, now);
    }
    return out.info;
  }

  /** The encoded checkpoint now (`rewindTicks` of hitbox history); null when none runs, the game cannot migrate, or (an 'error' notice says why) it cannot be encoded. */
  checkpoint(lobby: PlainCheckpointLobby, rewindTicks: number): Uint8Array | null {
    const migration = this.makeGame.migration;
    if (!this.server || !migration) return null;
    const out = migration.checkpoint(this.server, lobby, rewindTicks);
    if (out.ok) return out.bytes;
    this.notify?.({ type: 'error', text: out.error });
    return null;
  }

  /** Handover: no more ticks (the successor runs the match from the final checkpoint); clients and stats stay until stop(). */
  stopTicking(): void {
    this.loop?.stop();
  }

  private run(server: GameServer<G>): void {
    this.stop();
    this.server = server;
    server.killCams.info = { game: this.makeGame.game ?? 'game', map: this.recordMap ?? 'live' };
    if (this.recordMap !== null) this.startRecording(this.recordMap);
    // No buffer per datagram: every port sends (or copies) a tick's datagrams within that tick.
    server.reuseDatagramBuffers();
    this.loop = new TickLoop<Handle>({
      tickMs: 1000 / server.tickrate,
      maxCatchUpTicks: MAX_CATCH_UP_TICKS,
      now: () => this.clock.now(),
      schedule: (fn, ms) => this.clock.schedule(fn, ms),
      cancel: (h) => this.clock.cancel(h),
      onTick: (now) => this.runTick(server, now),
      onSkip: (ticks) => server.skipTicks(ticks),
    });
    this.lastStatsMs = this.clock.now();
    this.silence.start(this.clock.now());
    this.loop.start();
  }

  /** Records every match run here (a restored one's too, from its takeover) as replays of `map`. */
  startRecording(map: string): void {
    this.recordMap = map;
    this.server?.recording.start({ game: this.makeGame.game ?? 'game', map });
  }

  /** The running server's recording (its replay, roster and chat records), or null when none runs. */
  get recording(): MatchRecording | null {
    return this.server?.recording ?? null;
  }

  stop(): void {
    this.loop?.stop();
    this.loop = null;
    for (const port of this.ports.values()) this.closePort(port);
    this.ports.clear();
    this.debugClients.clear();
    this.silence.clear();
    this.awaiting.clear();
    this.server = null;
  }

  onNotice(cb: (n: ServerNotice<G['report']>) => void): void {
    this.notify = cb;
  }

  /**
   * `rejoin`: the host knows this joiner as the one who left this seat (GameServer.addClient). One
   * of a restored match's people (still seated there, its body standing) only gets its new port.
   * `spectator` (issue 24): a session without a player (GameServer.addSpectator).
   */
  addClient(clientId: PlayerId, port: BytePort, rejoin = false, spectator = false): boolean {
    const server = this.server;
    // Only the returning person gets the standing body; a newcomer on a restored id (its holder had no seat token) spawns fresh.
    const restored = server !== null && rejoin && !spectator && this.awaiting.delete(clientId);
    if (server && !restored && this.awaiting.delete(clientId)) server.removeClient(clientId);
    const added = (s: GameServer<G>): boolean =>
      spectator ? s.addSpectator(clientId) : s.addClient(clientId, this.clock.now(), rejoin);
    if (!server || (!restored && !added(server))) {
      this.closePort(port);
      return false;
    }
    this.ports.set(clientId, port);
    this.silence.joined(clientId, this.clock.now());
    port.listen((data) => {
      const now = this.clock.now();
      this.silence.heard(clientId, now);
      server.receive(clientId, datagramOf(data), now);
    });
    return true;
  }

  removeClient(clientId: PlayerId): void {
    const port = this.ports.get(clientId);
    if (port) this.closePort(port);
    this.ports.delete(clientId);
    this.debugClients.delete(clientId);
    this.silence.forget(clientId);
    this.awaiting.delete(clientId);
    this.server?.removeClient(clientId);
  }

  /** Whether `clientId` wants 'debug' messages (its settings said debug: true). */
  setDebug(clientId: PlayerId, on: boolean): void {
    if (on && this.ports.has(clientId)) this.debugClients.add(clientId);
    else this.debugClients.delete(clientId);
  }

  /** Whether `clientId` wants kill-cams of its deaths (its settings said killCam: true). */
  setKillCam(clientId: PlayerId, on: boolean): void {
    this.server?.killCams.setWanted(clientId, on && this.ports.has(clientId));
  }

  setClientSettings(clientId: PlayerId, s: ClientNetSettings): void {
    this.server?.setClientSettings(clientId, s);
  }

  setSetting(name: ServerSettingName, value: number): void {
    this.server?.setSetting(name, value);
  }

  /** The host starts the next match with this (untrusted; the game checks and clamps it) request; null when not running. */
  startMatch(request: G['startRequest']): G['started'] | null {
    return this.server ? this.server.startMatch(request) : null;
  }

  /** Adds a server-side bot; its id, or null when full or not running. */
  addBot(): PlayerId | null {
    return this.server ? this.server.addBot() : null;
  }

  /** Removes the newest bot; its id, or null when there is none. */
  removeBot(): PlayerId | null {
    return this.server ? this.server.removeBot() : null;
  }

  stats(): RuntimeStats<G['report']> | null {
    if (!this.server || !this.loop) return null;
    return {
      ...this.server.stats(),
      loop: { ...this.loop.counters },
      tickCost: this.costs.summary(),
      tickErrors: this.tickErrors,
      replay: this.server.recording.current ? { ...this.server.recording.current.counters } : null,
    };
  }

  private closePort(port: BytePort): void {
    port.listen(null);
    port.close();
  }

  private runTick(server: GameServer<G>, now: number): void {
    let out: ReturnType<GameServer<G>['tick']>;
    try {
      out = server.tick(now);
    } catch (err) {
      // A bug must not silently stop the match loop: count it, tell the host, keep ticking.
      this.tickErrors++;
      this.notify?.({ type: 'error', text: err instanceof Error ? err.message : String(err) });
      return;
    }
    this.costs.record(this.clock.now() - now);
    for (const p of out.packets) {
      const port = this.ports.get(p.clientId);
      if (!port) continue;
      // The datagrams are views of a buffer the next tick reuses (run() asked for that).
      port.post(port.copiesOnPost ? p.bytes : p.bytes.slice());
    }
    for (const k of out.kicks) this.notify?.({ type: 'kick', clientId: k.clientId, reason: k.reason, text: k.text });
    for (const c of server.killCams.drain()) {
      const m = { type: 'killcam' as const, killer: c.killer, playTicks: c.playTicks, bytes: c.bytes };
      this.notify?.({ type: 'killcam', clientId: c.clientId, bytes: encodeControl(m) });
    }
    this.silence.check(now, this.reportSilent);
    // Nobody asked (or the game has no debug view): one check per tick, nothing built.
    if (
      this.debugClients.size > 0 &&
      server.game.debugMessage !== undefined &&
      now - this.lastDebugMs >= DEBUG_INTERVAL_MS
    )
      this.pushDebug(server, now);
    if (now - this.lastStatsMs >= 1000) {
      this.lastStatsMs = now;
      const stats = this.stats();
      if (stats) this.notify?.({ type: 'stats', stats });
    }
  }

  private readonly reportSilent = (clientId: PlayerId): void => {
    this.notify?.({ type: 'kick', clientId, reason: 'timeout', text: 'No packets for 5 seconds.' });
  };

  private pushDebug(server: GameServer<G>, now: number): void {
    this.lastDebugMs = now;
    for (const clientId of this.debugClients) {
      const m = server.game.debugMessage?.(clientId) ?? null;
      if (m) this.notify?.({ type: 'debug', clientId, bytes: encodeControl(m) });
    }
  }
}
