/**
 * Rejoin on the host's side (issue 13): seats by seat token, the roster giving a returning player
 * its own id and keeping absent players' ids from newcomers, the hello decision for a returning
 * seat (no password, a running match takes it back), and the lobby door admitting it only on a
 * seat proof made for its own connection (a replayed one is refused).
 */
import { seatKeyOf } from '../../../src/lobby/seat-key';
import { loadSeatKeyPair } from '../../../src/lobby/seat-key-pair';
import { proveSeat } from '../../../src/lobby/seat-proof';
import { dtlsFromDescriptions } from '../../../src/lobby/host-auth';
import { makePasswordVerifier } from '../../../src/lobby/password-verifier';
import { describe, expect, it } from 'vitest';
import { SeatKeeper } from '../../../src/host/seat-keeper';
import { Roster } from '../../../src/host/roster';
import { decideHello, type HelloFacts } from '../../../src/lobby/handshake';
import { LobbyDoor } from '../../../src/host/lobby-door';
import { decodeControl, encodeControl } from '../../../src/protocol/control';
import { PROTOCOL_VERSION } from '../../../src/protocol/wire';
import type { ControlMessage, SeatProof } from '../../../src/protocol/control-messages';
import { createLobbyKey, type LobbyKey } from '../../../src/lobby/host-key';
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
    const seats = SeatKeeper.rebuild([
      { token: SEAT, id: 3, name: 'Ada', present: true },
      ...old.absent(),
      { token: NONE, id: 9, name: 'Zero', present: false },
    ]);
    for (const token of [SEAT, 'ab'.repeat(16), 'cd'.repeat(16)])
      expect(seats.seatOf(token)).toEqual(old.seatOf(token));
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
  const facts: HelloFacts = {
    protocolVersion: PROTOCOL_VERSION,
    playerCount: 2,
    maxPlayers: 8,
    banned: false,
    started: true,
    joinRunningMatch: false,
    nameFits: () => true,
  };
  const hello = { protocolVersion: PROTOCOL_VERSION, name: 'Ada' };
  it('does not ask the password and lets it back into a running match closed to newcomers', () => {
    let asked = 0;
    const wrong = () => (asked++, { ok: false as const, reason: 'password' as const, attemptsLeft: 2 });
    expect(decideHello(hello, facts, wrong)).toMatchObject({ accept: false, reason: 'password' });
    expect(decideHello(hello, { ...facts, returning: true }, wrong)).toEqual({ accept: true, name: 'Ada' });
    expect(asked).toBe(1);
  });
  it('still refuses a banned browser and a full lobby', () => {
    expect(decideHello(hello, { ...facts, returning: true, banned: true }, () => ({ ok: true }))).toMatchObject({
      reason: 'kicked',
    });
    expect(decideHello(hello, { ...facts, returning: true, playerCount: 8 }, () => ({ ok: true }))).toMatchObject({
      reason: 'full',
    });
  });
});

