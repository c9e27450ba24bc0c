/**
 * `window.rewind`: the page's documented debug API (docs/DEBUG-API.md). Read-only state for
 * tests, benchmarks and curious players, plus a few test actions (scripted input, cvars, the
 * host's lobby buttons). Everything returned is a fresh plain-data copy: the caller can't reach
 * channels, peers or the worker through it.
 */
import type { Cvars } from '../config/cvars';
import type { ClientView, NetStats, ViewEvent } from '../arena/client/view-model';
import type { LobbyPlayer } from '../protocol/control-messages';
import type { DebugMessage } from '../protocol/debug-messages';
import type { PlayerId } from '../sim/types';
import type { ChannelReport } from '../transport/channel-report';
import type { ScriptedInput, SnapshotArrival } from './client-session';
import type { LobbySession, MigrationReport, SpectatorReport } from './lobby-session';
import type { SpectatorSession } from './spectator-session';
import type { Watcher } from '../protocol/watchers-codec';
import type { ChatLine } from '../game/game-host';
import type { ShownEvent } from '../client/client-game';
import type { PushballView } from '../pushball/client/pushball-client-game';
import type { PushEvent } from '../pushball/sim';
import { isArenaSession, isPushballSession, type AnyClientSession } from './session-games';
import type { WatchedReplay } from './replay-watch';
import { killCamState, type KillCamState } from './kill-cam-view';

export type Phase = 'start' | 'connecting' | 'lobby' | 'match' | 'practice' | 'replay' | 'watching' | 'ended';

/** What the app exposes to the debug API. */
export interface AppState {
  readonly phase: Phase;
  readonly session: LobbySession | null;
  readonly link: string | null;
  readonly lastError: string | null;
  readonly renderError: string | null;
  /** The replay being watched (phase 'replay'), or null. */
  readonly watched: WatchedReplay | null;
  /** The lobby being watched as a spectator (phase 'watching', issue 24), or null. */
  readonly spectator: SpectatorSession | null;
  startMatch(): void;
  leave(): void;
}

/** `replay()`: the replay being watched, where its playback is (ticks), whom it follows. */
export interface ReplayState {
  game: string;
  map: string;
  tickrate: number;
  firstTick: number;
  lastTick: number;
  /** The playback time (fractional ticks) and the recorded frame shown (the last at or before it). */
  tick: number;
  frameTick: number;
  paused: boolean;
  speed: number;
  /** The player the camera follows, or null: a free camera. */
  followed: number | null;
  /** The timeline's markers (kills, goals). */
  markers: Array<{ tick: number; label: string }>;
  /** Everyone in the recorded world at the frame shown: id, name, and where the recording has them. */
  players: Array<{ id: number; name: string; x: number; y: number }>;
}

/** `spectating()`: this page watching a lobby (issue 24): what arrived and what is drawn. */
export interface SpectatingState {
  roomId: string;
  /** This spectator's id in the lobby (chat names it; it has no player). */
  clientId: number;
  /** Frames decoded, the newest frame's tick, decode failures, bytes received. */
  frames: number;
  newestTick: number | null;
  decodeFailures: number;
  bytesIn: number;
  /** The playback time drawn (fractional ticks; null before the first frame) and whom the camera follows (null: free). */
  tick: number | null;
  followed: number | null;
  /** The host is gone and the watch looks for the new one; hosts followed to a successor so far. */
  reconnecting: boolean;
  follows: number;
  /** Everyone in the newest frame that arrived (the world now, drawn or not): id and where it is. */
  players: Array<{ id: number; x: number; y: number }>;
}

export interface RewindStats {
  net: NetStats | null;
  predictionErrors: number;
  malformedPackets: number;
  serverTick: number | null;
  host: Record<string, number> | null;
  channels: ChannelReport[];
}

