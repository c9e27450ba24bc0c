/**
 * The host secrets a successor receives in the migration checkpoint (issue 13): round trip, the
 * normal form the encoder sends, a real lobby key surviving the trip (it still imports and proves
 * the same fingerprint), refusals, and the fuzzer (the decoder never throws, whatever it accepts
 * re-encodes to itself).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLobbyKey, exportLobbyKey, importLobbyKey } from '../../../src/lobby/host-key';
import { decodeHostSecrets, encodeHostSecrets, normalizeHostSecrets, type HostSecrets } from '../../../src/lobby/host-secrets';
import { fuzz, RUNS } from '../protocol/fuzz-kit';

const publicRaw = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const SECRETS: HostSecrets = {
  key: { pkcs8: Uint8Array.from({ length: 138 }, (_, i) => (i * 7) & 0xff), publicRaw },
  peerToken: 'k3j4h5g6f7d8',
  password: 'hunter2',
  maxPlayers: 8,
  joinRunningMatch: true,
  mapName: 'arena',
  hostSeatToken: '00112233445566778899aabbccddeeff',
};

const secrets: fc.Arbitrary<HostSecrets> = fc.record({
  key: fc.record({ pkcs8: fc.uint8Array({ maxLength: 600 }), publicRaw: fc.uint8Array({ maxLength: 70 }) }),
  peerToken: fc.oneof(fc.stringMatching(/^[a-z0-9]{0,70}$/), fc.string({ maxLength: 20 })),
  password: fc.string({ maxLength: 80, unit: 'binary' }),
  maxPlayers: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.double()),
  joinRunningMatch: fc.boolean(),
  mapName: fc.string({ maxLength: 40 }),
  hostSeatToken: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), fc.string({ maxLength: 40 })),
});

describe('host secrets codec', () => {
  it('round-trips the secrets as they are', () => {
    expect(decodeHostSecrets(encodeHostSecrets(SECRETS))).toEqual({ ok: true, value: SECRETS });
  });

  it('decode(encode(s)) equals normalizeHostSecrets(s), and encoding never throws', () => {
    fc.assert(
      fc.property(secrets, (s) => {
        expect(decodeHostSecrets(encodeHostSecrets(s))).toEqual({ ok: true, value: normalizeHostSecrets(s) });
      }),
      { numRuns: 2000 },
    );
  });

  it('normalizes: a peer token that is not one becomes empty, numbers clamped, tokens all zeros when malformed', () => {
    const n = normalizeHostSecrets({ ...SECRETS, peerToken: 'a b', maxPlayers: 900, mapName: '  ', hostSeatToken: 'nope', password: 'p\nw' });
    expect(n).toMatchObject({ peerToken: '', maxPlayers: 255, mapName: 'arena', hostSeatToken: '0'.repeat(32), password: 'pw' });
  });

  it('carries a real lobby key: the successor imports it and proves the same fingerprint', async () => {
    const key = await createLobbyKey(globalThis.crypto);
    const sent = { ...SECRETS, key: await exportLobbyKey(key, globalThis.crypto) };
    const got = decodeHostSecrets(encodeHostSecrets(sent));
    if (!got.ok) throw new Error(got.error);
    const again = await importLobbyKey(got.value.key, globalThis.crypto);
    expect(again.fingerprint).toBe(key.fingerprint);
  });

  it('refuses another version, an oversized key, a bad public key, a bad flag and trailing bytes', () => {
    const good = encodeHostSecrets(SECRETS);
    const at = (i: number, v: number): Uint8Array => Uint8Array.from(good, (b, k) => (k === i ? v : b));
    expect(decodeHostSecrets(at(0, 2))).toEqual({ ok: false, error: 'host secrets: version 2 unknown' });
    expect(decodeHostSecrets(Uint8Array.from([1, 0xff, 0xff, ...good.slice(3)]))).toEqual({ ok: false, error: 'host secrets: key length 65535 out of range' });
    expect(decodeHostSecrets(Uint8Array.from([1, 0, 0, ...good.slice(3)]))).toEqual({ ok: false, error: 'host secrets: key length 0 out of range' });
    expect(decodeHostSecrets(at(3 + 138, 2))).toEqual({ ok: false, error: 'host secrets: public key is not an uncompressed point' });
    expect(decodeHostSecrets(Uint8Array.from([...good, 0]))).toEqual({ ok: false, error: 'host secrets: trailing bytes' });
    expect(decodeHostSecrets(good.slice(0, -1))).toEqual({ ok: false, error: 'host secrets: truncated' });
    expect(decodeHostSecrets(new Uint8Array(0))).toEqual({ ok: false, error: 'host secrets: truncated' });
  });

  it('never throws on random or mutated bytes, and whatever it accepts re-encodes to itself', () => {
    const samples = [encodeHostSecrets(SECRETS), encodeHostSecrets({ ...SECRETS, password: '', peerToken: '', joinRunningMatch: false, key: { pkcs8: new Uint8Array(5), publicRaw } })];
    const [random, mutated] = fuzz(13, 300, samples, decodeHostSecrets, encodeHostSecrets, RUNS / 5);
    expect(random.ok + random.refused).toBe(RUNS / 5);
    expect(mutated.ok).toBeGreaterThan(500);
    expect(mutated.refused).toBeGreaterThan(500);
  });
});
