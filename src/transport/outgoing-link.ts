/**
 * The joiner's side of a link: builds the RTCPeerConnection, offers it to the host through the
 * signaling server in PeerJS 1.5's wire shape (a data connection, `serialization: 'raw'`,
 * `reliable: true`), and takes the host's answer and candidates for this connection only.
 *
 * Inputs: an open SignalingPeer, the host's peer id, a timeout. Output: the open `PeerLink`, or a
 * `TransportError` ('room-not-found' when the server says the id is not there, 'connection-failed'
 * when no route opens in time). Invariant: nothing the host or anyone else relays touches this
 * connection unless it names our connection id and comes from the host's id; every exit releases
 * the connection and the signal listener.
 */
import { candidatePayload, offerPayload, readAnswer, readCandidate } from './signal-messages';
import {
  ClosedBeforeOpen,
  createUnreliable,
  finishLink,
  releaseConnection,
  TransportError,
  type Peer,
  type PeerLink,
} from './peer-link';
import { RtcChannel } from './rtc-channel';
import { randomToken } from './signaling-peer';
import { CandidateQueue } from './candidate-queue';
import { LocalCandidates } from './local-candidates';

/**
 * Sets the host's answer, trying again a few times 100 ms apart. libdatachannel (Node joiners:
 * tests, the reference client) sets up its ICE transport on its own thread and now and then
 * refuses an answer that arrives first on loopback ("Got a remote candidate without ICE
 * transport", 3 runs in 6 of the Node-to-Node relay test); a browser never needs the second try.
 */
async function applyAnswer(pc: RTCPeerConnection, sdp: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await pc.setRemoteDescription({ type: 'answer', sdp });
    } catch (err) {
      if (attempt >= 3 || pc.connectionState === 'closed') throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The answer was refused by our own RTCPeerConnection: nothing the host did; a fresh offer may do. */
class AnswerRefused extends TransportError {}

/**
 * Links to `remoteId`: one offer, and up to two fresh offers more if our own RTCPeerConnection refused
 * the host's answer or closed before opening without us closing it. libdatachannel (Node joiners:
 * tests, the reference client) does both now and then on a busy machine ("Got a remote candidate
 * without ICE transport", seen in up to half the runs of the relay test with two cores loaded; a
 * bare "connection closed" in a CI run of the whole suite), and a refusing connection stays
 * refusing however often the answer is set again; a new connection takes it. A browser has never
 * needed it. A route that ICE could not find (`no-route`) is not tried again: it would fail the same.
 */
export function connectLink(peer: Peer, remoteId: string, timeoutMs: number, attempts = 3): Promise<PeerLink> {
  const started = Date.now();
  return offerOnce(peer, remoteId, timeoutMs).catch((err: unknown) => {
    const left = timeoutMs - (Date.now() - started);
    if (!(err instanceof AnswerRefused || err instanceof ClosedBeforeOpen) || left <= 0 || attempts <= 1) throw err;
    return connectLink(peer, remoteId, left, attempts - 1);
  });
}

function offerOnce(peer: Peer, remoteId: string, timeoutMs: number): Promise<PeerLink> {
  const pc = new RTCPeerConnection({ iceServers: peer.options.iceServers });
  const connectionId = `dc_${randomToken(16)}`;
  const reliableDc = pc.createDataChannel(connectionId, { ordered: true });
  const unreliable = new RtcChannel(createUnreliable(pc));
  const candidates = new CandidateQueue(pc);
  let answered = false;
  let unavailable: (err: TransportError) => void = () => undefined;
  const gone = new Promise<never>((_, reject) => (unavailable = reject));

  const stopSignals = peer.onSignal((m) => {
    if (m.src !== remoteId) return;
    if (m.type === 'EXPIRE')
      return unavailable(new TransportError('room-not-found', `no lobby "${remoteId}" on the signaling server`));
    if (m.type === 'ANSWER') {
      const a = readAnswer(m.payload);
      if (!a || a.connectionId !== connectionId || answered) return;
      answered = true;
      applyAnswer(pc, a.sdp)
        .then(() => candidates.remoteReady())
        .catch((err: unknown) =>
          unavailable(new AnswerRefused('connection-failed', `the host's answer was refused: ${String(err)}`)),
        );
    } else if (m.type === 'CANDIDATE') {
      const c = readCandidate(m.payload);
      if (c && c.connectionId === connectionId) candidates.add(c.candidate);
    }
  });
  const disown = peer.own(() => releaseConnection(pc));
  const local = new LocalCandidates(
    pc,
    (c) => void peer.send('CANDIDATE', remoteId, candidatePayload(connectionId, c)),
  );
  const offered = (async (): Promise<never> => {
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    if (!peer.send('OFFER', remoteId, offerPayload(connectionId, offer.sdp ?? '')))
      throw new TransportError('signaling-unreachable', 'the signaling server is not connected');
    local.described();
    return new Promise<never>(() => undefined); // offered: the link itself decides from here
  })();
  const linked = finishLink(pc, remoteId, Promise.resolve(reliableDc), unreliable, timeoutMs);
  const result = Promise.race([linked, gone, offered]);
  result.then(
    (link) => link.onClose(() => (stopSignals(), disown())),
    () => (stopSignals(), disown(), unreliable.close(), releaseConnection(pc)),
  );
  return result;
}
