/**
 * Runs one dedicated lobby: resolves the PeerServer from the game page's /rewind-config.json (as a
 * page would, `?peer=`/`?peerkey=`/`?ice=` in --page-url override it), starts the server thread,
 * makes the lobby's key pair (its fingerprint goes in the link's `#key=`, and every joiner makes
 * the host prove it holds it, as with a browser host), claims the room's id on the PeerServer,
 * opens the lobby with no player of its own, adds the bots, prints the link, serves /health,
 * optionally reports to Agones, and stops cleanly on SIGTERM/SIGINT (every joiner gets a
 * 'shutdown' kick saying why, then everything is released).
 *
 * Inputs: parsed options, a log sink. Output: a running host; `stop(why)` resolves when it is
 * down. Invariant: WebRTC globals are installed (src/dedicated/main.ts) before this module loads.
 */
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION } from '../protocol/messages';
import { DEFAULT_MAP } from '../sim/map';
import { createLobbyKey } from '../lobby/host-key';
import { lobbyLink } from '../lobby/link';
import { hostPeerId, newRoomId } from '../lobby/room-id';
import { describeSignaling, resolveSignaling } from '../lobby/signaling-config';
import { keepSignaling, signalingNotice } from '../lobby/signaling-reconnect';
import { openPeer, TransportError, type Peer, type SignalingOptions } from '../transport/peer-link';
import { AgonesLifecycle, connectAgonesSdk } from './agones';
import { BotPlayers } from './bot-players';
import { DedicatedHost } from './dedicated-host';
import { HealthMonitor, type HealthReport } from './health';
import { serveHealth, type HealthServer } from './health-server';
import { startNodeServerWorker } from './node-server-worker';
import type { DedicatedOptions } from './options';

export interface RunningHost {
  link: string;
  healthUrl: string | null;
  report(): HealthReport;
  stop(why: string): Promise<void>;
  /** Resolves once the host stopped, for any reason (a signal, Agones Shutdown, the server thread dying). */
  stopped: Promise<void>;
}

const CONFIG_TIMEOUT_MS = 5000;

