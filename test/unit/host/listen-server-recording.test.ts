/**
 * The listen server feeds the worker's replay recorder (issue 24): it starts recording under the
 * lobby's map as it opens, records the roster each time someone joins or leaves, and records the
 * chat lines every player received (relayed lines and the lobby's own notices), never a warning
 * only one player saw.
 */
import { describe, expect, it } from 'vitest';
import { SYSTEM_CHAT_ID } from '../../../src/protocol/control-messages';
import { lobby, seatJoiner, useCleanups } from './listen-server-migration-kit';

useCleanups();

describe('ListenServer recording', () => {
  it('records under its map, with every roster and every relayed chat line', async () => {
    const { server, worker } = await lobby();
    expect(worker.calls.recording.map).toBe('arena');
    const host = await server.addLocal('Host');
    const ann = seatJoiner(server, 'Ann', false);
    const rosters = worker.calls.recording.rosters;
    expect(rosters[rosters.length - 1]).toEqual([`${host.member.id}:Host`, `${ann.member.id}:Ann`]);

    server.chat.receive(ann.member.id, 'hello there');
    server.chat.announce('The host is handing over.');
    // A flood: the warning goes to Ann alone and is not in the replay.
    for (let i = 0; i < 30; i++) server.chat.receive(ann.member.id, `spam ${i}`);
    const chats = worker.calls.recording.chats;
    expect(chats[0]).toEqual([ann.member.id, 'hello there']);
    expect(chats).toContainEqual([SYSTEM_CHAT_ID, 'The host is handing over.']);
    expect(chats.filter(([from]) => from === SYSTEM_CHAT_ID)).toHaveLength(1);
    expect(chats.length).toBe(server.chat.counters.relayed + 1);

    ann.joiner.reliable.close();
    server.kick(ann.member.id, 'host', 'bye');
    expect(rosters[rosters.length - 1]).toEqual([`${host.member.id}:Host`]);
  });

  it('records nothing when its settings say not to (a dedicated host without --record)', async () => {
    const { server, worker } = await lobby({ record: false });
    await server.addLocal('Host');
    seatJoiner(server, 'Ann', false);
    server.chat.announce('hello');
    expect(worker.calls.recording).toEqual({ map: null, rosters: [], chats: [] });
  });
});
