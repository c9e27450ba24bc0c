// The host's signaling keeper (src/lobby/signaling-reconnect.ts) against a Peer that behaves like
// PeerJS 1.5 (error, then 'disconnected'; reconnect() only while disconnected) on virtual timers.
// The real Peer and the real server are exercised by test/e2e/signaling-takeover.test.ts.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  ID_TAKEN_RETRY_MS,
  keepSignaling,
  replacedAsHost,
  signalingNotice,
  type ReconnectTimers,
  type SignalingState,
} from '../../../src/lobby/signaling-reconnect';

class FakePeer extends EventEmitter {
  open = true;
  disconnected = false;
  destroyed = false;
  reconnects = 0;
  /** What the server does with the next reconnect: accept, refuse with an error type, or never answer. */
  next: 'open' | 'network' | 'unavailable-id' | 'server-error' | 'silent' = 'open';
  drop(type = 'network'): void {
    // PeerJS's emitter (eventemitter3) drops an 'error' nobody listens to; node's would throw.
    if (this.listenerCount('error') > 0)
      this.emit('error', { type, message: type === 'server-error' ? 'Too many connections from your address' : 'x' });
    this.disconnect();
  }
  disconnect(): void {
    this.open = false;
    this.disconnected = true;
    this.emit('disconnected');
  }
  reconnect(): void {
    if (!this.disconnected || this.destroyed) throw new Error('not disconnected');
    this.reconnects++;
    this.disconnected = false;
    if (this.next === 'open') {
      this.open = true;
      this.emit('open');
    } else if (this.next !== 'silent') this.drop(this.next);
  }
}

function virtualTimers(): ReconnectTimers & { run(): number; pending(): number } {
  let queue: Array<{ fn: () => void; ms: number; live: boolean }> = [];
  return {
    setTimeout: (fn, ms) => {
      const t = { fn, ms, live: true };
      queue.push(t);
      return t;
    },
    clearTimeout: (h) => void ((h as { live: boolean }).live = false),
    /** Fires the next pending timer; returns its delay. */
    run: () => {
      queue = queue.filter((t) => t.live);
      const t = queue.shift();
      if (!t) throw new Error('no timer pending');
      t.live = false;
      t.fn();
      return t.ms;
    },
    pending: () => queue.filter((t) => t.live).length,
  };
}

const noJitter = (): number => 0.5;

