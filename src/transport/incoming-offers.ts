/**
 * The host's side of every link: offers relayed by the signaling server are *admitted, not
 * obeyed*. An OFFER becomes an `IncomingConnection` only when it asks for exactly the project's
 * channel (signal-messages.ts); nothing is built for it until the lobby door calls `open()`, and
 * then only within the ConnectionBudget (connection-budget.ts). Refused offers leave nothing
 * behind; candidates for connections that do not exist are dropped, not stored.
 *
 * Inputs: an open SignalingPeer, a ConnectionBudget, a callback per admissible offer.
 * Outputs: `IncomingConnection`s, counters, `stop()`. Invariants: at most `maxOffers` offers wait
 * at once (the door bounds them far lower); one record per (peer id, connection id); a peer never
 * reaches a parser but signal-messages.ts's readers before its channels open.
 */
import { CandidateQueue } from './candidate-queue';
import { LocalCandidates } from './local-candidates';
import type { ConnectionBudget } from './connection-budget';
import { answerPayload, candidatePayload, readCandidate, readOffer, type Offer } from './signal-messages';
import { HandedOffChannel } from './handed-off-channel';
import {
  createUnreliable,
  finishLink,
  releaseConnection,
  TransportError,
  type ChannelHandOff,
  type Peer,
  type PeerLink,
} from './peer-link';
import { RtcChannel } from './rtc-channel';

/** What the lobby door gets of one offer. */
export interface IncomingConnection {
  readonly remoteId: string;
  /** Who to charge for it: the server's tag of the sender's address, else `peer:<its id>`. */
  readonly source: string;
  /** Builds the connection (within the budget) and resolves once both channels are open. */
  open(timeoutMs: number, handOff?: ChannelHandOff): Promise<PeerLink>;
  /** Forgets the offer; nothing was built for it. Idempotent. */
  refuse(): void;
}

export interface OfferCounters {
  offers: number;
  malformed: number;
  duplicate: number;
  overflow: number;
  strayCandidates: number;
  overBudget: number;
}

interface Pending {
  offer: Offer;
  /** Set once `open()` built the connection. */
  candidates: CandidateQueue | null;
  /** Candidates that came before `open()`: bounded like the queue. */
  early: RTCIceCandidateInit[];
}

export const MAX_WAITING_OFFERS = 256;
const MAX_EARLY_CANDIDATES = 32;

export class IncomingOffers {
  readonly counters: OfferCounters = {
    offers: 0,
    malformed: 0,
    duplicate: 0,
    overflow: 0,
    strayCandidates: 0,
    overBudget: 0,
  };
  private readonly pending = new Map<string, Pending>();
  private readonly stopSignals: () => void;

  constructor(
    private readonly peer: Peer,
    readonly budget: ConnectionBudget,
    private readonly onIncoming: (c: IncomingConnection) => void,
    private readonly maxOffers = MAX_WAITING_OFFERS,
  ) {
    this.stopSignals = peer.onSignal((m) => {
      if (m.type === 'OFFER') this.onOffer(m.src, m.payload);
      else if (m.type === 'CANDIDATE') this.onCandidate(m.src, m.payload);
    });
  }

  /** Offers known now (waiting for the door or open), for tests and counters. */
  get size(): number {
    return this.pending.size;
  }

  stop(): void {
    this.stopSignals();
    this.pending.clear();
  }

  private onOffer(src: string, payload: unknown): void {
    const offer = src === '' ? null : readOffer(payload);
    if (!offer) return void (this.counters.malformed += 1);
    const key = `${src}\n${offer.connectionId}`;
    if (this.pending.has(key)) return void (this.counters.duplicate += 1);
    if (this.pending.size >= this.maxOffers) return void (this.counters.overflow += 1);
    this.counters.offers += 1;
    const record: Pending = { offer, candidates: null, early: [] };
    this.pending.set(key, record);
    let done = false;
    const forget = (): void => {
      done = true;
      if (this.pending.get(key) === record) this.pending.delete(key);
    };
    const source = offer.source === null ? `peer:${src}` : `addr:${offer.source}`;
    this.onIncoming({
      remoteId: src,
      source,
      refuse: forget,
      open: (timeoutMs, handOff) => {
        if (done || record.candidates)
          return Promise.reject(new TransportError('connection-failed', 'this offer is gone'));
        if (!this.budget.canBuild(source)) {
          this.counters.overBudget += 1;
          forget();
          return Promise.reject(new TransportError('connection-failed', 'too many connections are being set up'));
        }
        const opened = this.build(src, record, timeoutMs, handOff);
        opened.then((link) => link.onClose(forget), forget);
        return opened;
      },
    });
  }

  private onCandidate(src: string, payload: unknown): void {
    const c = readCandidate(payload);
    const record = c ? this.pending.get(`${src}\n${c.connectionId}`) : undefined;
    if (!c || !record) return void (this.counters.strayCandidates += 1);
    if (record.candidates) record.candidates.add(c.candidate);
    else if (record.early.length < MAX_EARLY_CANDIDATES) record.early.push(c.candidate);
  }

  /** Builds the connection for an admitted offer: answer, candidates both ways, the two channels. */
  private build(remoteId: string, record: Pending, timeoutMs: number, handOff?: ChannelHandOff): Promise<PeerLink> {
    const { offer } = record;
    const pc = new RTCPeerConnection({ iceServers: this.peer.options.iceServers });
    this.budget.built(pc);
    const disown = this.peer.own(() => releaseConnection(pc));
    // Created and handed off in this task: browsers transfer a DataChannel only before any use.
    const dc = createUnreliable(pc);
    const unreliable = handOff?.(dc) ? new HandedOffChannel(dc) : new RtcChannel(dc);
    const queue = new CandidateQueue(pc);
    record.candidates = queue;
    for (const c of record.early.splice(0)) queue.add(c);
    const local = new LocalCandidates(
      pc,
      (c) => void this.peer.send('CANDIDATE', remoteId, candidatePayload(offer.connectionId, c)),
    );
    const reliable = new Promise<RTCDataChannel>((resolve, reject) => {
      let taken = false;
      pc.ondatachannel = (ev) => {
        // One channel is expected, with the offer's label; anything else is closed unread.
        if (taken || ev.channel.label !== offer.label || !ev.channel.ordered) return ev.channel.close();
        taken = true;
        resolve(ev.channel);
      };
      (async () => {
        await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
        queue.remoteReady();
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        this.peer.send('ANSWER', remoteId, answerPayload(offer.connectionId, answer.sdp ?? ''));
        local.described();
      })().catch((err: unknown) => reject(new Error(`the offer could not be answered: ${String(err)}`)));
    });
    const linked = finishLink(pc, remoteId, reliable, unreliable, timeoutMs);
    linked.then((link) => link.onClose(disown), disown);
    return linked;
  }
}
