/**
 * The Agones lifecycle against a fake SDK sidecar (a real gRPC server speaking the SDK service,
 * reached by the real @google-cloud/agones-sdk client): Ready when the lobby is up, health pings
 * only while the server ticks, Allocated on the first player, Shutdown once the match is over and
 * the lobby empty (or it stayed empty), each sent once; a refused call is logged, never thrown.
 * Not run here: a real cluster (README "Hosting").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgonesLifecycle, connectAgonesSdk } from '../../../src/dedicated/agones';
import { startFakeSidecar, type FakeSidecar } from './fake-agones-sidecar';

let sidecar: FakeSidecar;
let lifecycle: AgonesLifecycle | null = null;

class ManualTimers {
  pending: Array<{ ms: number; fn: () => void }> = [];
  after = (ms: number, fn: () => void): (() => void) => {
    const t = { ms, fn };
    this.pending.push(t);
    return () => void (this.pending = this.pending.filter((x) => x !== t));
  };
  fireAll(): void {
    const due = this.pending;
    this.pending = [];
    for (const t of due) t.fn();
  }
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond()).toBe(true);
}

async function lifecycleOn(timers: ManualTimers, log: string[]): Promise<AgonesLifecycle> {
  process.env.AGONES_SDK_GRPC_PORT = String(sidecar.port);
  lifecycle = new AgonesLifecycle(await connectAgonesSdk(), 30_000, timers, (l) => log.push(l));
  return lifecycle;
}

beforeEach(async () => {
  sidecar = await startFakeSidecar();
});

afterEach(async () => {
  lifecycle?.close();
  lifecycle = null;
  delete process.env.AGONES_SDK_GRPC_PORT;
  await sidecar.close();
});

describe('AgonesLifecycle against a fake SDK sidecar', () => {
  it('goes Ready, pings health while ticking, Allocated on the first player, Shutdown when the match is over and the lobby empty', async () => {
    const timers = new ManualTimers();
    const log: string[] = [];
    const agones = await lifecycleOn(timers, log);
    let shutDown = 0;
    agones.onShutdown(() => shutDown++);
    agones.ticked(); // before Ready: nothing to report yet
    await agones.lobbyUp('http://game.example/#join=abcdefghijklmnop');
    expect(sidecar.calls).toEqual(['SetAnnotation rewind-link=http://game.example/#join=abcdefghijklmnop', 'Ready']);
    agones.ticked();
    agones.ticked();
    await until(() => sidecar.healthPings() === 2);
    agones.players(1);
    agones.players(2);
    await until(() => sidecar.calls.length === 3);
    expect(sidecar.calls.slice(1)).toEqual(['Ready', 'Allocate']);
    agones.matchEnded(); // players still in: no Shutdown yet
    agones.players(1);
    expect(agones.state).toBe('allocated');
    agones.players(0);
    await until(() => shutDown === 1);
    expect(sidecar.calls.slice(1)).toEqual(['Ready', 'Allocate', 'Shutdown']);
    agones.players(0);
    agones.matchEnded();
    expect(sidecar.calls.filter((c) => c === 'Shutdown')).toHaveLength(1);
    expect(log).toContain('agones: Shutdown (the match is over and the lobby is empty)');
  });

  it('shuts down a lobby that stayed empty after players had come, unless someone comes back in time', async () => {
    const timers = new ManualTimers();
    const agones = await lifecycleOn(timers, []);
    await agones.lobbyUp('l');
    agones.players(0); // never had players: a Ready server waits for its allocation
    expect(timers.pending).toHaveLength(0);
    agones.players(1);
    agones.players(0);
    agones.players(1); // came back: the empty timer is cancelled
    expect(timers.pending).toHaveLength(0);
    agones.players(0);
    expect(timers.pending.map((t) => t.ms)).toEqual([30_000]);
    timers.fireAll();
    await until(() => sidecar.calls.includes('Shutdown'));
    expect(agones.state).toBe('shutdown');
  });

  it('logs a refused call and keeps the lobby going', async () => {
    const log: string[] = [];
    const agones = await lifecycleOn(new ManualTimers(), log);
    sidecar.failNext('Ready');
    await expect(agones.lobbyUp('l')).resolves.toBeUndefined();
    expect(agones.state).toBe('starting');
    expect(agones.counters.errors).toBe(1);
    expect(log.some((l) => /agones: Ready failed: .*refused by the fake sidecar/.test(l))).toBe(true);
  });
});
