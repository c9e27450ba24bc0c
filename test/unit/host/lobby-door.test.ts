import { afterEach, describe, expect, it, vi } from 'vitest';
import { HANDSHAKE_TIMEOUT_MS, HANDSHAKES_PER_SOURCE, LobbyDoor } from '../../../src/host/lobby-door';
import type { DoorFacts } from '../../../src/host/door-types';
import { decodeControl, encodeControl } from '../../../src/protocol/control';
import { PROTOCOL_VERSION } from '../../../src/protocol/wire';
import type { ControlMessage } from '../../../src/protocol/control-messages';
import { createLobbyKey, type LobbyKey } from '../../../src/lobby/host-key';
import { authenticateHost } from '../../../src/lobby/join';
import { banKeyOf } from '../../../src/lobby/ban-key';
import { makePasswordVerifier } from '../../../src/lobby/password-verifier';
import { linkPair, type FakeEnd } from '../../helpers/fake-link';

const ROOM = 'abcdefghijk23456';
const TOKEN_A = 'a'.repeat(32);
const TOKEN_B = 'b'.repeat(32);

function door(key: LobbyKey, password = '', facts: Partial<DoorFacts> = {}): LobbyDoor {
  return new LobbyDoor({
    key,
    roomId: ROOM,
    password,
    crypto,
    now: () => Date.now(),
    facts: () => ({ playerCount: 1, maxPlayers: 8, started: false, joinRunningMatch: true, closed: false, ...facts }),
  });
}

const received = (end: FakeEnd): ControlMessage[] =>
  end.reliable.sent.map((b) => decodeControl(b)).flatMap((m) => (m.ok ? [m.value] : []));

/** The honest joiner's side: challenge, check the proof, then hello. */
async function join(
  d: LobbyDoor,
  key: LobbyKey,
  opts: { token?: string; seat?: string; password?: string; name?: string; address?: string } = {},
) {
  const { joiner, incoming } = linkPair({ address: opts.address });
  const admitted = d.admit(incoming);
  const refused = await authenticateHost(joiner, { target: { roomId: ROOM, hostKey: key.fingerprint }, crypto });
  if (refused) return { refused, admitted: await admitted, joiner };
  const answer = new Promise<ControlMessage | null>((resolve) => {
    joiner.reliable.onMessage((b) => {
      const m = decodeControl(b);
      resolve(m.ok ? m.value : null);
    });
  });
  joiner.reliable.send(
    encodeControl({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      name: opts.name ?? 'Ada',
      password: opts.password ?? '',
      browserToken: opts.token ?? TOKEN_A,
      seatToken: opts.seat ?? '0'.repeat(32),
    }),
  );
  const result = await admitted;
  return { refused: null, admitted: result, joiner, reject: result ? null : await answer };
}

afterEach(() => vi.useRealTimers());

