/**
 * handOverMatch with a fake listen server: the announcement goes out, and the page does not leave
 * (close its links) in the task that queued it, even when the successor was gone before the
 * handover returned; it leaves once the successor's link closes, or after HANDOVER_WAIT_MS.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handOverMatch, HANDOVER_WAIT_MS } from '../../../src/app/host-leaving';
import type { ListenServer } from '../../../src/host/listen-server';

const PLAYERS = [
  { id: 1, name: 'Alice', pingMs: 0, isHost: true },
  { id: 2, name: 'Bob', pingMs: 20, isHost: false },
];

function fakeServer(successorGone: boolean) {
  const log: string[] = [];
  const present = new Set(successorGone ? [1] : [1, 2]);
  const listeners = new Set<() => void>();
  const server = {
    migration: { handOver: async () => 2 },
    roster: {
      lobbyList: () => PLAYERS,
      get: (id: number) => (present.has(id) ? PLAYERS.find((p) => p.id === id) : undefined),
    },
    chat: { announce: (text: string) => void log.push(`announce ${text}`) },
    onChange: (cb: () => void) => (listeners.add(cb), () => listeners.delete(cb)),
  };
  const successorCloses = (): void => {
    present.delete(2);
    listeners.forEach((cb) => cb());
  };
  return { server: server as unknown as ListenServer, log, successorCloses };
}

afterEach(() => void vi.useRealTimers());

describe('handOverMatch', () => {
  it('announces, and leaves in a later task even when the successor left before the handover returned', async () => {
    vi.useFakeTimers();
    const { server, log } = fakeServer(true);
    const named = await handOverMatch(
      server,
      () => void log.push('release id'),
      () => void log.push('leave'),
    );
    expect(named).toBe('Bob');
    // Leaving here would close the links in the task that queued the announcement (and drop it).
    expect(log).toEqual(['announce Alice left — Bob is now hosting', 'release id']);
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toEqual(['announce Alice left — Bob is now hosting', 'release id', 'leave']);
    await vi.advanceTimersByTimeAsync(HANDOVER_WAIT_MS);
    expect(log.filter((l) => l === 'leave')).toHaveLength(1);
  });

  it("leaves when the successor's link closes, or after HANDOVER_WAIT_MS at the latest", async () => {
    vi.useFakeTimers();
    const a = fakeServer(false);
    await handOverMatch(
      a.server,
      () => undefined,
      () => void a.log.push('leave'),
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(a.log).not.toContain('leave');
    a.successorCloses();
    expect(a.log.filter((l) => l === 'leave')).toHaveLength(1);
    const b = fakeServer(false);
    await handOverMatch(
      b.server,
      () => undefined,
      () => void b.log.push('leave'),
    );
    await vi.advanceTimersByTimeAsync(HANDOVER_WAIT_MS - 1);
    expect(b.log).not.toContain('leave');
    await vi.advanceTimersByTimeAsync(1);
    expect(b.log).toContain('leave');
  });
});
