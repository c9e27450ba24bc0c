/**
 * MigratingSession with fake inner sessions and a virtual clock: who it becomes after its host is
 * lost (claim first as successor 0, join otherwise), the notice, give-up, refusals and leaving mid-way.
 * A host replaced while away, and silences (reconnect or migrate): migrating-session-recovery.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { MigratingSession } from '../../../src/app/migrating-session';
import type { JoinFailure } from '../../../src/lobby/failures';
import { MIGRATION_GIVE_UP_MS } from '../../../src/lobby/migration-steps';
import { SYSTEM_CHAT_ID } from '../../../src/protocol/control-messages';
import { PLAYERS, fakeClient, fake, context, lost, settle } from './migrating-session-fakes';

describe('MigratingSession', () => {
  it('the first successor claims at once and hosts; the notice says so in the chat', async () => {
    const client = fakeClient(2);
    const log: string[] = [];
    const { ctx } = context({
      join: async () => (log.push('join'), null),
      claim: async (c) => (
        log.push('claim'),
        fake(
          true,
          c,
          PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })),
        )
      ),
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
    expect(s.migrationReport()).toMatchObject({
      migrations: 1,
      hosting: true,
      migrating: false,
      notice: "Alice's connection was lost — you are now hosting",
    });
    expect(s.chat.lines().at(-1)).toMatchObject({
      system: true,
      text: "Alice's connection was lost — you are now hosting",
    });
    expect(ends).toEqual([]);
  });

  it('a joiner that is no successor retries joining until the new host answers, then names it', async () => {
    const client = fakeClient(3);
    let tries = 0;
    const { ctx, clock } = context({
      join: async (c) => {
        tries += 1;
        clock.t += 100;
        return tries < 4
          ? null
          : fake(
              false,
              c,
              PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })),
            );
      },
      claim: async () => {
        throw new Error('a non-successor never claims');
      },
    });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ successors: [2] }));
    await settle();
    expect(tries).toBe(4);
    expect(s.migrationReport()).toMatchObject({
      migrations: 1,
      hosting: false,
      notice: "Alice's connection was lost — Bob is now hosting",
    });
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
        return fake(
          true,
          c,
          PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })),
        );
      },
    });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost());
    await settle();
    expect(claims).toBe(2);
    expect(s.migrationReport()).toMatchObject({ migrations: 1, hosting: true, migrating: false });
    expect(s.migrationReport().attempts[0]).toMatchObject({
      kind: 'claim',
      outcome: 'retry',
      note: 'the worker refused the local player',
    });
  });

  it("says 'left' after a handover the old host announced", async () => {
    const client = fakeClient(3);
    const { ctx } = context({
      join: async (c) =>
        fake(
          false,
          c,
          PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })),
        ),
      claim: async () => null,
    });
    const s = new MigratingSession(() => fake(false, client, PLAYERS), ctx);
    s.hostLost(lost({ successors: [2], systemLines: ['Alice left — Bob is now hosting'] }));
    await settle();
    expect(s.migrationReport().notice).toBe('Alice left — Bob is now hosting');
  });

  it("says 'left' after a handover whose announcement the old host's closing link dropped: the new host said so before its lobby list", async () => {
    const client = fakeClient(3);
    const { ctx } = context({
      join: async (c) => {
        const next = fake(
          false,
          c,
          PLAYERS.map((p) => ({ ...p, isHost: p.id === 2 })),
        );
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
    expect(s.migrationReport()).toMatchObject({
      migrations: 1,
      lastCause: 'lost',
      notice: 'Alice left — Bob is now hosting',
    });
    // The new host's line is the notice: shown once, not twice.
    expect(s.chat.lines().filter((l) => l.text === 'Alice left — Bob is now hosting')).toHaveLength(1);
  });

  it('gives up with "The host left." after MIGRATION_GIVE_UP_MS, closing the client', async () => {
    const client = fakeClient(2);
    const { ctx, clock } = context({
      join: async () => ((clock.t += 50), null),
      claim: async () => ((clock.t += 50), null),
    });
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
});
