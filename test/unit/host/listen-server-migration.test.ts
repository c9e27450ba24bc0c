/**
 * The listen server's host migration (issue 13) with in-memory links and a fake worker: the
 * hello's migration flag decides who hears about successors; only players the host chose ("can
 * host if I leave") are named successors and get checkpoints; the checkpoint
 * carries the host secrets and the seats; a handover sends the final checkpoint with the rewind
 * window to the first successor and stops the worker's ticks; a successor's listen server starts
 * from the old host's seats (all waiting) and bans; a dedicated host (migration off) sends nothing.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListenServer, type LobbySettings, type RestoredLobby } from '../../../src/host/listen-server';
import type { Member } from '../../../src/host/roster';
import type { ServerWorkerHandle, WorkerCheckpointLobby } from '../../../src/host/worker-api';
import { createLobbyKey, importLobbyKey } from '../../../src/lobby/host-key';
import { decodeHostSecrets } from '../../../src/lobby/host-secrets';
import { banKeyOf } from '../../../src/lobby/ban-key';
import { passwordDigest } from '../../../src/lobby/password-verifier';
import { decodeControl } from '../../../src/protocol/control';
import { SYSTEM_CHAT_ID, type ControlMessage } from '../../../src/protocol/control-messages';
import { noticeAfterMigration } from '../../../src/lobby/migration-notice';
import type { Peer } from '../../../src/transport/peer-link';
import { linkPair, type FakeEnd } from '../../helpers/fake-link';

const HOST_SEAT = 'f'.repeat(32);
/** Long enough that its bytes cannot turn up in key material by chance. */
const PASSWORD = 'correct horse battery staple';
const seatOf = (n: number): string => n.toString(16).padStart(2, '0').repeat(16);

function fakeWorker() {
  const calls = { checkpoint: [] as Array<{ lobby: WorkerCheckpointLobby; rewind: number }>, stopTicking: 0, removed: [] as number[], connected: [] as Array<[number, boolean]> };
  const ports: MessagePort[] = [];
  let notify: (n: unknown) => void = () => undefined;
  const api = {
    checkpoint: (lobby: WorkerCheckpointLobby, rewind: number) => (calls.checkpoint.push({ lobby, rewind }), Promise.resolve(new Uint8Array(300 + rewind).fill(7))),
    stopTicking: () => (calls.stopTicking++, Promise.resolve()),
    removeClient: (id: number) => void calls.removed.push(id),
    stats: () => Promise.resolve(null),
    channelStats: () => Promise.resolve([]),
    setClientSettings: () => undefined,
    setDebug: () => undefined,
  };
  const handle = {
    api,
    connectClient: (id: number, rejoin = false) => {
      calls.connected.push([id, rejoin]);
      const { port1, port2 } = new MessageChannel();
      ports.push(port1, port2);
      return Promise.resolve(port1);
    },
    onNotice: (cb: (n: unknown) => void) => ((notify = cb), Promise.resolve()),
  } as unknown as ServerWorkerHandle;
  return { handle, calls, notice: (n: unknown) => notify(n), closePorts: () => ports.forEach((p) => p.close()) };
}

async function lobby(opts: { migration?: boolean; restored?: RestoredLobby; hostSeatKey?: string; chosen?: number[] } = {}) {
  const key = await createLobbyKey(crypto);
  const worker = fakeWorker();
  const settings: LobbySettings = {
    maxPlayers: 8,
    password: PASSWORD,
    joinRunningMatch: true,
    match: { tickrate: 60, maxPlayers: 8, mapName: 'arena', maxUnlagMs: 1000 },
    key,
    roomId: 'abcdefghijk23456',
    crypto,
    migration: opts.migration ?? true,
    peerToken: 'x1y2z3',
    hostSeatKey: opts.hostSeatKey ?? HOST_SEAT,
    cvars: () => [{ name: 'sv_tickrate', value: 60 }],
    ...(opts.chosen ? { chosen: opts.chosen } : {}),
  };
  const peer = { onSignal: () => () => undefined } as unknown as Peer;
  const server = new ListenServer(peer, worker.handle, settings, () => Date.now(), opts.restored);
  cleanups.push(() => (server.close(), worker.closePorts()));
  return { server, worker, key };
}

/** Seats a joiner as admission would; its end of the link records what the host sent it. */
function seatJoiner(server: ListenServer, name: string, migration: boolean, seatToken = seatOf(server.roster.size + 1), at: Parameters<ListenServer['roster']['add']>[3] = {}): { member: Member; joiner: FakeEnd; inbox: Uint8Array[] } {
  const { joiner, host } = linkPair({ joinerId: `peer-${name}` });
  const inbox: Uint8Array[] = [];
  joiner.reliable.onMessage((b) => void inbox.push(b.slice()));
  const member = server.roster.add(name, host.remoteId, false, at)!;
  server.seat(member, host, null, { browserToken: 'a'.repeat(32), seatToken, migration });
  return { member, joiner, inbox };
}

