/**
 * Joining: after the handshake (lobby/join.ts), play over the peer link's unreliable channel,
 * follow the host's lobby list on the reliable one (and its 'debug' messages, kept by the
 * client session for the overlays), and notice the host leaving.
 *
 * "The host left" fires when the link closes or when nothing at all arrived from the host for
 * `HOST_SILENCE_MS` (it broadcasts the lobby list every second and snapshots 30 times a second,
 * so 3 s of silence is unambiguous and leaves margin inside the 5 s promise); a stall of this
 * page's own does not count as the host's silence (host-silence.ts).
 *
 * Host migration (issue 13): the host names successors ('successors') and sends them checkpoints
 * ('checkpoint'); this session keeps the newest. When the host is gone (link closed, or
 * MIGRATION_SILENCE_MS of silence) while a match runs and a successor is known, and the page gave
 * `onHostLost`, it does not end: it closes its link and hands `HostLost` (with the ClientSession,
 * which lives on) to the page, which migrates (migrating-session.ts). A final checkpoint (graceful
 * handover to this page) hands over at once. What the host said and how the session ends: joiner-watch.ts.
 * Invariant: a kick is reported as a kick (with its reason) even though the close follows it; a
 * kick (incl. 'shutdown') always ends the session, never migrates.
 */
import type { Cvars } from '../config/cvars';
import { decodeControl, encodeControl } from '../protocol/control';
import type { ControlMessage, LobbyPlayer } from '../protocol/control-messages';
import type { Joined } from '../lobby/join';
import type { PlayerId } from '../sim/types';
import { reportChannel } from '../transport/channel-report';
import type { Timers } from '../transport/conditioned-channel';
import { browserTimers } from './browser-timers';
import { ChatLog } from './chat-log';
import type { SessionHooks } from './client-session';
import { gameOfMap, newClientSession, type AnyClientSession } from './session-games';
import { HostNews, JoinerEnd } from './joiner-watch';
import { EndSignal, type LobbySession } from './lobby-session';

/** The newest migration checkpoint the host sent this page. */
export interface HeldCheckpoint {
  bytes: Uint8Array;
  final: boolean;
  /** Page clock (ms) when it arrived. */
  atMs: number;
}

/** What a joiner knows when its host is gone, for the page to migrate with. */
export interface HostLost {
  /**
   * 'handover': the host sent this page its final checkpoint; 'lost': the host closed the link;
   * 'silent': nothing came for a while, or the route failed (our network, the host's, or a host
   * that died without a word): the page asks before it migrates (link-recovery.ts).
   */
  why: 'lost' | 'handover' | 'silent';
  successors: PlayerId[];
  checkpoint: HeldCheckpoint | null;
  /** The lobby list as it was (names for the notice and the restored world). */
  players: LobbyPlayer[];
  /** Chat system lines that arrived (the old host announces a handover in one). */
  systemLines: string[];
  /** 'silent' only: whether the old link has been heard again since (it rode the outage out). */
  resumed?: () => boolean;
  /** 'silent' only: ends the old session (its link and signaling) once the page moved on. */
  release?: () => void;
}

export interface JoinSessionOptions {
  /** Carry on with this client (a migration: it is rebound to the new link) instead of a new one. */
  client?: AnyClientSession;
  /**
   * The page can migrate or reconnect: called instead of ending when the host closed the link
   * mid-match with a successor known ('lost'), or whenever the host fell silent or the route
   * failed ('silent': the old session stays up until the page releases it).
   */
  onHostLost?: (lost: HostLost) => void;
}

/** Where a joiner's client sends its settings: the host, over the reliable channel. */
function joinerHooks(send: (m: ControlMessage) => void): SessionHooks {
  return { sendSettings: (s) => send({ type: 'settings', ...s }) };
}

/** What this joiner holds for a migration (for the debug API and the net graph). */
export interface MigrationHeld {
  successors: PlayerId[];
  checkpoint: HeldCheckpoint | null;
  /** Gap between the last two checkpoints that arrived (the host's interval as seen here), or null. */
  checkpointIntervalMs: number | null;
}

export type JoinSession = LobbySession & { held(): MigrationHeld };

/**
 * The joiner's client: a migration's carried on over the new link, else a new one for the game the
 * host's welcome names (its map name, session-games.ts).
 */
function joinerClient(
  j: Joined,
  cvars: Cvars,
  timers: Timers,
  hooks: SessionHooks,
  carried?: AnyClientSession,
): AnyClientSession {
  if (carried) {
    carried.rebind(j.link.unreliable, hooks);
    return carried;
  }
  const game = gameOfMap(j.settings.mapName);
  return newClientSession(game, j.clientId, j.settings.tickrate, cvars, j.link.unreliable, timers, hooks);
}

export function createJoinSession(j: Joined, roomId: string, cvars: Cvars, o: JoinSessionOptions = {}): JoinSession {
  const timers = browserTimers();
  const listeners = new Set<() => void>();
  const news = new HostNews();
  let malformed = 0;
  const send = (m: ControlMessage): void => j.link.reliable.send(encodeControl(m));
  const hooks = joinerHooks(send);
  const client = joinerClient(j, cvars, timers, hooks, o.client);
  const chat = new ChatLog(
    (text) => send({ type: 'chat', from: 0, text }),
    (id) => (news.players.find((p) => p.id === id) ?? news.watchers.find((w) => w.id === id))?.name,
  );
  const end = new EndSignal();
  const ending = new JoinerEnd(j, client, end, news, chat, timers, o.onHostLost);
  const onControl = (m: ControlMessage): void => {
    if (news.take(m, timers.now())) {
      if (m.type === 'lobby' || m.type === 'watchers') listeners.forEach((cb) => cb());
      if (m.type === 'checkpoint') ending.checkpointArrived();
    } else if (m.type === 'debug' || m.type === 'killcam') client.receiveRelayed(m);
    else if (m.type === 'chat') chat.receive(m.from, m.text);
    else if (m.type === 'kick') ending.finish({ kind: 'kicked', reason: m.reason, text: m.text });
  };
  j.early.forEach(onControl);
  j.link.reliable.onMessage((bytes) => {
    ending.heard();
    const m = decodeControl(bytes);
    if (m.ok) onControl(m.value);
    else malformed += 1;
  });
  j.link.unreliable.onMessage(ending.heard);
  j.link.onClose(() => ending.closed());
  ending.watch();
  return {
    isHost: false,
    roomId,
    client,
    chat,
    players: () => news.players,
    watchers: () => news.watchers,
    started: () => news.started,
    channels: () => [
      reportChannel('unreliable', j.link.remoteId, j.link.unreliable),
      reportChannel('reliable', j.link.remoteId, j.link.reliable),
    ],
    serverTick: () => null,
    serverStats: () => null,
    hostCounters: () => joinerCounters(malformed, client.net.hostTrust.implausibleSnapshots),
    startMatch: () => undefined,
    matchControls: null,
    bots: null,
    kick: () => undefined,
    leave: () => {
      // A DataChannel sends what is queued before it closes, so the host hears 'leave' first.
      send({ type: 'leave' });
      ending.finish(null);
    },
    onChange: (cb) => (listeners.add(cb), () => listeners.delete(cb)),
    onEnd: (cb) => end.on(cb),
    held: () => news.held(),
  };
}

/** A joiner's counters for the debug API: malformed control messages and implausible snapshots from its host; null when none. */
function joinerCounters(malformed: number, implausible: number): Record<string, number> | null {
  if (!malformed && !implausible) return null;
  return implausible
    ? { malformedControl: malformed, implausibleSnapshots: implausible }
    : { malformedControl: malformed };
}
