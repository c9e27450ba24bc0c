// Link recovery decides whose network it was before anyone is blamed (issue 22).
import { describe, expect, it } from 'vitest';
import {
  HOST_GONE_WAIT_MS,
  HOST_WAIT_MS,
  OWN_NETWORK_TEXT,
  RECONNECTING_TEXT,
  recoverLink,
  type AttemptResult,
} from '../../../src/app/link-recovery';

/** A virtual clock; `script(t)` answers each attempt made at time t (each attempt takes `cost` ms). */
function run(script: (t: number) => AttemptResult<string>, o: { cost?: number; resumeAt?: number } = {}) {
  let t = 0;
  const said: string[] = [];
  const attempts: number[] = [];
  const outcome = recoverLink<string>({
    now: () => t,
    sleep: async (ms) => void (t += ms),
    resumed: () => o.resumeAt !== undefined && t >= o.resumeAt,
    closed: () => false,
    say: (s) => void said.push(s),
    attempt: async () => {
      attempts.push(t);
      t += o.cost ?? 200;
      return script(t);
    },
  });
  return outcome.then((out) => ({ out, said, attempts, t }));
}

describe('recoverLink', () => {
  it('rejoins the host as soon as this page can reach the signaling server again, saying it is its own network meanwhile', async () => {
    const back = 3000;
    const r = await run((t) => (t < back ? { retry: 'signaling-unreachable' } : { inner: 'same host' }), {
      cost: 1500,
    });
    expect(r.out).toEqual({ kind: 'rejoined', inner: 'same host' });
    expect(r.said).toEqual([OWN_NETWORK_TEXT]);
    // Playing again within 2 s of the network coming back: the attempt in flight, then one more.
    expect(r.t - back).toBeLessThan(2000);
  });

  it('says nothing when the first quick rejoin gets through', async () => {
    const r = await run(() => ({ inner: 'same host' }));
    expect(r.out.kind).toBe('rejoined');
    expect(r.said).toEqual([]);
  });

  it('lets an outage the old link rides out end the recovery without a rejoin', async () => {
    const r = await run(() => ({ retry: 'signaling-unreachable' }), { cost: 1500, resumeAt: 1000 });
    expect(r.out).toEqual({ kind: 'resumed' });
  });

  it('never judges the host while this page cannot reach anyone, however long', async () => {
    const r = await run((t) => (t < 30_000 ? { retry: 'signaling-unreachable' } : { retry: 'connection-failed' }), {
      cost: 1500,
    });
    expect(r.out).toEqual({ kind: 'host-gone' });
    // The host got its full wait from the last attempt that could not reach the server (≤ 1.5 s before 30 s).
    expect(r.t).toBeGreaterThanOrEqual(30_000 - 1500 + HOST_WAIT_MS);
    expect(r.said).toEqual([OWN_NETWORK_TEXT, RECONNECTING_TEXT]);
  });

  it('waits HOST_WAIT_MS for a host whose own network changed, and rejoins it when it answers within that', async () => {
    const r = await run((t) => (t < 4000 ? { retry: 'connection-failed' } : { inner: 'same host' }), { cost: 1000 });
    expect(r.out.kind).toBe('rejoined');
    const silent = await run(() => ({ retry: 'connection-failed' }), { cost: 300 });
    expect(silent.out).toEqual({ kind: 'host-gone' });
    expect(silent.t).toBeGreaterThan(HOST_WAIT_MS);
    expect(silent.said).toEqual([RECONNECTING_TEXT]);
  });

  it('decides sooner when the server says nobody holds the lobby (the host closed or crashed), but not on one such answer', async () => {
    const gone = await run(() => ({ retry: 'room-not-found' }), { cost: 300 });
    expect(gone.out).toEqual({ kind: 'host-gone' });
    expect(gone.t).toBeGreaterThan(HOST_GONE_WAIT_MS);
    expect(gone.t).toBeLessThan(HOST_WAIT_MS);
    // A host re-registering after a moment (its own network changed) is rejoined, not replaced.
    const back = await run((t) => (t < 2000 ? { retry: 'room-not-found' } : { inner: 'same host' }), { cost: 300 });
    expect(back.out.kind).toBe('rejoined');
  });

  it('stops at a refusal (a ban, a kick, a seat not given back)', async () => {
    const r = await run(() => ({ failure: { kind: 'rejected', reason: 'banned', text: '' } }));
    expect(r.out).toEqual({ kind: 'refused', failure: { kind: 'rejected', reason: 'banned', text: '' } });
  });
});
