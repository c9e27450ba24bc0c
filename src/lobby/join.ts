/**
 * The joiner's way in: open a Peer on the signaling server, connect to the room's host peer,
 * send hello on the reliable channel, and wait for welcome or reject. Every failure becomes a
 * `JoinFailure` (see failures.ts), never an exception with a browser's raw wording.
 *
 * Inputs: signaling options, room id, name, password. Outputs: the open link, the welcome and
 * the Peer (to destroy on leave), or the failure. Invariant: on failure everything opened here
 * is closed again.
 */
import { decodeControl, encodeControl } from '../protocol/control';
import { PROTOCOL_VERSION, type ControlMessage, type MatchSettings } from '../protocol/messages';
import type { PlayerId } from '../sim/types';
import { connectLink, openPeer, TransportError, type Peer, type PeerLink, type SignalingOptions } from '../transport/peer-link';
import type { JoinFailure } from './failures';
import { hostPeerId } from './room-id';
import { describeSignaling } from './signaling-config';

export interface Joined {
  peer: Peer;
  link: PeerLink;
  clientId: PlayerId;
  settings: MatchSettings;
  /** Control messages that arrived right behind the welcome (e.g. the first lobby list). */
  early: ControlMessage[];
}

export type JoinResult = { ok: true; joined: Joined } | { ok: false; failure: JoinFailure };

const SIGNALING_TIMEOUT_MS = 8000;
const LINK_TIMEOUT_MS = 12000;
const WELCOME_TIMEOUT_MS = 8000;

function fromTransport(err: unknown, signaling: SignalingOptions, roomId: string): JoinFailure {
  if (!(err instanceof TransportError)) return { kind: 'other', detail: err instanceof Error ? err.message : String(err) };
  switch (err.kind) {
    case 'signaling-unreachable':
      return { kind: 'signaling-unreachable', address: describeSignaling(signaling), detail: err.message };
    case 'room-not-found':
      return { kind: 'room-not-found', roomId };
    case 'connection-failed':
      return { kind: 'connection-failed', detail: err.message };
    case 'id-taken':
      return { kind: 'id-taken' };
    case 'other':
      return { kind: 'other', detail: err.message };
  }
}

/** Waits for the host's answer to our hello. */
function awaitWelcome(link: PeerLink): Promise<{ clientId: PlayerId; settings: MatchSettings; early: ControlMessage[] } | JoinFailure> {
  return new Promise((resolve) => {
    const early: ControlMessage[] = [];
    let welcome: { clientId: PlayerId; settings: MatchSettings } | null = null;
    const timer = setTimeout(() => finish({ kind: 'handshake-timeout' }), WELCOME_TIMEOUT_MS);
    const finish = (r: { clientId: PlayerId; settings: MatchSettings; early: ControlMessage[] } | JoinFailure): void => {
      clearTimeout(timer);
      off();
      offClose();
      resolve(r);
    };
    const off = link.reliable.onMessage((bytes) => {
      const m = decodeControl(bytes);
      if (!m.ok) return;
      if (m.value.type === 'reject') return finish({ kind: 'rejected', reason: m.value.reason, text: m.value.text });
      if (m.value.type === 'kick') return finish({ kind: 'kicked', reason: m.value.reason, text: m.value.text });
      if (m.value.type === 'welcome') {
        welcome = { clientId: m.value.clientId, settings: m.value.settings };
        // Hand over right away: later messages are read by the session's own listener.
        return finish({ ...welcome, early });
      }
      early.push(m.value);
    });
    const offClose = link.reliable.onClose(() => finish(welcome ? { ...welcome, early } : { kind: 'connection-failed', detail: 'the host closed the connection' }));
  });
}

export async function joinLobby(signaling: SignalingOptions, roomId: string, name: string, password: string): Promise<JoinResult> {
  let peer: Peer;
  try {
    peer = await openPeer(signaling, undefined, SIGNALING_TIMEOUT_MS);
  } catch (err) {
    return { ok: false, failure: fromTransport(err, signaling, roomId) };
  }
  let link: PeerLink;
  try {
    link = await connectLink(peer, hostPeerId(roomId), LINK_TIMEOUT_MS);
  } catch (err) {
    peer.destroy();
    return { ok: false, failure: fromTransport(err, signaling, roomId) };
  }
  const answer = awaitWelcome(link);
  link.reliable.send(encodeControl({ type: 'hello', protocolVersion: PROTOCOL_VERSION, name, password }));
  const r = await answer;
  if ('kind' in r) {
    link.close();
    peer.destroy();
    return { ok: false, failure: r };
  }
  return { ok: true, joined: { peer, link, clientId: r.clientId, settings: r.settings, early: r.early } };
}
