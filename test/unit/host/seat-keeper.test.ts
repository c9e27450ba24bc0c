/**
 * Rejoin on the host's side (issue 13): seats by seat token, the roster giving a returning player
 * its own id and keeping absent players' ids from newcomers, the hello decision for a returning
 * token (no password, a running match takes it back), and the lobby door admitting it.
 */
import { seatKeyOf } from '../../../src/lobby/seat-key';
import { describe, expect, it } from 'vitest';
import { SeatKeeper } from '../../../src/host/seat-keeper';
import { Roster } from '../../../src/host/roster';
import { decideHello, type HelloFacts } from '../../../src/lobby/handshake';
import { LobbyDoor } from '../../../src/host/lobby-door';
import { decodeControl, encodeControl } from '../../../src/protocol/control';
import { PROTOCOL_VERSION, type ControlMessage } from '../../../src/protocol/messages';
import { createLobbyKey, type LobbyKey } from '../../../src/lobby/host-key';
import { authenticateHost } from '../../../src/lobby/join';
import { linkPair } from '../../helpers/fake-link';

const SEAT = '5e'.repeat(16);
const NONE = '0'.repeat(32);

describe('SeatKeeper', () => {
  it('knows a seat token once seated, holds the id while the player is away, forgets it on a kick', () => {
    const seats = new SeatKeeper();
    expect(seats.seatOf(SEAT)).toBeNull();
    seats.seated(SEAT, 3, 'Ada');
    expect(seats.seatOf(SEAT)).toEqual({ id: 3, name: 'Ada', present: true });
    expect(seats.isHeld(3)).toBe(false);
    seats.left(3);
    expect(seats.seatOf(SEAT)).toEqual({ id: 3, name: 'Ada', present: false });
    expect(seats.isHeld(3)).toBe(true);
    seats.forget(3);
    expect(seats.seatOf(SEAT)).toBeNull();
    expect(seats.isHeld(3)).toBe(false);
  });

  it('hands its seats to a checkpoint and is rebuilt from them on a successor, the same tokens giving the same seats', () => {
    const old = new SeatKeeper();
    old.seated(SEAT, 3, 'Ada');
    old.seated('ab'.repeat(16), 5, 'Bo');
    old.seated('cd'.repeat(16), 7, 'Cy');
    old.left(5);
    old.left(7);
    expect(old.tokenOf(3)).toBe(SEAT);
    expect(old.tokenOf(5)).toBeUndefined();
    expect(old.absent()).toEqual([
      { token: 'ab'.repeat(16), id: 5, name: 'Bo', present: false },
      { token: 'cd'.repeat(16), id: 7, name: 'Cy', present: false },
    ]);
    const seats = SeatKeeper.rebuild([{ token: SEAT, id: 3, name: 'Ada', present: true }, ...old.absent(), { token: NONE, id: 9, name: 'Zero', present: false }]);
    for (const token of [SEAT, 'ab'.repeat(16), 'cd'.repeat(16)]) expect(seats.seatOf(token)).toEqual(old.seatOf(token));
    expect([seats.isHeld(5), seats.isHeld(7), seats.isHeld(3), seats.isHeld(9)]).toEqual([true, true, false, false]);
    expect(seats.size).toBe(3);
  });

  it('the all-zero token is nobody: never seated, never returning', () => {
    const seats = new SeatKeeper();
    seats.seated(NONE, 2, 'Bo');
    expect(seats.seatOf(NONE)).toBeNull();
    expect(seats.size).toBe(0);
  });
});

describe('Roster with seats', () => {
  it("gives a returning player its own id and keeps an absent player's id from newcomers", () => {
    const roster = new Roster();
    roster.add('Host', '', true);
    const ada = roster.add('Ada', 'p1', false)!;
    roster.remove(ada.id);
    const held = (id: number): boolean => id === ada.id;
    const bo = roster.add('Bo', 'p2', false, { held })!;
    expect(bo.id).not.toBe(ada.id);
    expect(roster.add('Ada', 'p3', false, { seat: ada.id, held })!.id).toBe(ada.id);
  });
});

describe('decideHello for a returning seat token', () => {
  const facts: HelloFacts = { protocolVersion: PROTOCOL_VERSION, playerCount: 2, maxPlayers: 8, banned: false, started: true, joinRunningMatch: false, nameFits: () => true };
  const hello = { protocolVersion: PROTOCOL_VERSION, name: 'Ada' };
  it('does not ask the password and lets it back into a running match closed to newcomers', () => {
    let asked = 0;
    const wrong = () => (asked++, { ok: false as const, reason: 'password' as const, attemptsLeft: 2 });
    expect(decideHello(hello, facts, wrong)).toMatchObject({ accept: false, reason: 'password' });
    expect(decideHello(hello, { ...facts, returning: true }, wrong)).toEqual({ accept: true, name: 'Ada' });
    expect(asked).toBe(1);
  });
  it('still refuses a banned browser and a full lobby', () => {
    expect(decideHello(hello, { ...facts, returning: true, banned: true }, () => ({ ok: true }))).toMatchObject({ reason: 'kicked' });
    expect(decideHello(hello, { ...facts, returning: true, playerCount: 8 }, () => ({ ok: true }))).toMatchObject({ reason: 'full' });
  });
});

describe('LobbyDoor and a returning seat token', () => {
  async function hello(d: LobbyDoor, key: LobbyKey, seatToken: string, password: string) {
    const { joiner, incoming } = linkPair({});
    const admitted = d.admit(incoming);
    expect(await authenticateHost(joiner, { target: { roomId: 'abcdefghijk23456', hostKey: key.fingerprint }, crypto })).toBeNull();
    const answer = new Promise<ControlMessage | null>((resolve) => joiner.reliable.onMessage((b) => resolve(((m) => (m.ok ? m.value : null))(decodeControl(b)))));
    joiner.reliable.send(encodeControl({ type: 'hello', protocolVersion: PROTOCOL_VERSION, name: 'Someone Else', password, browserToken: 'a'.repeat(32), seatToken }));
    const a = await admitted;
    return { admitted: a, reject: a ? null : await answer };
  }

  it('admits a seat it gave before under its old name without the password; an unknown token still needs it', async () => {
    const key = await createLobbyKey(crypto);
    const d = new LobbyDoor({ key, roomId: 'abcdefghijk23456', password: 'secret', crypto, now: () => Date.now(), facts: () => ({ playerCount: 2, maxPlayers: 8, started: true, joinRunningMatch: true, closed: false }) });
    expect((await hello(d, key, SEAT, '')).reject).toMatchObject({ reason: 'password' });
    // Seats are filed under the token's key, what admission hands on and checkpoints carry.
    const seatKey = await seatKeyOf(SEAT, crypto);
    d.seats.seated(seatKey, 4, 'Ada');
    d.seats.left(4);
    const back = await hello(d, key, SEAT, '');
    expect(back.admitted).toMatchObject({ name: 'Ada', seatToken: seatKey, seat: { id: 4, name: 'Ada', present: false } });
    expect((await hello(d, key, 'ab'.repeat(16), '')).reject).toMatchObject({ reason: 'password' });
    // A successor reads keys in checkpoints: a hello carrying a key instead of a token takes no seat.
    expect((await hello(d, key, seatKey, '')).reject).toMatchObject({ reason: 'password' });
  });
});