export interface RewindDebugApi {
  readonly phase: Phase;
  readonly localId: PlayerId | null;
  readonly isHost: boolean;
  readonly roomId: string | null;
  readonly link: string | null;
  readonly lastError: string | null;
  /** The message shown in place of the game when this browser cannot draw it (no WebGL); null while it draws, outside a match, and with render=0. */
  readonly renderError: string | null;
  players(): LobbyPlayer[];
  /** The lobby's spectators (issue 24; the host's roster, a joiner's 'watchers' messages); [] otherwise. */
  watchers(): Watcher[];
  /** The last frame's arena view; null in a lobby that plays another game (see `pushballView`). */
  view(): ClientView | null;
  /** In a Pushball lobby, the last frame's Pushball view; null otherwise. */
  pushballView(): PushballView | null;
  /** The newest events (up to 256): the arena's, or in a Pushball lobby Pushball's. */
  events(): Array<ViewEvent | ShownEvent<PushEvent>>;
  stats(): RewindStats;
  channels(): ChannelReport[];
  /** Host only: the server worker's stats (per-client RTT, repeats, last lag-compensated shot…). */
  serverStats(): unknown;
  /** The newest 'debug' message the server sent this page's client (host or joiner), while sv_showhitboxes is 1. */
  serverDebug(): DebugMessage | null;
  cvars(): Cvars | null;
  /** Page-clock arrival time of each snapshot that advanced the newest server tick (last 4096), and the page's time origin. */
  arrivals(): { timeOrigin: number; list: SnapshotArrival[] };
  input(spec: ScriptedInput): void;
  setCvar(name: string, value: number | string): string | null;
  /** The chat lines this page has (oldest first, at most CHAT_LOG_LINES = 100); `system` true (name '') is the host's own notice. */
  chatLines(): ChatLine[];
  /** Says a line in the chat, as Enter in the chat box does. */
  say(text: string): void;
  startMatch(): void;
  kick(id: PlayerId): void;
  leave(): void;
  /** Host migration (issue 13): migrations so far, the last notice, whether this page hosts now, successors, checkpoint age and interval; null outside a lobby. */
  migration(): MigrationReport | null;
  /** Host in a running match: hand it to the first successor and leave, as the Leave dialog's "Hand the match to <name>"; resolves to that name, or null (nothing done). */
  handOver(): Promise<string | null>;
  /** Host: leave and end the match for everyone, as the Leave dialog's "End the match for everyone". */
  endMatch(): void;
  /** Host: ticks (`yes` true, the default) or clears player `id`'s "can host if I leave" in the lobby list; returns the chosen ids after it ([] on a joiner). */
  chooseSuccessor(id: PlayerId, yes?: boolean): PlayerId[];
  /** While watching a replay: its state (a copy); null otherwise. */
  replay(): ReplayState | null;
  /** The own player's last kill-cam (arena): its times (page clock), span and frames; null before one. */
  killCam(): KillCamState | null;
  /** While watching a lobby as a spectator (issue 24): its state (a copy); null otherwise. */
  spectating(): SpectatingState | null;
  /** Host: each spectator with the host's upload to it (bytes so far, bytes/s over the last second); [] otherwise. */
  spectators(): SpectatorReport[];
}

function spectatingState(w: SpectatorSession | null): SpectatingState | null {
  if (!w) return null;
  const c = w.stream.counters;
  const p = w.watched()?.playback ?? null;
  const frame = w.stream.latest;
  const section = p?.replay.wire.receiverSection ?? 0;
  const list = frame ? (frame.lists[section] as Array<{ id: number; x: number; y: number }>) : [];
  return clone({
    roomId: w.roomId,
    clientId: w.clientId,
    frames: c.frames,
    newestTick: w.stream.latest?.tick ?? null,
    decodeFailures: c.decodeFailures,
    bytesIn: c.bytesIn,
    tick: p?.tick ?? null,
    followed: p?.followed ?? null,
    players: list.map((e) => ({ id: e.id, x: e.x, y: e.y })),
    reconnecting: w.reconnecting(),
    follows: w.follows,
  });
}

