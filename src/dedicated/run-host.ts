/**
 * Runs one dedicated lobby: resolves the PeerServer from the game page's /rewind-config.json (as a
 * page would, `?peer=`/`?peerkey=`/`?ice=` in --page-url override it), starts the server thread,
 * makes the lobby's key pair (its fingerprint goes in the link's `#key=`, and every joiner makes
 * the host prove it holds it, as with a browser host), claims the room's id on the PeerServer
 * (retrying with backoff while it is away: signaling-retry.ts), opens the lobby with no player of
 * its own, adds the server-side bots, prints the link, runs match after match (match-cycle.ts),
 * serves /health, optionally reports to Agones, and stops cleanly on SIGTERM/SIGINT (every joiner
 * gets a 'shutdown' kick saying why, then everything is released).
 *
 * Inputs: parsed options, a log sink, the WebRTC globals' socket errors, an abort signal (a
 * signal before the lobby is up). Output: a running host; `stop(why)` resolves when it is down.
 * Invariant: WebRTC globals are installed (src/dedicated/main.ts) before this module loads.
 */
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION } from '../protocol/wire';
import { describeRules } from '../sim/match-rules';
import { MAPS } from '../sim/maps';
import { createLobbyKey, type LobbyKey } from '../lobby/host-key';
import { lobbyLink } from '../lobby/link';
import { hostPeerId, newRoomId } from '../lobby/room-id';
import { describeSignaling } from '../lobby/signaling-config';
import { keepSignaling, signalingNotice } from '../lobby/signaling-reconnect';
import { openPeer, TransportError, type Peer, type SignalingOptions } from '../transport/peer-link';
import { AgonesLifecycle, connectAgonesSdk } from './agones';
import { BotSeats } from './bot-seats';
import { DedicatedHost } from './dedicated-host';
import type { LobbySettings } from '../host/listen-server';
import { HealthMonitor, type HealthReport } from './health';
import { serveHealth, type HealthServer } from './health-server';
import { MatchCycle } from './match-cycle';
import { recordMatches } from './replay-files';
import { startNodeServerWorker, type NodeServerWorker } from './node-server-worker';
import type { DedicatedOptions } from './options';
import { pageSignaling } from './page-config';
import { watchServerStats } from './stats-watch';
import { openWithRetry } from './signaling-retry';

export interface RunningHost {
  link: string;
  healthUrl: string | null;
  report(): HealthReport;
  stop(why: string): Promise<void>;
  /** Resolves once the host stopped, for any reason (a signal, Agones Shutdown, the server thread dying). */
  stopped: Promise<void>;
}

