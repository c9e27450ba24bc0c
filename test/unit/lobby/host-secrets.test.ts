/**
 * The host secrets a successor receives in the migration checkpoint (issue 13): round trip, the
 * normal form the encoder sends, a real lobby key surviving the trip (it still imports and proves
 * the same fingerprint), refusals, and the fuzzer (the decoder never throws, whatever it accepts
 * re-encodes to itself).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLobbyKey, exportLobbyKey, importLobbyKey } from '../../../src/lobby/host-key';
import {
  decodeHostSecrets,
  encodeHostSecrets,
  normalizeHostSecrets,
  type HostSecrets,
} from '../../../src/lobby/host-secrets';
import { fuzz, RUNS } from '../protocol/fuzz-kit';
import { makePasswordVerifier, passwordDigest } from '../../../src/lobby/password-verifier';

const publicRaw = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const SECRETS: HostSecrets = {
  key: { pkcs8: Uint8Array.from({ length: 138 }, (_, i) => (i * 7) & 0xff), publicRaw },
  peerToken: 'k3j4h5g6f7d8',
  passwordVerifier: {
    salt: Uint8Array.from({ length: 16 }, (_, i) => i + 1),
    iterations: 100_000,
    hash: Uint8Array.from({ length: 32 }, (_, i) => 200 - i),
  },
  maxPlayers: 8,
  joinRunningMatch: true,
  mapName: 'arena',
  hostSeatToken: '00112233445566778899aabbccddeeff',
  chosen: [2, 5],
};

const secrets: fc.Arbitrary<HostSecrets> = fc.record({
  key: fc.record({ pkcs8: fc.uint8Array({ maxLength: 600 }), publicRaw: fc.uint8Array({ maxLength: 70 }) }),
  peerToken: fc.oneof(fc.stringMatching(/^[a-z0-9]{0,70}$/), fc.string({ maxLength: 20 })),
  passwordVerifier: fc.record({
    salt: fc.uint8Array({ maxLength: 20 }),
    iterations: fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.double()),
    hash: fc.uint8Array({ maxLength: 40 }),
  }),
  maxPlayers: fc.oneof(fc.integer({ min: -5, max: 300 }), fc.double()),
  joinRunningMatch: fc.boolean(),
  mapName: fc.string({ maxLength: 40 }),
  hostSeatToken: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), fc.string({ maxLength: 40 })),
  chosen: fc.array(fc.integer({ min: -3, max: 300 }), { maxLength: 10 }),
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
    const n = normalizeHostSecrets({
      ...SECRETS,
      peerToken: 'a b',
      maxPlayers: 900,
      mapName: '  ',
      hostSeatToken: 'nope',
      chosen: [7, 0, 3, 7, 256],
    });
    expect(n).toMatchObject({
      peerToken: '',
      maxPlayers: 255,
      mapName: 'arena',
      hostSeatToken: '0'.repeat(32),
      chosen: [3, 7],
    });
  });

  it('carries a password verifier, never the password: the successor checks a password against it', async () => {
    const verifier = await makePasswordVerifier('hunter2', globalThis.crypto, 2000);
    const bytes = encodeHostSecrets({ ...SECRETS, passwordVerifier: verifier });
    expect(Buffer.from(bytes).includes(Buffer.from('hunter2'))).toBe(false);
    const got = decodeHostSecrets(bytes);
    if (!got.ok) throw new Error(got.error);
    const v = got.value.passwordVerifier;
    expect(await passwordDigest('hunter2', v, globalThis.crypto)).toEqual(v.hash);
    expect(await passwordDigest('hunter3', v, globalThis.crypto)).not.toEqual(v.hash);
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
    // Version 1 carried the password in clear: refused.
    expect(decodeHostSecrets(at(0, 1))).toEqual({ ok: false, error: 'host secrets: version 1 unknown' });
    expect(decodeHostSecrets(Uint8Array.from([2, 0xff, 0xff, ...good.slice(3)]))).toEqual({
      ok: false,
      error: 'host secrets: key length 65535 out of range',
    });
    expect(decodeHostSecrets(Uint8Array.from([2, 0, 0, ...good.slice(3)]))).toEqual({
      ok: false,
      error: 'host secrets: key length 0 out of range',
    });
    expect(decodeHostSecrets(at(3 + 138, 2))).toEqual({
      ok: false,
      error: 'host secrets: public key is not an uncompressed point',
    });
    expect(decodeHostSecrets(Uint8Array.from([...good, 0]))).toEqual({
      ok: false,
      error: 'host secrets: trailing bytes',
    });
    expect(decodeHostSecrets(good.slice(0, -1))).toEqual({ ok: false, error: 'host secrets: truncated' });
    expect(decodeHostSecrets(new Uint8Array(0))).toEqual({ ok: false, error: 'host secrets: truncated' });
  });

  it('never throws on random or mutated bytes, and whatever it accepts re-encodes to itself', () => {
    const samples = [
      encodeHostSecrets(SECRETS),
      encodeHostSecrets({
        ...SECRETS,
        passwordVerifier: { ...SECRETS.passwordVerifier, hash: new Uint8Array(0) },
        chosen: [],
        peerToken: '',
        joinRunningMatch: false,
        key: { pkcs8: new Uint8Array(5), publicRaw },
      }),
    ];
    const [random, mutated] = fuzz(13, 300, samples, decodeHostSecrets, encodeHostSecrets, RUNS / 5);
    expect(random.ok + random.refused).toBe(RUNS / 5);
    expect(mutated.ok).toBeGreaterThan(500);
    expect(mutated.refused).toBeGreaterThan(500);
  });
});
