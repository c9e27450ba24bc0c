/**
 * MigratingSession with fake inner sessions and a virtual clock: who it becomes after its host is
 * lost (claim first as successor 0, join otherwise), the notice, give-up, refusals and leaving mid-way.
 */
import { describe, expect, it } from 'vitest';
import { ChatLog } from '../../../src/app/chat-log';
import type { ClientSession } from '../../../src/app/client-session';
import type { HostSession } from '../../../src/app/host-session';
import type { HostLost, JoinSession } from '../../../src/app/join-session';
import { EndSignal } from '../../../src/app/lobby-session';
import { HOST_GONE_WAIT_MS, OWN_NETWORK_TEXT } from '../../../src/app/link-recovery';
import { MigratingSession, type MigrationAttempts, type MigrationContext, type MigrationInner } from '../../../src/app/migrating-session';
import type { JoinFailure } from '../../../src/lobby/failures';
import { MIGRATION_GIVE_UP_MS } from '../../../src/lobby/migration-steps';
import { SYSTEM_CHAT_ID, type LobbyPlayer } from '../../../src/protocol/control-messages';

const PLAYERS: LobbyPlayer[] = [
  { id: 1, name: 'Alice', pingMs: 0, isHost: true },
  { id: 2, name: 'Bob', pingMs: 20, isHost: false },
  { id: 3, name: 'Cleo', pingMs: 30, isHost: false },
];

function fakeClient(localId: number): ClientSession & { closed: boolean } {
  const c = { localId, closed: false, close: () => void (c.closed = true) };
  return c as unknown as ClientSession & { closed: boolean };
}

function fake(isHost: boolean, client: ClientSession, players: LobbyPlayer[]): MigrationInner & { left: boolean; released: boolean } {
  const end = new EndSignal();
  const s = {
    isHost,
    roomId: 'room',
    client,
    chat: new ChatLog(() => undefined, () => undefined),
    players: () => players,
    started: () => true,
    channels: () => [],
    serverTick: () => null,
    serverStats: () => null,
    hostCounters: () => null,
    startMatch: () => undefined,
    matchControls: null,
    kick: () => undefined,
    left: false,
    released: false,
    leave: () => ((s.left = true), end.fire(null)),
    onChange: () => () => undefined,
    onEnd: (cb: (f: JoinFailure | null) => void) => end.on(cb),
    held: () => ({ successors: [2, 3], checkpoint: null, checkpointIntervalMs: null }),
    successors: () => [3],
    checkpointIntervalMs: () => 1000,
    handOver: async () => null,
    endForEveryone: () => s.leave(),
    release: () => void (s.released = true),
  };
  return s as unknown as MigrationInner & { left: boolean; released: boolean };
}

/** The page's context on a virtual clock: sleeping and each attempt advance it. */
function context(attempts: MigrationAttempts): { ctx: MigrationContext; clock: { t: number } } {
  const clock = { t: 0 };
  const ctx: MigrationContext = {
    signaling: { host: 'x', port: 1, path: '/', key: 'k', secure: false, iceServers: [] },
    target: { roomId: 'room', hostKey: null },
    name: 'Bob',
    browserToken: 'b'.repeat(32),
    seat: { privateKey: {} as CryptoKey, publicRaw: new Uint8Array(65) },
    crypto: globalThis.crypto,
    cvars: {} as MigrationContext['cvars'],
    now: () => clock.t,
    sleep: async (ms) => void (clock.t += ms),
    attempts,
  };
  return { ctx, clock };
}

const lost = (over: Partial<HostLost> = {}): HostLost => ({ why: 'lost', successors: [2, 3], checkpoint: { bytes: new Uint8Array([1]), final: false, atMs: 0 }, players: PLAYERS, systemLines: [], ...over });

/** Lets the migration's promise chain run to its end. */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 200; i++) await Promise.resolve();
};