describe('keepSignaling', () => {
  it('reconnects after a drop and reports lost → connected', () => {
    const peer = new FakePeer();
    const timers = virtualTimers();
    const states: SignalingState[] = [];
    keepSignaling(peer, timers, (s) => states.push(s), { random: noJitter });
    peer.drop();
    expect(states.at(-1)).toMatchObject({ kind: 'reconnecting', why: 'lost', attempt: 1, retryInMs: 500 });
    expect(peer.reconnects).toBe(0); // waits before trying
    timers.run();
    expect(peer.reconnects).toBe(1);
    expect(states.at(-1)).toEqual({ kind: 'connected' });
  });

  it('backs off exponentially while the server stays away, capped, and starts over after success', () => {
    const peer = new FakePeer();
    const timers = virtualTimers();
    keepSignaling(peer, timers, () => undefined, { random: noJitter, baseDelayMs: 500, maxDelayMs: 4000 });
    peer.next = 'network';
    peer.drop();
    const delays = [];
    for (let i = 0; i < 6; i++) delays.push(timers.run());
    expect(delays).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect(timers.pending()).toBe(1); // exactly one attempt pending, never a tight loop
    peer.next = 'open';
    timers.run();
    peer.drop();
    expect(timers.run()).toBe(500);
  });

  it('asks every second at most while the id is refused as taken (its own old socket, held for 8 s), and backs off again after', () => {
    const peer = new FakePeer();
    const timers = virtualTimers();
    keepSignaling(peer, timers, () => undefined, { random: noJitter });
    peer.next = 'unavailable-id';
    peer.drop();
    const waits = [timers.run()];
    for (let i = 0; i < 8; i++) waits.push(timers.run());
    expect(Math.max(...waits)).toBeLessThanOrEqual(ID_TAKEN_RETRY_MS);
    peer.next = 'network';
    waits.push(timers.run(), timers.run());
    expect(timers.run()).toBeGreaterThan(ID_TAKEN_RETRY_MS);
  });

  it('says when the id was given to someone else, or the server refused, and keeps trying', () => {
    const peer = new FakePeer();
    const timers = virtualTimers();
    const states: SignalingState[] = [];
    keepSignaling(peer, timers, (s) => states.push(s), { random: noJitter });
    peer.next = 'unavailable-id';
    peer.drop();
    timers.run();
    expect(states.at(-1)).toMatchObject({ kind: 'reconnecting', why: 'id-taken', attempt: 2 });
    expect(signalingNotice(states.at(-1)!)).toMatch(
      /gave this lobby's address to someone else: new players cannot join\. Retrying in 1 s/,
    );
    peer.next = 'server-error';
    timers.run();
    expect(states.at(-1)).toMatchObject({ why: 'refused', detail: 'Too many connections from your address' });
    expect(signalingNotice(states.at(-1)!)).toContain('(Too many connections from your address)');
    expect(timers.pending()).toBe(1);
  });

  it('abandons an attempt the server never answers and tries again', () => {
    const peer = new FakePeer();
    const timers = virtualTimers();
    const states: SignalingState[] = [];
    keepSignaling(peer, timers, (s) => states.push(s), { random: noJitter, attemptTimeoutMs: 10_000 });
    peer.next = 'silent';
    peer.drop();
    timers.run(); // reconnect: the socket opens, no answer
    expect(timers.run()).toBe(10_000); // the watchdog
    expect(peer.disconnected).toBe(true);
    expect(states.at(-1)).toMatchObject({ kind: 'reconnecting', attempt: 2, detail: 'no answer in 10 s' });
  });

  it('does nothing after stop() or once the Peer is destroyed', () => {
    const peer = new FakePeer();
    const timers = virtualTimers();
    const keeper = keepSignaling(peer, timers, () => undefined, { random: noJitter });
    peer.drop();
    keeper.stop();
    expect(timers.pending()).toBe(0);
    peer.reconnect();
    peer.drop();
    expect(timers.pending()).toBe(0);
    const other = new FakePeer();
    keepSignaling(other, timers, () => undefined);
    other.destroyed = true;
    other.drop();
    expect(timers.pending()).toBe(0);
  });

  it('spreads retries by ±20 % so hosts dropped together do not return in lockstep', () => {
    expect(backoffDelay(0, 500, 15_000, () => 0)).toBe(400);
    expect(backoffDelay(0, 500, 15_000, () => 0.999999)).toBe(600);
    expect(backoffDelay(40, 500, 15_000, () => 0.5)).toBe(15_000);
  });

  it('shows nothing while connected', () => {
    expect(signalingNotice({ kind: 'connected' })).toBeNull();
    expect(signalingNotice({ kind: 'reconnecting', attempt: 1, retryInMs: 4200, why: 'lost', detail: '' })).toBe(
      'Lost the connection to the signaling server: new players cannot join until it is back. Retrying in 4 s; players already here keep playing.',
    );
  });
});

describe('replacedAsHost', () => {
  it('only an id-taken reconnect with no joiner linked means a successor holds the lobby now', () => {
    const taken = { kind: 'reconnecting', attempt: 1, retryInMs: 500, why: 'id-taken', detail: '' } as const;
    expect(replacedAsHost(taken, 0, true)).toBe(true);
    expect(replacedAsHost(taken, 2, true)).toBe(false);
    expect(replacedAsHost({ ...taken, why: 'lost' }, 0, true)).toBe(false);
    expect(replacedAsHost({ kind: 'connected' }, 0, true)).toBe(false);
    // A host alone in its lobby (or one that never named a successor) meets its own old socket, not a successor.
    expect(replacedAsHost(taken, 0, false)).toBe(false);
  });
});
