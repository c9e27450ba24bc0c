/**
 * What the host does with one joiner's control message: metered (control-meter.ts: a flood or a
 * run of malformed messages ends in a kick), decoded (never thrown past), and dispatched to the
 * few things a client may ask for (its network settings, a chat line, leaving). Anything else a
 * client sends ('welcome', 'kick', 'lobby'…) is counted as malformed: it has no business sending it.
 *
 * Inputs: the bytes, the joiner's meter, the host's handlers. Output: what happened, for the
 * caller's counters. Invariant: nothing a joiner sends reaches the worker except its settings.
 */
import { decodeControl } from '../protocol/control';
import type { KickReason, ControlMessage } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import type { ControlMeter } from './control-meter';
import type { ServerWorkerApi } from './worker-api';

export interface JoinerControlHandlers {
  setSettings(id: PlayerId, m: Extract<ControlMessage, { type: 'settings' }>): void;
  chat(id: PlayerId, text: string): void;
  leave(id: PlayerId): void;
  kick(id: PlayerId, reason: KickReason, text: string): void;
}

/** 'handled', or 'malformed' (undecodable or not a client's message; counted by the caller). */
export function onJoinerControl(
  id: PlayerId,
  bytes: Uint8Array,
  meter: ControlMeter,
  nowMs: number,
  h: JoinerControlHandlers,
): 'handled' | 'malformed' | 'flood' {
  const flood = meter.arrived(nowMs);
  if (flood) {
    h.kick(id, flood.reason, flood.text);
    return 'flood';
  }
  const m = decodeControl(bytes);
  if (m.ok && dispatch(id, m.value, h)) return 'handled';
  const kick = meter.malformed();
  if (kick) h.kick(id, kick.reason, kick.text);
  return 'malformed';
}

/** False for messages a client has no business sending. */
function dispatch(id: PlayerId, m: ControlMessage, h: JoinerControlHandlers): boolean {
  switch (m.type) {
    case 'settings':
      h.setSettings(id, m);
      return true;
    case 'leave':
      h.leave(id);
      return true;
    case 'chat':
      h.chat(id, m.text);
      return true;
    default:
      return false;
  }
}

/** The listen server's handlers: a joiner's settings go to the worker, its chat to `chat`, leaving closes its link. */
export function listenServerHandlers(
  api: Pick<ServerWorkerApi, 'setClientSettings' | 'setDebug' | 'setKillCam'>,
  chat: (from: PlayerId, text: string) => void,
  close: (from: PlayerId) => void,
  kick: JoinerControlHandlers['kick'],
): JoinerControlHandlers {
  return {
    setSettings: (from, m) => {
      void api.setClientSettings(from, { updateRate: m.updateRate, rate: m.rate, interpMs: m.interpMs });
      void api.setDebug(from, m.debug);
      void api.setKillCam(from, m.killCam === true);
    },
    chat,
    leave: close,
    kick,
  };
}