function replayState(w: WatchedReplay | null): ReplayState | null {
  if (!w) return null;
  const t = w.target;
  const p = w.opened.playback;
  const frame = p.frameNow();
  const where = new Map(
    (frame.lists[p.replay.wire.receiverSection] as Array<{ id: number; x: number; y: number }>).map((e) => [e.id, e]),
  );
  return clone({
    game: w.opened.game,
    map: p.replay.header.map,
    tickrate: t.tickrate,
    firstTick: t.firstTick,
    lastTick: t.lastTick,
    tick: t.tick(),
    frameTick: frame.tick,
    paused: t.paused(),
    speed: t.speed(),
    followed: t.followed(),
    markers: [...t.markers()],
    players: t.players().map((q) => ({ ...q, x: where.get(q.id)?.x ?? 0, y: where.get(q.id)?.y ?? 0 })),
  });
}

const clone = <T>(v: T): T => structuredClone(v);

/** The last view (a copy, without its events) when the session's client plays the game `plays` names, else null. */
function viewOf<C extends AnyClientSession>(
  session: LobbySession | null,
  plays: (c: AnyClientSession) => c is C,
): C['lastView'] | null {
  const c = session?.client;
  const v = c && plays(c) ? c.lastView : null;
  return v ? clone({ ...v, events: [] }) : null;
}

/** `stats()`: the client's net stats and totals, the host's counters and the channels (a copy). */
function statsOf(session: LobbySession | null): RewindStats {
  const totals = session?.client.net.totals;
  return clone({
    net: session ? session.client.net.stats : null,
    predictionErrors: totals?.predictionErrors ?? 0,
    malformedPackets: totals?.malformedPackets ?? 0,
    serverTick: session?.serverTick() ?? null,
    host: session?.hostCounters() ?? null,
    channels: session?.channels() ?? [],
  });
}

/** `killCam()`: the arena client's last kill-cam (a copy), else null. */
function killCamOf(session: LobbySession | null): KillCamState | null {
  const c = session?.client;
  return clone(c && isArenaSession(c) ? killCamState(c) : null);
}

export function createDebugApi(app: AppState): RewindDebugApi {
  const s = (): LobbySession | null => app.session;
  return {
    get phase() {
      return app.phase;
    },
    get localId() {
      return s()?.client.localId ?? null;
    },
    get isHost() {
      return s()?.isHost ?? false;
    },
    get roomId() {
      return (s() ?? app.spectator)?.roomId ?? null;
    },
    get link() {
      return app.link;
    },
    get lastError() {
      return app.lastError;
    },
    get renderError() {
      return app.renderError;
    },
    players: () => clone(s()?.players() ?? []),
    watchers: () => clone(s()?.watchers?.() ?? []),
    view: () => viewOf(s(), isArenaSession),
    pushballView: () => viewOf(s(), isPushballSession),
    events: () => clone(s()?.client.recentEvents ?? []),
    stats: () => statsOf(s()),
    channels: () => clone(s()?.channels() ?? []),
    serverStats: () => clone(s()?.serverStats() ?? null),
    serverDebug: () => clone(s()?.client.serverDebug ?? null),
    cvars: () => {
      const c = s()?.client.cvars();
      return c ? { ...c } : null;
    },
    arrivals: () => ({ timeOrigin: performance.timeOrigin, list: clone(s()?.client.arrivals ?? []) }),
    input: (spec) => s()?.client.runScript(clone(spec)),
    setCvar: (name, value) => s()?.client.setCvar(name, value)?.message ?? null,
    chatLines: () => ((s() ?? app.spectator)?.chat.lines() ?? []).map((l) => ({ ...l })),
    say: (text) => (s() ?? app.spectator)?.chat.send(String(text)),
    startMatch: () => app.startMatch(),
    kick: (id) => s()?.kick(id),
    leave: () => app.leave(),
    migration: () => clone(s()?.migrationReport?.() ?? null),
    handOver: async () => (await s()?.handOver?.()) ?? null,
    endMatch: () => s()?.endForEveryone?.(),
    chooseSuccessor: (id, yes = true) => {
      s()?.chooseSuccessor?.(id, yes !== false);
      return [...(s()?.chosenSuccessors?.() ?? [])];
    },
    replay: () => replayState(app.watched),
    killCam: () => killCamOf(s()),
    spectating: () => spectatingState(app.spectator),
    spectators: () => clone(s()?.spectators?.() ?? []),
  };
}