describe('MigratingSession', () => {
  it('the first successor claims at once and hosts; the notice says so in the chat', async () => {
    const client = fakeClient(2);
    const log: string[] = [];
    const { ctx } = context({
      join: async () => (log.push('join'), null),
      claim: async (c) => (log.push('claim'), fake(true, c, PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })))),
    });
    const banner: Array<string | null> = [];
    ctx.onMigrating = (text) => banner.push(text);
    const ends: Array<JoinFailure | null> = [];
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.onEnd((f) => ends.push(f));
    s.hostLost(lost());
    await settle();
    expect(log).toEqual(['claim']);
    expect(banner).toEqual(["Alice's connection was lost — finding the new host…", null]);
    expect(s.isHost).toBe(true);
    expect(s.client).toBe(client);
    expect(s.migrationReport()).toMatchObject({ migrations: 1, hosting: true, migrating: false, notice: "Alice's connection was lost — you are now hosting" });
    expect(s.chat.lines().at(-1)).toMatchObject({ system: true, text: "Alice's connection was lost — you are now hosting" });
    expect(ends).toEqual([]);
  });

  it('a joiner that is no successor retries joining until the new host answers, then names it', async () => {
    const client = fakeClient(3);
    let tries = 0;
    const { ctx, clock } = context({
      join: async (c) => {
        tries += 1;
        clock.t += 100;
        return tries < 4 ? null : fake(false, c, PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })));
      },
      claim: async () => {
        throw new Error('a non-successor never claims');
      },
    });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ successors: [2] }));
    await settle();
    expect(tries).toBe(4);
    expect(s.migrationReport()).toMatchObject({ migrations: 1, hosting: false, notice: "Alice's connection was lost — Bob is now hosting" });
  });

  it('an attempt that throws counts as a failed one: it retries, then hosts, never stuck migrating', async () => {
    const client = fakeClient(2);
    let claims = 0;
    const { ctx, clock } = context({
      join: async () => ((clock.t += 100), null),
      claim: async (c) => {
        claims += 1;
        clock.t += 100;
        if (claims === 1) throw new Error('the worker refused the local player');
        return fake(true, c, PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })));
      },
    });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost());
    await settle();
    expect(claims).toBe(2);
    expect(s.migrationReport()).toMatchObject({ migrations: 1, hosting: true, migrating: false });
    expect(s.migrationReport().attempts[0]).toMatchObject({ kind: 'claim', outcome: 'retry', note: 'the worker refused the local player' });
  });

  it("says 'left' after a handover the old host announced", async () => {
    const client = fakeClient(3);
    const { ctx } = context({ join: async (c) => fake(false, c, PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 }))), claim: async () => null });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ successors: [2], systemLines: ['Alice left — Bob is now hosting'] }));
    await settle();
    expect(s.migrationReport().notice).toBe('Alice left — Bob is now hosting');
  });

  it("says 'left' after a handover whose announcement the old host's closing link dropped: the new host said so before its lobby list", async () => {
    const client = fakeClient(3);
    const { ctx } = context({
      join: async (c) => {
        const next = fake(false, c, PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })));
        // What a successor's listen server sends a returning player after its welcome (host/takeover-notice.ts).
        next.chat.receive(SYSTEM_CHAT_ID, 'Alice left — Bob is now hosting');
        return next;
      },
      claim: async () => null,
    });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    // The link closed before the old host's chat line arrived (or the line never left its page).
    s.hostLost(lost({ why: 'lost', successors: [2], systemLines: [] }));
    await settle();
    expect(s.migrationReport()).toMatchObject({ migrations: 1, lastCause: 'lost', notice: 'Alice left — Bob is now hosting' });
    // The new host's line is the notice: shown once, not twice.
    expect(s.chat.lines().filter((l) => l.text === 'Alice left — Bob is now hosting')).toHaveLength(1);
  });

  it('gives up with "The host left." after MIGRATION_GIVE_UP_MS, closing the client', async () => {
    const client = fakeClient(2);
    const { ctx, clock } = context({ join: async () => ((clock.t += 50), null), claim: async () => ((clock.t += 50), null) });
    const ends: Array<JoinFailure | null> = [];
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.onEnd((f) => ends.push(f));
    s.hostLost(lost());
    for (let i = 0; i < 50 && ends.length === 0; i++) await settle();
    expect(ends).toEqual([{ kind: 'host-left' }]);
    expect(clock.t).toBeGreaterThanOrEqual(MIGRATION_GIVE_UP_MS);
    expect(client.closed).toBe(true);
  });

  it('a ban by the new host ends the migration with that refusal', async () => {
    const client = fakeClient(3);
    const banned: JoinFailure = { kind: 'rejected', reason: 'banned', text: '' };
    const { ctx } = context({ join: async () => banned, claim: async () => null });
    const ends: Array<JoinFailure | null> = [];
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.onEnd((f) => ends.push(f));
    s.hostLost(lost({ successors: [2] }));
    await settle();
    expect(ends).toEqual([banned]);
  });

  it('leaving mid-migration ends at once; a session found later is left again', async () => {
    const client = fakeClient(3);
    let release: () => void = () => undefined;
    const late = fake(false, client, PLAYERS);
    const { ctx } = context({ join: () => new Promise((r) => (release = () => r(late))), claim: async () => null });
    const ends: Array<JoinFailure | null> = [];
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.onEnd((f) => ends.push(f));
    s.hostLost(lost({ successors: [2] }));
    await settle();
    expect(s.migrationReport().migrating).toBe(true);
    s.leave();
    expect(ends).toEqual([null]);
    release();
    await settle();
    expect(late.left).toBe(true);
    expect(s.migrationReport().migrations).toBe(0);
  });

  it('an old host whose id was taken over stops hosting and joins as a player, without a notice', async () => {
    const client = fakeClient(1);
    const first = fake(true, client, PLAYERS);
    const { ctx } = context({ join: async (c) => fake(false, c, PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 }))), claim: async () => null });
    const s = new MigratingSession(() => first, ctx);
    s.replaced();
    await settle();
    expect(first.released).toBe(true);
    expect(s.isHost).toBe(false);
    expect(s.migrationReport()).toMatchObject({ migrations: 1, notice: null });
  });

  it("a silence that was this page's own network: it says so, joins the same host again, and blames nobody", async () => {
    const client = fakeClient(3);
    let tries = 0;
    const { ctx, clock } = context({
      join: async (c) => {
        tries += 1;
        clock.t += 1500;
        if (tries < 3) throw new Error('signaling-unreachable');
        return fake(false, c, PLAYERS);
      },
      claim: async () => {
        throw new Error('nobody claims while the host lives');
      },
    });
    const banner: Array<string | null> = [];
    ctx.onMigrating = (text) => banner.push(text);
    let released = 0;
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ why: 'silent', resumed: () => false, release: () => void (released += 1) }));
    await settle();
    expect(tries).toBe(3);
    expect(banner).toEqual([OWN_NETWORK_TEXT, null]);
    expect(released).toBe(1);
    expect(s.migrationReport()).toMatchObject({ migrations: 0, reconnects: 1, reconnecting: false, migrating: false, notice: null });
    expect(s.chat.lines().some((l) => l.system)).toBe(false);
  });

  it('a silence the old link rode out ends without a join', async () => {
    const client = fakeClient(3);
    const { ctx } = context({ join: async () => { throw new Error('no join needed'); }, claim: async () => null });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ why: 'silent', resumed: () => true }));
    await settle();
    expect(s.migrationReport()).toMatchObject({ migrations: 0, reconnects: 1, attempts: [] });
  });

  it("a host whose id nobody holds any more (it closed or crashed) is taken over only after HOST_GONE_WAIT_MS", async () => {
    const client = fakeClient(2);
    const { ctx, clock } = context({
      join: async () => {
        clock.t += 300;
        throw new Error('room-not-found');
      },
      claim: async (c) => fake(true, c, PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 }))),
    });
    let claimedAt = -1;
    const inner = ctx.attempts!;
    ctx.attempts = { join: inner.join, claim: (c, l) => ((claimedAt = clock.t), inner.claim(c, l)) };
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ why: 'silent', resumed: () => false }));
    await settle();
    expect(claimedAt).toBeGreaterThan(HOST_GONE_WAIT_MS);
    expect(s.migrationReport()).toMatchObject({ migrations: 1, hosting: true, notice: "Alice's connection was lost — you are now hosting" });
  });
});
