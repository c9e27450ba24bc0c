/**
 * The listen server's host migration (issue 13) with in-memory links and a fake worker: the
 * hello's migration flag decides who hears about successors; only players the host chose ("can
 * host if I leave") are named successors and get checkpoints; the checkpoint carries the host
 * secrets and the seats; a handover sends the final checkpoint with the rewind window to the first
 * successor and stops the worker's ticks; a dedicated host (migration off) sends nothing.
 * The successor's side is listen-server-successor.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { importLobbyKey } from '../../../src/lobby/host-key';
import { decodeHostSecrets } from '../../../src/lobby/host-secrets';
import { banKeyOf } from '../../../src/lobby/ban-key';
import { passwordDigest } from '../../../src/lobby/password-verifier';
import { useCleanups, HOST_SEAT, PASSWORD, seatOf, lobby, seatJoiner, got, types } from './listen-server-migration-kit';

useCleanups();

describe('ListenServer host migration', () => {
  it('names capable joiners successors, tells only them, and streams checkpoints only to them', async () => {
    const { server, worker, key } = await lobby();
    await server.addLocal('Host');
    const a = seatJoiner(server, 'Ann', true);
    const b = seatJoiner(server, 'Bo', true);
    const c = seatJoiner(server, 'Cy', false);
    expect(server.successors()).toEqual([]);
    for (const j of [a, b, c]) server.chooseSuccessor(j.member.id, true);
    expect(server.successors()).toEqual([a.member.id, b.member.id]);
    await vi.waitFor(() => expect(types(b)).toContain('checkpoint'));
    // Welcome first, then the list (and it grows when Bo joins).
    expect(types(a).slice(0, 2)).toEqual(['welcome', 'lobby']);
    const lists = got(a).flatMap((m) => (m.type === 'successors' ? [m.ids] : []));
    expect(lists[0]).toEqual([]);
    expect(lists[lists.length - 1]).toEqual([a.member.id, b.member.id]);
    expect(types(c)).not.toContain('successors');
    expect(types(c)).not.toContain('checkpoint');
    const cp = got(b).find((m) => m.type === 'checkpoint');
    expect(cp).toMatchObject({ final: false });
    expect(cp?.type === 'checkpoint' && cp.bytes.length).toBe(300);

    // What the worker was given: everyone's seat keys (the host's own, hostSeatKey; the joiners' as
    // admission filed them) and the secrets.
    const last = worker.calls.checkpoint[worker.calls.checkpoint.length - 1]!;
    expect(last.rewind).toBe(0);
    const hostKey = HOST_SEAT;
    expect(last.lobby.people).toEqual([
      { id: 1, name: 'Host', token: hostKey },
      { id: a.member.id, name: 'Ann', token: seatOf(2) },
      { id: b.member.id, name: 'Bo', token: seatOf(3) },
      { id: c.member.id, name: 'Cy', token: seatOf(4) },
    ]);
    expect(last.lobby.cvars).toEqual([{ name: 'sv_tickrate', value: 60 }]);
    const secrets = decodeHostSecrets(last.lobby.lobbyKey);
    if (!secrets.ok) throw new Error(secrets.error);
    expect(secrets.value).toMatchObject({
      peerToken: 'x1y2z3',
      maxPlayers: 8,
      joinRunningMatch: true,
      mapName: 'arena',
      hostSeatToken: hostKey,
      chosen: [a.member.id, b.member.id, c.member.id],
    });
    // The password travels as its verifier only: the successor can check it, not read it.
    const v = secrets.value.passwordVerifier;
    expect(await passwordDigest(PASSWORD, v, crypto)).toEqual(v.hash);
    expect(Buffer.from(last.lobby.lobbyKey).includes(Buffer.from(PASSWORD))).toBe(false);
    expect((await importLobbyKey(secrets.value.key, crypto)).fingerprint).toBe(key.fingerprint);
    expect(server.counters).toMatchObject({ checkpointBytes: 300, checkpointFailures: 0 });
    expect(server.counters.checkpointsSent).toBeGreaterThan(0);
  });

  it('a joiner that offers to take over but was not chosen gets no checkpoint and no secret, however low its ping; un-chosen, a successor gets no more', async () => {
    const { server, worker } = await lobby();
    await server.addLocal('Host');
    // A modified joiner: its hello offers migration, and it answers pings fastest of all.
    const mallory = seatJoiner(server, 'Mallory', true);
    const friend = seatJoiner(server, 'Friend', true);
    server.roster.setPing(mallory.member.id, 1);
    server.roster.setPing(friend.member.id, 200);
    server.chooseSuccessor(friend.member.id, true);
    expect(server.migration.chosenIds()).toEqual([friend.member.id]);
    expect(server.successors()).toEqual([friend.member.id]);
    await vi.waitFor(() => expect(types(friend)).toContain('checkpoint'));
    // Several periodic rounds pass: still nothing for the one not chosen.
    const rounds = worker.calls.checkpoint.length;
    await vi.waitFor(() => expect(worker.calls.checkpoint.length).toBeGreaterThan(rounds + 1), { timeout: 4000 });
    expect(types(mallory)).not.toContain('checkpoint');
    // It hears who the successors are (ids only), never itself among them.
    for (const m of got(mallory)) if (m.type === 'successors') expect(m.ids).not.toContain(mallory.member.id);
    // Un-chosen: the friend leaves the list at once and receives no checkpoint from then on.
    server.chooseSuccessor(friend.member.id, false);
    expect(server.successors()).toEqual([]);
    const had = types(friend).filter((t) => t === 'checkpoint').length;
    const before = worker.calls.checkpoint.length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(worker.calls.checkpoint.length).toBe(before);
    expect(types(friend).filter((t) => t === 'checkpoint').length).toBe(had);
    expect(await server.migration.handOver()).toBeNull();
  }, 10_000);

  it("a successor's checkpoint holds no browser token and no password: a kicked browser travels as its ban key", async () => {
    const { server, worker } = await lobby();
    await server.addLocal('Host');
    const a = seatJoiner(server, 'Ann', true);
    const cy = seatJoiner(server, 'Cy', false);
    server.chooseSuccessor(a.member.id, true);
    server.kick(cy.member.id, 'host', '');
    const banKey = await banKeyOf('a'.repeat(32), crypto);
    await vi.waitFor(() => expect(worker.calls.checkpoint.some((c) => c.lobby.bans.includes(banKey))).toBe(true));
    for (const { lobby: l } of worker.calls.checkpoint) {
      const text = JSON.stringify({ ...l, lobbyKey: Buffer.from(l.lobbyKey).toString('latin1') });
      expect(text).not.toContain('a'.repeat(32));
      expect(text).not.toContain(PASSWORD);
    }
  });

  it('when a successor leaves: a new list, its seat among the absent, and a checkpoint at once', async () => {
    const { server, worker } = await lobby();
    await server.addLocal('Host');
    const a = seatJoiner(server, 'Ann', true);
    const b = seatJoiner(server, 'Bo', true);
    for (const j of [a, b]) server.chooseSuccessor(j.member.id, true);
    await vi.waitFor(() => expect(types(b)).toContain('checkpoint'));
    const before = worker.calls.checkpoint.length;
    a.joiner.close();
    await vi.waitFor(() => expect(server.successors()).toEqual([b.member.id]));
    await vi.waitFor(() => expect(worker.calls.checkpoint.length).toBeGreaterThan(before));
    const lobbyNow = worker.calls.checkpoint[worker.calls.checkpoint.length - 1]!.lobby;
    expect(lobbyNow.absent).toEqual([{ token: seatOf(2), id: a.member.id, name: 'Ann' }]);
    const lists = got(b).flatMap((m) => (m.type === 'successors' ? [m.ids] : []));
    expect(lists[lists.length - 1]).toEqual([b.member.id]);
  });

  it('hands over: the final checkpoint with the rewind window to the first successor, then the worker stops ticking', async () => {
    const { server, worker } = await lobby();
    await server.addLocal('Host');
    expect(await server.migration.handOver()).toBeNull();
    const a = seatJoiner(server, 'Ann', true);
    const b = seatJoiner(server, 'Bo', true);
    // Nobody chosen: nobody to hand the match to.
    expect(await server.migration.handOver()).toBeNull();
    for (const j of [a, b]) server.chooseSuccessor(j.member.id, true);
    expect(await server.migration.handOver()).toBe(a.member.id);
    expect(worker.calls.stopTicking).toBe(1);
    // sv_maxunlag 1 s at 60 ticks/s.
    expect(worker.calls.checkpoint.some((c) => c.rewind === 60)).toBe(true);
    await vi.waitFor(() => expect(got(a).some((m) => m.type === 'checkpoint' && m.final)).toBe(true));
    expect(got(b).some((m) => m.type === 'checkpoint' && m.final)).toBe(false);
    const final = got(a).find((m) => m.type === 'checkpoint' && m.final);
    expect(final?.type === 'checkpoint' && final.bytes.length).toBe(360);
  });

  it('with migration off (a dedicated host) names no successor and sends nothing about it', async () => {
    const { server, worker } = await lobby({ migration: false });
    const a = seatJoiner(server, 'Ann', true);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.successors()).toEqual([]);
    expect(types(a)).not.toContain('successors');
    expect(worker.calls.checkpoint).toEqual([]);
    expect(await server.migration.handOver()).toBeNull();
  });
});