export interface HostEnvironment {
  /** The newest signaling socket's own error (webrtc-globals.ts), to say why an attempt failed. */
  lastSocketError?: () => string | null;
  /** Aborted by a signal that comes before the lobby is up. */
  signal?: AbortSignal;
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
const after = (ms: number, fn: () => void): (() => void) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

/** A failed claim in words: the socket's own error when PeerJS only says the connection was lost. */
function claimFailure(err: unknown, socketError: string | null): { why: string; idHeld: boolean } {
  const message = err instanceof Error ? err.message : String(err);
  const idHeld = err instanceof TransportError && err.kind === 'id-taken';
  const generic = err instanceof TransportError && err.kind === 'signaling-unreachable';
  return { why: generic && socketError ? socketError : message, idHeld };
}

/** Claims the room's id, asking the page for its config again while the page did not answer. */
async function claimRoom(
  o: DedicatedOptions,
  roomId: string,
  log: (line: string) => void,
  env: HostEnvironment,
): Promise<{ peer: Peer; signaling: SignalingOptions }> {
  let page = await pageSignaling(o.pageUrl, log, fetch);
  return openWithRetry(
    async () => {
      if (!page.answered) {
        page = await pageSignaling(o.pageUrl, log, fetch, true);
        if (page.answered)
          log(
            `read ${new URL('/rewind-config.json', o.pageUrl).href} at last: the PeerServer is at ${describeSignaling(page.options)}`,
          );
      }
      return { peer: await openPeer(page.options, hostPeerId(roomId), 8000), signaling: page.options };
    },
    {
      where: () => describeSignaling(page.options),
      describe: (err) => claimFailure(err, env.lastSocketError?.() ?? null),
      timers: { after },
      log,
      signal: env.signal,
    },
  );
}

export async function runDedicatedHost(
  o: DedicatedOptions,
  log: (line: string) => void,
  env: HostEnvironment = {},
): Promise<RunningHost> {
  const stopRef = { stop: (why: string): Promise<void> => Promise.resolve(void why) };
  const { handle: worker, thread } = await startServer(o, (why) => void stopRef.stop(why));
  const roomId = o.roomId ?? newRoomId();
  // A fresh key pair per lobby, as a browser host makes: the link names it, every joiner makes us prove we hold it.
  const key = await createLobbyKey(globalThis.crypto);
  const { peer, signaling } = await claimRoom(o, roomId, log, env).catch((err: unknown) => {
    worker.terminate();
    throw err;
  });
  const signalingKeeper = keepRegistered(peer, log);
  const { origin, pathname, search } = o.pageUrl;
  const link = lobbyLink({ origin, pathname, search }, roomId, key.fingerprint);
  const now = (): number => performance.now();
  const cycle = new MatchCycle(worker.api, o.match, { after }, now, log, () => host.server.startMatch());
  const startMatch = (why: string): void => void cycle.start(why);
  const lobby = dedicatedLobby(o, key, roomId);
  const host: DedicatedHost = new DedicatedHost(
    peer,
    worker,
    { roomId, link, lobby, startWhen: o.startWhen, startMatch },
    now,
    log,
  );
  const bots = new BotSeats(worker.api, o.bots);
  if (o.bots > 0) log(`${await bots.fill(0)} bots joined`);

  const health = new HealthMonitor(o.cvars.sv_tickrate, performance.now());
  const agones = o.agones
    ? new AgonesLifecycle(await connectAgonesSdk(), o.emptyTimeoutS * 1000, { after }, log)
    : null;
  cycle.onEnded(() => agones?.matchEnded());
  const replays = recordMatches(o.recordDir, cycle, worker.api, log);
  const stopStats = watchServerStats({ worker, thread, health, cycle, bots, agones });
  const report = (): HealthReport =>
    health.report(host.facts(health.match()?.bots ?? 0), performance.now(), cycle.facts());
  const healthServer = o.health ? await serveHealth(o.health.host, o.health.port, report, () => health.world()) : null;
  host.onPlayers((humans) => agones?.players(humans));

  const { stop, stopped } = stopsOnce(async (why) => {
    stopStats();
    cycle.close();
    await replays?.save(cycle.matchesStarted, true);
    signalingKeeper.stop();
    await host.shutdown(why, wait);
    agones?.close();
    await healthServer?.close();
    peer.destroy();
    worker.terminate();
    log('stopped');
  });
  stopRef.stop = stop;
  agones?.onShutdown(() => void stopRef.stop('the fleet manager retired this server (match over, lobby empty)'));
  logStart(o, log, signaling, link, healthServer);
  await agones?.lobbyUp(link);
  return { link, healthUrl: healthServer?.url ?? null, report, stop: (why) => stopRef.stop(why), stopped };
}

/** `stop(why)` runs `shutdown` once (later calls get the same promise); `stopped` resolves when it is done. */
function stopsOnce(shutdown: (why: string) => Promise<void>): {
  stop: (why: string) => Promise<void>;
  stopped: Promise<void>;
} {
  let stopping: Promise<void> | null = null;
  let markStopped: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  const stop = (why: string): Promise<void> => (stopping ??= shutdown(why).then(markStopped));
  return { stop, stopped };
}

/** Starts the server thread and its match server with the sv_ cvars (`onExit`: the thread died). */
async function startServer(o: DedicatedOptions, onExit: (why: string) => void): Promise<NodeServerWorker> {
  const cvars = o.cvars;
  const started = startNodeServerWorker(onExit);
  const seed = Math.floor(Math.random() * 2 ** 31);
  const settings = {
    tickrate: cvars.sv_tickrate,
    maxUnlagS: cvars.sv_maxunlag,
    lagCompensation: cvars.sv_lagcompensation === 1,
    seed,
    maxPlayers: cvars.sv_maxplayers,
    maxSpectators: cvars.sv_maxspectators,
    spectatorDelayS: cvars.sv_spectator_delay,
  };
  await started.handle.api.start(settings);
  return started;
}

/**
 * Losing the signaling socket does not end the lobby (linked peers keep playing); get it back
 * with backoff (our PeerServer holds the id for this Peer's token meanwhile) and log each change.
 */
function keepRegistered(peer: Peer, log: (line: string) => void): ReturnType<typeof keepSignaling> {
  const nodeTimers = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (t: unknown) => clearTimeout(t as ReturnType<typeof setTimeout>),
  };
  return keepSignaling(peer, nodeTimers, (st) =>
    log(signalingNotice(st) ?? 'signaling: the lobby is registered again; new players can join'),
  );
}

/** The lobby a dedicated host opens: the first map of the rotation, no player of its own. */
function dedicatedLobby(o: DedicatedOptions, key: LobbyKey, roomId: string): LobbySettings {
  const { sv_maxplayers: maxPlayers, sv_tickrate: tickrate, sv_maxunlag: maxUnlag } = o.cvars;
  const mapName = MAPS[o.match.rotation[0] ?? 0]?.name ?? 'crossfire';
  const match = { tickrate, maxPlayers, mapName, maxUnlagMs: Math.round(maxUnlag * 1000) };
  // Recording costs the host a little each frame: a dedicated host records only when told where to keep it.
  const record = o.recordDir !== null;
  return {
    maxPlayers,
    maxSpectators: o.cvars.sv_maxspectators,
    password: o.password,
    joinRunningMatch: true,
    match,
    key,
    roomId,
    crypto: globalThis.crypto,
    record,
  };
}

function logStart(
  o: DedicatedOptions,
  log: (line: string) => void,
  signaling: SignalingOptions,
  link: string,
  healthServer: HealthServer | null,
): void {
  log(
    `Rewind Arena dedicated host (protocol ${PROTOCOL_VERSION}), ${o.cvars.sv_tickrate} Hz, up to ${o.cvars.sv_maxplayers} players, PeerServer ${describeSignaling(signaling)}`,
  );
  const rotation =
    o.match.rotation.length > 1
      ? `; maps in turn: ${o.match.rotation.map((id) => MAPS[id]?.name ?? id).join(', ')}`
      : '';
  log(
    `matches: ${describeRules(o.match.rules)}${rotation}; the next match starts ${o.match.nextMatchDelayS} s after one ends`,
  );
  log(`lobby link: ${link}`);
  if (healthServer) log(`health: ${healthServer.url}`);
}
