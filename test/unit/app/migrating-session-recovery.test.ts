/**
 * MigratingSession after silences and takeovers: an old host whose id was taken over joins as a
 * player; a silence that was this page's own network, one the old link rode out, and a host that is
 * gone for good (taken over only after HOST_GONE_WAIT_MS). Fakes: migrating-session-fakes.ts.
 */
import { describe, expect, it } from 'vitest';
import { HOST_GONE_WAIT_MS, OWN_NETWORK_TEXT } from '../../../src/app/link-recovery';
import { MigratingSession } from '../../../src/app/migrating-session';
import { PLAYERS, fakeClient, fake, context, lost, settle } from './migrating-session-fakes';

describe('MigratingSession', () => {
  it('an old host whose id was taken over stops hosting and joins as a player, without a notice', async () => {
    const client = fakeClient(1);
    const first = fake(true, client, PLAYERS);
    const { ctx } = context({
      join: async (c) =>
        fake(
          false,
          c,
          PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })),
        ),
      claim: async () => null,
    });
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
    expect(s.migrationReport()).toMatchObject({
      migrations: 0,
      reconnects: 1,
      reconnecting: false,
      migrating: false,
      notice: null,
    });
    expect(s.chat.lines().some((l) => l.system)).toBe(false);
  });

  it('a silence after which the rejoin finds another host is a migration, even when the lobby list comes after the welcome', async () => {
    const client = fakeClient(3);
    // The rejoin lands on Bob, who took the lobby over meanwhile; its lobby list arrives a moment later.
    let players: typeof PLAYERS = [];
    const listeners: Array<() => void> = [];
    const { ctx } = context({
      join: async (c) => {
        const next = fake(false, c, PLAYERS);
        return Object.assign(next, {
          players: () => players,
          onChange: (cb: () => void) => (listeners.push(cb), () => undefined),
        });
      },
      claim: async () => null,
    });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ why: 'silent', resumed: () => false, release: () => undefined }));
    await settle();
    expect(s.migrationReport()).toMatchObject({ migrations: 0, reconnects: 0 });
    players = PLAYERS.filter((p) => p.id !== 1).map((p) => ({ ...p, isHost: p.id === 2 }));
    for (const cb of listeners) cb();
    expect(s.migrationReport()).toMatchObject({ migrations: 1, reconnects: 0 });
    expect(s.migrationReport().notice).toMatch(/Bob is now hosting/);
  });

  it('a silence the old link rode out ends without a join', async () => {
    const client = fakeClient(3);
    const { ctx } = context({
      join: async () => {
        throw new Error('no join needed');
      },
      claim: async () => null,
    });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ why: 'silent', resumed: () => true }));
    await settle();
    expect(s.migrationReport()).toMatchObject({ migrations: 0, reconnects: 1, attempts: [] });
  });

  it('a host whose id nobody holds any more (it closed or crashed) is taken over only after HOST_GONE_WAIT_MS', async () => {
    const client = fakeClient(2);
    const { ctx, clock } = context({
      join: async () => {
        clock.t += 300;
        throw new Error('room-not-found');
      },
      claim: async (c) =>
        fake(
          true,
          c,
          PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })),
        ),
    });
    let claimedAt = -1;
    const inner = ctx.attempts!;
    ctx.attempts = { join: inner.join, claim: (c, l) => ((claimedAt = clock.t), inner.claim(c, l)) };
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ why: 'silent', resumed: () => false }));
    await settle();
    expect(claimedAt).toBeGreaterThan(HOST_GONE_WAIT_MS);
    expect(s.migrationReport()).toMatchObject({
      migrations: 1,
      hosting: true,
      notice: "Alice's connection was lost — you are now hosting",
    });
  });
});
