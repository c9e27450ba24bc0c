/**
 * A successor's listen server (issue 13) with in-memory links and a fake worker: it starts from the
 * old host's seats (all waiting) and bans and seats itself on its own id; after a handover it tells
 * each returning player once how the host changed, after a takeover for a lost host it says nothing;
 * a restored player who never came back is removed when the worker reports its silence.
 */
import { describe, expect, it, vi } from 'vitest';
import type { RestoredLobby } from '../../../src/host/listen-server';
import { banKeyOf } from '../../../src/lobby/ban-key';
import { SYSTEM_CHAT_ID } from '../../../src/protocol/control-messages';
import { noticeAfterMigration } from '../../../src/lobby/migration-notice';
import { useCleanups, HOST_SEAT, seatOf, lobby, seatJoiner, got, types } from './listen-server-migration-kit';

useCleanups();

describe('ListenServer host migration', () => {
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
    const { server } = await lobby({
      restored: { seats, bans: [], started: true, handedOverBy: { oldHost: 'Alice', newHost: 'Bo' } },
      hostSeatKey: seatOf(3),
    });
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
    const newHostLines = messages
      .slice(0, 2)
      .flatMap((m) => (m.type === 'chat' && m.from === SYSTEM_CHAT_ID ? [m.text] : []));
    const oldList = [
      { id: 1, name: 'Alice', pingMs: 0, isHost: true },
      { id: 2, name: 'Ann', pingMs: 20, isHost: false },
      { id: 3, name: 'Bo', pingMs: 20, isHost: false },
    ];
    const players = firstList.type === 'lobby' ? firstList.players : [];
    expect(
      noticeAfterMigration(
        { why: 'lost', successors: [3, 2], players: oldList, systemLines: [] },
        players,
        false,
        newHostLines,
      ),
    ).toBe('Alice left — Bo is now hosting');
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
    const { server } = await lobby({
      restored: { seats, bans: [], started: true },
      hostSeatKey: seatOf(3),
      chosen: [2, 3],
    });
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
});
