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
 * handover to this page) hands over at once.
 * Invariant: a kick is reported as a kick (with its reason) even though the close follows it; a
 * kick (incl. 'shutdown') always ends the session, never migrates.
 */
import type { Cvars } from '../config/cvars';
import { decodeControl, encodeControl } from '../protocol/control';
import type { ControlMessage, LobbyPlayer } from '../protocol/control-messages';
import type { Joined } from '../lobby/join';
import { MIGRATION_SILENCE_MS } from '../lobby/migration-steps';
import type { PlayerId } from '../sim/types';
import { reportChannel } from '../transport/channel-report';
import { browserTimers } from './browser-timers';
import { ChatLog } from './chat-log';
import { ClientSession, type SessionHooks } from './client-session';
import { HostSilence } from './host-silence';
import { EndSignal, type LobbySession } from './lobby-session';

export const HOST_SILENCE_MS = 3000;
/** Silence after which a page that can reconnect starts asking whose network it was (link-recovery.ts). */
export const RECOVER_SILENCE_MS = 1000;
const WATCH_EVERY_MS = 250;
/** A watchdog tick this late means the page itself was stalled (see host-silence.ts). */
const OWN_STALL_MS = 1000;

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
  /** 'silent' only: whether the old link has closed (its route failed) rather than only fallen silent. */
  linkClosed?: () => boolean;
  /** 'silent' only: ends the old session (its link and signaling) once the page moved on. */
  release?: () => void;
}

export interface JoinSessionOptions {
  /** Carry on with this client (a migration: it is rebound to the new link) instead of a new one. */
  client?: ClientSession;
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

export function createJoinSession(j: Joined, roomId: string, cvars: Cvars, o: JoinSessionOptions = {}): JoinSession {
  const timers = browserTimers();
  const end = new EndSignal();
  const listeners = new Set<() => void>();
  const changed = (): void => listeners.forEach((cb) => cb());
  let players: LobbyPlayer[] = [];
  let started = false;
  let successors: PlayerId[] = [];
  let checkpoint: HeldCheckpoint | null = null;
  let checkpointIntervalMs: number | null = null;
  const silence = new HostSilence(timers.now(), HOST_SILENCE_MS, OWN_STALL_MS);
  let malformed = 0;
  const send = (m: ControlMessage): void => j.link.reliable.send(encodeControl(m));
  const hooks = joinerHooks(send);
  const client = o.client ?? new ClientSession(j.clientId, j.settings.tickrate, cvars, j.link.unreliable, timers, hooks);
  if (o.client) o.client.rebind(j.link.unreliable, hooks);
  const chat = new ChatLog((text) => send({ type: 'chat', from: 0, text }), (id) => players.find((p) => p.id === id)?.name);
  let finishing = false;
  const stop = (): void => {
    // Closing the link below re-enters through its close handler: the first reason must win.
    finishing = true;
    clearInterval(watchdog);
    j.link.close();
    j.peer.destroy();
  };
  const finish = (failure: Parameters<EndSignal['fire']>[0]): void => {
    if (finishing) return;
    stop();
    client.close();
    end.fire(failure);
  };
  const canMigrate = (): boolean => o.onHostLost !== undefined && started && successors.length > 0;
  /** The host is gone: migrate when the page can, else "The host left.". */
  const hostGone = (why: HostLost['why']): void => {
    if (finishing) return;
    if (!canMigrate() && why !== 'handover') return finish({ kind: 'host-left' });
    stop();
    // The chat log already keeps the host's system lines (bounded): the handover announcement is among them.
    const systemLines = chat.lines().flatMap((l) => (l.system ? [l.text] : []));
    o.onHostLost?.({ why, successors, checkpoint, players, systemLines });
  };
  // 'silent' is reported once per silence; hearing the host again re-arms it.
  let silentReported = false;
  let heardSinceReport = false;
  let linkClosed = false;
  const wentSilent = (): void => {
    if (finishing || silentReported || !o.onHostLost) return;
    silentReported = true;
    heardSinceReport = false;
    const systemLines = chat.lines().flatMap((l) => (l.system ? [l.text] : []));
    o.onHostLost({ why: 'silent', successors, checkpoint, players, systemLines, resumed: () => heardSinceReport && !finishing, linkClosed: () => linkClosed, release: stop });
  };
  const heard = (): void => {
    silence.heard(timers.now());
    if (silentReported) [heardSinceReport, silentReported] = [true, false];
  };
  const onControl = (m: ControlMessage): void => {
    if (m.type === 'lobby') {
      players = m.players;
      started = m.started;
      changed();
    } else if (m.type === 'debug') client.receiveDebug(m);
    else if (m.type === 'chat') chat.receive(m.from, m.text);
    else if (m.type === 'kick') finish({ kind: 'kicked', reason: m.reason, text: m.text });
    else if (m.type === 'successors') successors = m.ids;
    else if (m.type === 'checkpoint') {
      const now = timers.now();
      if (checkpoint) checkpointIntervalMs = now - checkpoint.atMs;
      checkpoint = { bytes: m.bytes, final: m.final, atMs: now };
      if (m.final && o.onHostLost && successors.includes(j.clientId)) hostGone('handover');
    }
  };
  j.early.forEach(onControl);
  j.link.reliable.onMessage((bytes) => {
    heard();
    const m = decodeControl(bytes);
    if (m.ok) onControl(m.value);
    else malformed += 1;
  });
  j.link.unreliable.onMessage(heard);
  // A route that failed under the link (a network change or outage, here or at the host) is asked
  // about before anyone is blamed; a link the host closed is the host leaving.
  j.link.onClose(() => {
    linkClosed = true;
    if (j.link.routeLost() && o.onHostLost) wentSilent();
    else hostGone('lost');
  });
  const watchdog = setInterval(() => {
    // A page that can reconnect asks after RECOVER_SILENCE_MS (a rejoin costs little and keeps the
    // seat); one that cannot waits the longer limits before it gives up on the host.
    if (silence.check(timers.now(), o.onHostLost ? RECOVER_SILENCE_MS : canMigrate() ? MIGRATION_SILENCE_MS : HOST_SILENCE_MS)) {
      if (o.onHostLost) wentSilent();
      else hostGone('lost');
    }
    // A host that keeps sending snapshots no honest host can send is left (client/host-plausibility.ts).
    else if (client.net.hostTrust.abandoned) finish({ kind: 'host-implausible' });
  }, WATCH_EVERY_MS);
  return {
    isHost: false,
    roomId,
    client,
    chat,
    players: () => players,
    started: () => started,
    channels: () => [reportChannel('unreliable', j.link.remoteId, j.link.unreliable), reportChannel('reliable', j.link.remoteId, j.link.reliable)],
    serverTick: () => null,
    serverStats: () => null,
    hostCounters: (): Record<string, number> | null => {
      const implausible = client.net.hostTrust.implausibleSnapshots;
      if (!malformed && !implausible) return null;
      return implausible ? { malformedControl: malformed, implausibleSnapshots: implausible } : { malformedControl: malformed };
    },
    startMatch: () => undefined,
    matchControls: null,
    kick: () => undefined,
    leave: () => {
      // A DataChannel sends what is queued before it closes, so the host hears 'leave' first.
      send({ type: 'leave' });
      finish(null);
    },
    onChange: (cb) => (listeners.add(cb), () => listeners.delete(cb)),
    onEnd: (cb) => end.on(cb),
    held: () => ({ successors, checkpoint, checkpointIntervalMs }),
  };
}
