/**
 * Joining: after the handshake (lobby/join.ts), play over the peer link's unreliable channel,
 * follow the host's lobby list on the reliable one (and its 'debug' messages, kept by the
 * client session for the overlays), and notice the host leaving.
 *
 * "The host left" fires when the link closes or when nothing at all arrived from the host for
 * `HOST_SILENCE_MS` (it broadcasts the lobby list every second and snapshots 30 times a second,
 * so 3 s of silence is unambiguous and leaves margin inside the 5 s promise); a stall of this
 * page's own does not count as the host's silence (host-silence.ts).
 * Invariant: a kick is reported as a kick (with its reason) even though the close follows it.
 */
import type { Cvars } from '../config/cvars';
import { decodeControl, encodeControl } from '../protocol/control';
import { type ControlMessage, type LobbyPlayer } from '../protocol/messages';
import type { Joined } from '../lobby/join';
import { reportChannel } from '../transport/channel-report';
import { browserTimers } from './browser-timers';
import { ChatLog } from './chat-log';
import { ClientSession } from './client-session';
import { HostSilence } from './host-silence';
import { EndSignal, type LobbySession } from './lobby-session';

export const HOST_SILENCE_MS = 3000;
const WATCH_EVERY_MS = 250;
/** A watchdog tick this late means the page itself was stalled (see host-silence.ts). */
const OWN_STALL_MS = 1000;

export function createJoinSession(j: Joined, roomId: string, cvars: Cvars): LobbySession {
  const timers = browserTimers();
  const end = new EndSignal();
  const listeners = new Set<() => void>();
  const changed = (): void => listeners.forEach((cb) => cb());
  let players: LobbyPlayer[] = [];
  let started = false;
  const silence = new HostSilence(timers.now(), HOST_SILENCE_MS, OWN_STALL_MS);
  let malformed = 0;
  const send = (m: ControlMessage): void => j.link.reliable.send(encodeControl(m));
  const client = new ClientSession(j.clientId, j.settings.tickrate, cvars, j.link.unreliable, timers, {
    sendSettings: (s) => send({ type: 'settings', ...s }),
  });
  const chat = new ChatLog((text) => send({ type: 'chat', from: 0, text }), (id) => players.find((p) => p.id === id)?.name);
  let finishing = false;
  const finish = (failure: Parameters<EndSignal['fire']>[0]): void => {
    // Closing the link below re-enters through its close handler: the first reason must win.
    if (finishing) return;
    finishing = true;
    clearInterval(watchdog);
    client.close();
    j.link.close();
    j.peer.destroy();
    end.fire(failure);
  };
  const onControl = (m: ControlMessage): void => {
    if (m.type === 'lobby') {
      players = m.players;
      started = m.started;
      changed();
    } else if (m.type === 'debug') client.receiveDebug(m);
    else if (m.type === 'chat') chat.receive(m.from, m.text);
    else if (m.type === 'kick') finish({ kind: 'kicked', reason: m.reason, text: m.text });
  };
  j.early.forEach(onControl);
  j.link.reliable.onMessage((bytes) => {
    silence.heard(timers.now());
    const m = decodeControl(bytes);
    if (m.ok) onControl(m.value);
    else malformed += 1;
  });
  j.link.unreliable.onMessage(() => {
    silence.heard(timers.now());
  });
  j.link.onClose(() => finish({ kind: 'host-left' }));
  const watchdog = setInterval(() => {
    if (silence.check(timers.now())) finish({ kind: 'host-left' });
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
    // Cut to what the host accepts (code points), so an honest long line is shortened, not refused.
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
  };
}