describe('LobbyDoor and a returning seat (seat proofs, issue 21)', () => {
  const ROOM = 'abcdefghijk23456';
  function door(
    key: LobbyKey,
    password: string | Awaited<ReturnType<typeof makePasswordVerifier>> = 'secret',
  ): LobbyDoor {
    return new LobbyDoor({
      key,
      roomId: ROOM,
      password,
      crypto,
      now: () => Date.now(),
      facts: () => ({ playerCount: 2, maxPlayers: 8, started: true, joinRunningMatch: true, closed: false }),
    });
  }

  /** A joiner's handshake with `nonce` over a connection with these fingerprints; the hello is the caller's. */
  async function connect(
    d: LobbyDoor,
    fp: { hostFp: string; joinerFp: string },
    nonce = crypto.getRandomValues(new Uint8Array(32)),
  ) {
    const { joiner, incoming } = linkPair(fp);
    const admitted = d.admit(incoming);
    const proof = new Promise<void>((resolve) => joiner.reliable.onMessage(() => resolve()));
    joiner.reliable.send(encodeControl({ type: 'auth-challenge', protocolVersion: PROTOCOL_VERSION, nonce }));
    await proof;
    const dtls = dtlsFromDescriptions(joiner.descriptions().local, joiner.descriptions().remote, 'joiner')!;
    const answer = new Promise<ControlMessage | null>((resolve) =>
      joiner.reliable.onMessage((b) => resolve(((m) => (m.ok ? m.value : null))(decodeControl(b)))),
    );
    const send = async (bytes: Uint8Array) => {
      joiner.reliable.send(bytes);
      const a = await admitted;
      return { admitted: a, reject: a ? null : await answer };
    };
    return { joiner, dtls, nonce, send };
  }

  const helloFrom = (password: string, seatProof?: SeatProof, seatToken = NONE) =>
    encodeControl({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      name: 'Someone Else',
      password,
      browserToken: 'a'.repeat(32),
      seatToken,
      ...(seatProof ? { seatProof } : {}),
    });

  it('files a newcomer under its seat key and gives the seat back, without the password, only to a proof for this connection', async () => {
    const key = await createLobbyKey(crypto);
    const d = door(key);
    const friend = await loadSeatKeyPair(null, ROOM, crypto);
    const first = await connect(d, { hostFp: 'AA:01', joinerFp: 'FF:01' });
    const joined = await first.send(
      helloFrom('secret', await proveSeat(friend, ROOM, first.nonce, first.dtls, crypto)),
    );
    const seatKey = await seatKeyOf(friend.publicRaw, crypto);
    expect(joined.admitted).toMatchObject({ seatToken: seatKey, seat: null });
    d.seats.seated(seatKey, 4, 'Ada');
    d.seats.left(4);
    const again = await connect(d, { hostFp: 'AA:02', joinerFp: 'FF:02' });
    expect(
      (await again.send(helloFrom('', await proveSeat(friend, ROOM, again.nonce, again.dtls, crypto)))).admitted,
    ).toMatchObject({ name: 'Ada', seatToken: seatKey, seat: { id: 4, name: 'Ada', present: false } });
    // A hello without a proof takes no seat (nor files one), whatever its seat token says: even the seat key a checkpoint carries.
    const bare = await connect(d, { hostFp: 'AA:03', joinerFp: 'FF:03' });
    expect((await bare.send(helloFrom('', undefined, seatKey))).reject).toMatchObject({ reason: 'password' });
    // Someone else's own key proves only its own (new) seat.
    const other = await loadSeatKeyPair(null, ROOM, crypto);
    const o = await connect(d, { hostFp: 'AA:04', joinerFp: 'FF:04' });
    expect((await o.send(helloFrom('', await proveSeat(other, ROOM, o.nonce, o.dtls, crypto)))).reject).toMatchObject({
      reason: 'password',
    });
  });

  it("a hostile successor that collects a returning player's hello on its own connection cannot replay it to the real host: refused, the seat stays its owner's", async () => {
    const key = await createLobbyKey(crypto);
    const realHost = door(key);
    const friend = await loadSeatKeyPair(null, ROOM, crypto);
    const seatKey = await seatKeyOf(friend.publicRaw, crypto);
    realHost.seats.seated(seatKey, 4, 'Ada');
    realHost.seats.left(4);
    // The successor holds the lobby key and the verifier (it passes host authentication) and, while
    // the real host's signaling socket is down, the friend reconnects to it: it reads the friend's hello.
    const hostile = door(key, await makePasswordVerifier('secret', crypto, 2000));
    const toHostile = await connect(hostile, { hostFp: 'EE:66', joinerFp: 'FF:07' });
    await toHostile.send(helloFrom('', await proveSeat(friend, ROOM, toHostile.nonce, toHostile.dtls, crypto)));
    const collected = toHostile.joiner.reliable.sent[toHostile.joiner.reliable.sent.length - 1]!;
    const decoded = decodeControl(collected);
    expect(decoded.ok && decoded.value.type === 'hello' && decoded.value.seatProof).toBeTruthy();
    // It replays those bytes to the real host, with the friend's own nonce, even claiming the friend's
    // DTLS fingerprint: the real host's end of that connection is not the hostile one's.
    const replay = await connect(realHost, { hostFp: 'AA:08', joinerFp: 'FF:07' }, toHostile.nonce);
    const r = await replay.send(collected);
    expect(r.admitted).toBeNull();
    expect(r.reject).toMatchObject({ type: 'reject', reason: 'bad-hello' });
    expect(realHost.seats.seatOf(seatKey)).toEqual({ id: 4, name: 'Ada', present: false });
    // And what a checkpoint gave it (the seat key) is no credential either.
    const withKey = await connect(realHost, { hostFp: 'AA:09', joinerFp: 'DD:09' });
    expect((await withKey.send(helloFrom('', undefined, seatKey))).reject).toMatchObject({ reason: 'password' });
    // The friend itself, on its own connection to the real host, still gets its seat.
    const back = await connect(realHost, { hostFp: 'AA:0A', joinerFp: 'FF:0A' });
    expect(
      (await back.send(helloFrom('', await proveSeat(friend, ROOM, back.nonce, back.dtls, crypto)))).admitted,
    ).toMatchObject({ seat: { id: 4 } });
  });
});
