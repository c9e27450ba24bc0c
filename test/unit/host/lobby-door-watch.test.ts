// The lobby door for spectators (issue 24): their own places, never "full" or "started" because of
// players; the password and bans as for everyone; no seat; and the roster keeps them off the lobby list.
import { describe, expect, it } from 'vitest';
import { LobbyDoor } from '../../../src/host/lobby-door';
import type { DoorFacts } from '../../../src/host/door-types';
import { Roster } from '../../../src/host/roster';
import { decodeControl, encodeControl } from '../../../src/protocol/control';
import { PROTOCOL_VERSION } from '../../../src/protocol/wire';
import type { ControlMessage } from '../../../src/protocol/control-messages';
import { createLobbyKey, type LobbyKey } from '../../../src/lobby/host-key';
import { authenticateHost } from '../../../src/lobby/join';
import { linkPair } from '../../helpers/fake-link';

const ROOM = 'abcdefghijk23456';
const TOKEN = 'c'.repeat(32);

/** A lobby full of players whose match runs and takes no newcomers: only spectators may come in. */
const FULL_AND_CLOSED: DoorFacts = {
  playerCount: 8,
  maxPlayers: 8,
  spectatorCount: 0,
  maxSpectators: 2,
  started: true,
  joinRunningMatch: false,
  closed: false,
};

function door(key: LobbyKey, facts: Partial<DoorFacts> = {}, password = ''): LobbyDoor {
  return new LobbyDoor({
    key,
    roomId: ROOM,
    password,
    crypto,
    now: () => Date.now(),
    facts: () => ({ ...FULL_AND_CLOSED, ...facts }),
  });
}

async function hello(d: LobbyDoor, key: LobbyKey, o: { watch?: boolean; password?: string } = {}) {
  const { joiner, incoming } = linkPair();
  const admitted = d.admit(incoming);
  expect(await authenticateHost(joiner, { target: { roomId: ROOM, hostKey: key.fingerprint }, crypto })).toBeNull();
  const answer = new Promise<ControlMessage | null>((resolve) =>
    joiner.reliable.onMessage((b) => {
      const m = decodeControl(b);
      resolve(m.ok ? m.value : null);
    }),
  );
  joiner.reliable.send(
    encodeControl({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      name: 'Eve',
      password: o.password ?? '',
      browserToken: TOKEN,
      seatToken: '0'.repeat(32),
      watch: o.watch,
    }),
  );
  const result = await admitted;
  return { admitted: result, reject: result ? null : await answer };
}

describe('LobbyDoor and spectators (issue 24)', () => {
  it('admits a spectator into a full lobby whose match runs closed to joiners; a player is refused', async () => {
    const key = await createLobbyKey(crypto);
    const d = door(key);
    const watcher = await hello(d, key, { watch: true });
    expect(watcher.admitted).toMatchObject({ name: 'Eve', watch: true, seat: null, seatToken: '0'.repeat(32) });
    const player = await hello(d, key);
    expect(player.reject).toMatchObject({ type: 'reject', reason: 'full' });
  });

  it('has its own cap: full at sv_maxspectators, none at all at 0', async () => {
    const key = await createLobbyKey(crypto);
    const full = await hello(door(key, { spectatorCount: 2 }), key, { watch: true });
    expect(full.reject).toEqual({ type: 'reject', reason: 'full', text: 'It takes 2 spectators.' });
    const none = await hello(door(key, { maxSpectators: 0 }), key, { watch: true });
    expect(none.reject).toEqual({ type: 'reject', reason: 'full', text: 'This lobby takes no spectators.' });
  });

  it('asks a spectator for the password and refuses a banned browser, as for a player', async () => {
    const key = await createLobbyKey(crypto);
    const locked = door(key, {}, 'sesame');
    expect((await hello(locked, key, { watch: true, password: 'nope' })).reject).toMatchObject({ reason: 'password' });
    expect((await hello(locked, key, { watch: true, password: 'sesame' })).admitted).toMatchObject({ watch: true });
    const d = door(key);
    await d.ban(TOKEN);
    expect((await hello(d, key, { watch: true })).reject).toMatchObject({ reason: 'kicked' });
  });

  it('the roster counts spectators apart and keeps them off the lobby list (the scoreboard and older clients)', () => {
    const roster = new Roster();
    roster.add('Host', '', true);
    const eve = roster.add('Eve', 'peer-e', false, { watching: true })!;
    roster.add('Bob', 'peer-b', false);
    expect([roster.size, roster.players, roster.spectators]).toEqual([3, 2, 1]);
    expect(roster.lobbyList().map((p) => p.name)).toEqual(['Host', 'Bob']);
    expect(roster.watchers().map((m) => [m.id, m.name])).toEqual([[eve.id, 'Eve']]);
    // One id and name space: a player named like a spectator is numbered, never a look-alike.
    expect(roster.add('Eve', 'peer-x', false)!.name).toBe('Eve (2)');
  });
});