const got = (j: { inbox: Uint8Array[] }): ControlMessage[] => j.inbox.flatMap((b) => {
  const m = decodeControl(b);
  return m.ok ? [m.value] : [];
});
const types = (j: { inbox: Uint8Array[] }) => got(j).map((m) => m.type);

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

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
    expect(secrets.value).toMatchObject({ peerToken: 'x1y2z3', maxPlayers: 8, joinRunningMatch: true, mapName: 'arena', hostSeatToken: hostKey, chosen: [a.member.id, b.member.id, c.member.id] });
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

  it("a successor's listen server starts from the old host's seats (all waiting) and bans, and seats itself on its own id", async () => {
    const restored: RestoredLobby = {
      seats: [
        { token: seatOf(2), id: 2, name: 'Ann', present: true },
        { token: seatOf(3), id: 3, name: 'Bo', present: true },
        { token: HOST_SEAT, id: 1, name: 'Host', present: true },
      ],
      bans: [await banKeyOf('b'.repeat(32), crypto)],
      started: true,
    };
    // The successor (Bo) hosts under its own seat key (as on the old host).
    const { server, worker } = await lobby({ restored, hostSeatKey: seatOf(3) });
    expect(server.started).toBe(true);
    expect(await server.door.isBanned('b'.repeat(32))).toBe(true);
    expect(server.door.seats.seatOf(seatOf(2))).toEqual({ id: 2, name: 'Ann', present: false });
    // The old host's seat waits for it too: it comes back as a player.
    expect(server.door.seats.seatOf(HOST_SEAT)).toEqual({ id: 1, name: 'Host', present: false });
    const { member } = await server.addLocal('Bo', true, 3);
    expect(member.id).toBe(3);
    expect(worker.calls.connected).toEqual([[3, true]]);
    expect(server.door.seats.seatOf(seatOf(3))).toEqual({ id: 3, name: 'Bo', present: true });
    // Nobody new is given a seat the old players hold.
    const newcomer = server.roster.add('Dee', 'peer-dee', false, { held: (id) => server.door.seats.isHeld(id) });
    expect(newcomer?.id).toBe(4);
  });

  it("after a handover, tells each returning player once, between its welcome and its lobby list, so its notice says 'left' even when the old host's line was lost", async () => {
    const seats = [
      { token: seatOf(2), id: 2, name: 'Ann', present: true },
      { token: seatOf(3), id: 3, name: 'Bo', present: true },
      { token: HOST_SEAT, id: 1, name: 'Alice', present: true },
      { token: seatOf(4), id: 4, name: 'Cleo', present: true },
    ];
    const { server } = await lobby({ restored: { seats, bans: [], started: true, handedOverBy: { oldHost: 'Alice', newHost: 'Bo' } }, hostSeatKey: seatOf(3) });
    // A returning player seated before the new host's own player is back still reads its name.
    const early = seatJoiner(server, 'Cleo', true, seatOf(4), { seat: 4 });
    await vi.waitFor(() => expect(types(early)).toContain('lobby'));
    expect(got(early)[1]).toEqual({ type: 'chat', from: SYSTEM_CHAT_ID, text: 'Alice left — Bo is now hosting' });
    await server.addLocal('Bo', true, 3);
    const ann = seatJoiner(server, 'Ann', true, seatOf(2), { seat: 2 });
    await vi.waitFor(() => expect(types(ann)).toContain('lobby'));
    const messages = got(ann);
    expect(messages.slice(0, 3).map((m) => m.type)).toEqual(['welcome', 'chat', 'lobby']);
    // What the rejoining page knows when the lobby list comes: the old host's line never came, this one did.
    const firstList = messages[2]!;
    const newHostLines = messages.slice(0, 2).flatMap((m) => (m.type === 'chat' && m.from === SYSTEM_CHAT_ID ? [m.text] : []));
    const oldList = [
      { id: 1, name: 'Alice', pingMs: 0, isHost: true },
      { id: 2, name: 'Ann', pingMs: 20, isHost: false },
      { id: 3, name: 'Bo', pingMs: 20, isHost: false },
    ];
    const players = firstList.type === 'lobby' ? firstList.players : [];
    expect(noticeAfterMigration({ why: 'lost', successors: [3, 2], players: oldList, systemLines: [] }, players, false, newHostLines)).toBe('Alice left — Bo is now hosting');
    // Once per seat; a newcomer (no seat in the old match) hears nothing of it.
    server.unseatStale(ann.member.id);
    const again = seatJoiner(server, 'Ann', true, seatOf(2), { seat: 2 });
    const dee = seatJoiner(server, 'Dee', true, seatOf(9), { held: (id) => server.door.seats.isHeld(id) });
    await vi.waitFor(() => expect(types(dee)).toContain('lobby'));
    await vi.waitFor(() => expect(types(again)).toContain('lobby'));
    expect(types(again)).not.toContain('chat');
    expect(types(dee)).not.toContain('chat');
  });

  it("after a takeover for a lost host (no handover), says nothing in the chat: the pages' own notice stands; the old host's choice of successors carries on", async () => {
    const seats = [{ token: seatOf(2), id: 2, name: 'Ann', present: true }];
    const { server } = await lobby({ restored: { seats, bans: [], started: true }, hostSeatKey: seatOf(3), chosen: [2, 3] });
    await server.addLocal('Bo', true, 3);
    const ann = seatJoiner(server, 'Ann', true, seatOf(2), { seat: 2 });
    await vi.waitFor(() => expect(types(ann)).toContain('lobby'));
    expect(types(ann).slice(0, 2)).toEqual(['welcome', 'lobby']);
    expect(types(ann)).not.toContain('chat');
    expect(server.migration.chosenIds()).toEqual([2, 3]);
    expect(server.successors()).toEqual([2]);
  });

  it('removes from the worker a restored player who never came back when the worker reports its silence', async () => {
    const { server, worker } = await lobby();
    worker.notice({ type: 'kick', clientId: 7, reason: 'timeout', text: 'No packets for 5 seconds.' });
    expect(worker.calls.removed).toEqual([7]);
    expect(server.counters.kicks).toBe(0);
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