/** The PeerServer and ICE servers the game page uses (its /rewind-config.json, then its query). */
async function pageSignaling(pageUrl: URL, log: (line: string) => void): Promise<SignalingOptions> {
  let json: unknown;
  try {
    const res = await fetch(new URL('/rewind-config.json', pageUrl), { signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
    json = res.ok ? await res.json() : undefined;
    if (!res.ok) log(`${pageUrl.origin}/rewind-config.json answered ${res.status}; using the default PeerServer address`);
  } catch (err) {
    log(`${pageUrl.origin}/rewind-config.json could not be read (${err instanceof Error ? err.message : String(err)}); using the default PeerServer address`);
  }
  const { options, issues } = resolveSignaling(json, pageUrl.searchParams, { hostname: pageUrl.hostname, port: pageUrl.port, protocol: pageUrl.protocol });
  for (const issue of issues) log(issue);
  return options;
}

const wait = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

export async function runDedicatedHost(o: DedicatedOptions, log: (line: string) => void): Promise<RunningHost> {
  const signaling = await pageSignaling(o.pageUrl, log);
  const cvars = o.cvars;
  const tickrate = cvars.sv_tickrate;
  let stopping: Promise<void> | null = null;
  let markStopped: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  const stopRef = { stop: (why: string): Promise<void> => Promise.resolve(void why) };
  const { handle: worker, thread } = startNodeServerWorker((why) => void stopRef.stop(why));
  await worker.api.start({ tickrate, maxUnlagS: cvars.sv_maxunlag, lagCompensation: cvars.sv_lagcompensation === 1, seed: Math.floor(Math.random() * 2 ** 31), maxPlayers: cvars.sv_maxplayers });
  const roomId = o.roomId ?? newRoomId();
  // A fresh key pair per lobby, as a browser host makes: the link names it, every joiner makes us prove we hold it.
  const key = await createLobbyKey(globalThis.crypto);
  let peer: Peer;
  try {
    peer = await openPeer(signaling, hostPeerId(roomId), 8000);
  } catch (err) {
    worker.terminate();
    // Our PeerServer keeps a dropped id for its previous owner (REWIND_SIGNAL_ID_GRACE_S, 60 s by default).
    const taken = err instanceof TransportError && err.kind === 'id-taken' ? ' (a host that just stopped keeps its room for up to a minute; wait, or use another --room)' : '';
    throw new Error(`could not open the lobby on the PeerServer at ${describeSignaling(signaling)}: ${err instanceof Error ? err.message : String(err)}${taken}`);
  }
  // Losing the signaling socket does not end the lobby (linked peers keep playing); get it back
  // with backoff (our PeerServer holds the id for this Peer's token meanwhile) and log each change.
  const nodeTimers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (t: unknown) => clearTimeout(t as ReturnType<typeof setTimeout>) };
  const signalingKeeper = keepSignaling(peer, nodeTimers, (st) => log(signalingNotice(st) ?? 'signaling: the lobby is registered again; new players can join'));
  const link = lobbyLink({ origin: o.pageUrl.origin, pathname: o.pageUrl.pathname, search: o.pageUrl.search }, roomId, key.fingerprint);
  const host = new DedicatedHost(peer, worker, {
    roomId,
    link,
    lobby: {
      maxPlayers: cvars.sv_maxplayers,
      password: o.password,
      joinRunningMatch: true,
      match: { tickrate, maxPlayers: cvars.sv_maxplayers, mapName: DEFAULT_MAP.name, maxUnlagMs: Math.round(cvars.sv_maxunlag * 1000) },
      key,
      roomId,
      crypto: globalThis.crypto,
    },
    startWhen: o.startWhen,
  }, () => performance.now(), log);
  const bots = new BotPlayers(host.server, worker, tickrate, () => performance.now(), { every: (ms, fn) => { const t = setInterval(fn, ms); return () => clearInterval(t); } });
  if (o.bots > 0) log(`${await bots.add(o.bots, roomId.charCodeAt(0))} bots joined`);

  const health = new HealthMonitor(tickrate, performance.now());
  let elu = thread.performance.eventLoopUtilization();
  let lastTick: number | null = null;
  const agones = o.agones ? new AgonesLifecycle(await connectAgonesSdk(), o.emptyTimeoutS * 1000, { after: (ms, fn) => { const t = setTimeout(fn, ms); return () => clearTimeout(t); } }, log) : null;
  const statsTimer = setInterval(() => {
    void worker.api.stats().then((raw) => {
      const now = thread.performance.eventLoopUtilization();
      health.sample(raw, performance.now(), thread.performance.eventLoopUtilization(now, elu).utilization);
      elu = now;
      const tick = typeof (raw as { tick?: unknown } | null)?.tick === 'number' ? (raw as { tick: number }).tick : null;
      if (agones && tick !== null && tick !== lastTick) agones.ticked();
      lastTick = tick;
    }, () => undefined);
  }, 1000);
  const report = (): HealthReport => health.report(host.facts(bots.count), performance.now());
  let healthServer: HealthServer | null = null;
  if (o.health) healthServer = await serveHealth(o.health.host, o.health.port, report, () => health.world());
  host.onPlayers((humans) => agones?.players(humans));

  stopRef.stop = (why: string): Promise<void> => {
    stopping ??= (async () => {
      clearInterval(statsTimer);
      signalingKeeper.stop();
      bots.close();
      await host.shutdown(why, wait);
      agones?.close();
      await healthServer?.close();
      peer.destroy();
      worker.terminate();
      log('stopped');
      markStopped();
    })();
    return stopping;
  };
  agones?.onShutdown(() => void stopRef.stop('the fleet manager retired this server (match over, lobby empty)'));

  log(`Rewind Arena dedicated host (protocol ${PROTOCOL_VERSION}), ${tickrate} Hz, up to ${cvars.sv_maxplayers} players, PeerServer ${describeSignaling(signaling)}`);
  log(`lobby link: ${link}`);
  if (healthServer) log(`health: ${healthServer.url}`);
  await agones?.lobbyUp(link);
  return { link, healthUrl: healthServer?.url ?? null, report, stop: (why) => stopRef.stop(why), stopped };
}