describe('LobbyDoor', () => {
  it('proves the host to an honest joiner, then admits it with its normalized name and token', async () => {
    const key = await createLobbyKey(crypto);
    const d = door(key);
    const r = await join(d, key, { name: ' ＡＤＡ ' });
    expect(r.refused).toBeNull();
    expect(r.admitted).toMatchObject({ name: 'ADA', browserToken: TOKEN_A });
    expect(d.counters.proofsSent).toBe(1);
  });

  it('a joiner refuses a host whose key the link does not name, and sends it nothing but the challenge', async () => {
    const realKey = await createLobbyKey(crypto);
    const impostorKey = await createLobbyKey(crypto);
    const impostor = door(impostorKey);
    const { joiner, incoming } = linkPair();
    void impostor.admit(incoming);
    const refused = await authenticateHost(joiner, { target: { roomId: ROOM, hostKey: realKey.fingerprint }, crypto });
    expect(refused).toEqual({ kind: 'not-host' });
    expect(joiner.reliable.sent.map((b) => decodeControl(b)).map((m) => m.ok && m.value.type)).toEqual([
      'auth-challenge',
    ]);
  });

  it('a proof made for another connection (a relaying man in the middle) does not verify', async () => {
    const key = await createLobbyKey(crypto);
    const d = door(key);
    // The host sees other DTLS fingerprints than the joiner: someone terminates DTLS in between.
    const { joiner, incoming } = linkPair({ hostFp: 'EE:FF' });
    const joinerView = {
      ...joiner,
      descriptions: () => ({ local: joiner.descriptions().local, remote: 'v=0\r\na=fingerprint:sha-256 11:22\r\n' }),
    };
    void d.admit(incoming);
    expect(await authenticateHost(joinerView, { target: { roomId: ROOM, hostKey: key.fingerprint }, crypto })).toEqual({
      kind: 'not-host',
    });
  });

  it('drops a handshake that stays silent after HANDSHAKE_TIMEOUT_MS and frees its place', async () => {
    vi.useFakeTimers();
    const key = await createLobbyKey(crypto);
    const d = door(key);
    const { host, incoming } = linkPair();
    const admitted = d.admit(incoming);
    await vi.advanceTimersByTimeAsync(0);
    expect(d.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(HANDSHAKE_TIMEOUT_MS - 10);
    expect(host.reliable.state).toBe('open');
    await vi.advanceTimersByTimeAsync(20);
    expect(await admitted).toBeNull();
    expect(host.reliable.state).toBe('closed');
    expect(d.pending).toBe(0);
    expect(d.counters.refused.timeout).toBe(1);
  });

  it('caps running handshakes per source: one more from that address is told the host is busy', async () => {
    const key = await createLobbyKey(crypto);
    const d = door(key);
    const pairs = Array.from({ length: HANDSHAKES_PER_SOURCE + 1 }, (_, i) => linkPair({ joinerId: `j${i}` }));
    const other = linkPair({ joinerId: 'other', address: '10.9.9.9' });
    for (const p of [...pairs, other]) void d.admit(p.incoming);
    await new Promise((r) => setTimeout(r, 20));
    expect(received(pairs[HANDSHAKES_PER_SOURCE]!.host)).toEqual([{ type: 'reject', reason: 'busy', text: '' }]);
    expect(received(pairs[0]!.host)).toEqual([]);
    expect(received(other.host)).toEqual([]);
    expect(d.counters.refused.busy).toBe(1);
  });

  it("answers a malformed first message with bad-hello, and an old version's hello with version", async () => {
    const key = await createLobbyKey(crypto);
    const d = door(key);
    const a = linkPair();
    const b = linkPair({ joinerId: 'other', address: '10.0.0.2' });
    const ra = d.admit(a.incoming);
    const rb = d.admit(b.incoming);
    await new Promise((r) => setTimeout(r, 0));
    a.joiner.reliable.send(new Uint8Array([0xff, 1, 2]));
    b.joiner.reliable.send(new Uint8Array([0, 0, 2, 3, 65, 66, 67, 0]));
    expect(await ra).toBeNull();
    expect(await rb).toBeNull();
    expect(received(a.host)).toEqual([{ type: 'reject', reason: 'bad-hello', text: '' }]);
    expect(received(b.host)).toMatchObject([{ type: 'reject', reason: 'version' }]);
  });

  it('bans a kicked browser token for the rest of the match, and only that one', async () => {
    const key = await createLobbyKey(crypto);
    const d = door(key);
    await d.ban(TOKEN_A);
    const banned = await join(d, key, { token: TOKEN_A });
    expect(banned.admitted).toBeNull();
    expect(banned.reject).toMatchObject({ type: 'reject', reason: 'kicked' });
    expect((await join(d, key, { token: TOKEN_B })).admitted).not.toBeNull();
    // What a checkpoint would carry: the ban key, never the browser token.
    expect(d.bans()).toEqual([await banKeyOf(TOKEN_A, crypto)]);
    expect(d.bans()).not.toContain(TOKEN_A);
  });

  it("a successor's door admits with the old host's password verifier and ban keys alone (it never holds the password or a browser token)", async () => {
    const key = await createLobbyKey(crypto);
    const verifier = await makePasswordVerifier('secret', crypto, 2000);
    const d = new LobbyDoor({
      key,
      roomId: ROOM,
      password: verifier,
      bans: [await banKeyOf(TOKEN_B, crypto)],
      crypto,
      now: () => Date.now(),
      facts: () => ({ playerCount: 1, maxPlayers: 8, started: false, joinRunningMatch: true, closed: false }),
    });
    expect((await join(d, key, { password: 'wrong' })).reject).toMatchObject({ reason: 'password' });
    expect((await join(d, key, { password: 'secret' })).admitted).not.toBeNull();
    expect((await join(d, key, { password: 'secret', token: TOKEN_B, address: '10.3.3.3' })).reject).toMatchObject({
      reason: 'kicked',
    });
    expect(await d.passwordVerifier()).toBe(verifier);
  });

  it('limits password attempts per peer (3), then refuses without checking', async () => {
    const key = await createLobbyKey(crypto);
    const d = door(key, 'secret');
    for (let i = 0; i < 3; i++)
      expect((await join(d, key, { password: 'guess' + i })).reject).toMatchObject({ reason: 'password' });
    expect((await join(d, key, { password: 'secret' })).reject).toMatchObject({ reason: 'attempts' });
    expect((await join(d, key, { password: 'secret', token: TOKEN_B, address: '10.2.2.2' })).admitted).not.toBeNull();
  });
});
