/**
 * The lobby password's verifier: what a host keeps instead of the password once the lobby is
 * open, and the only form of it a successor ever receives (inside the host secrets). A successor
 * checks a newcomer's password against it exactly as the host does, but cannot read the password
 * back from it: PBKDF2-SHA-256 with a per-lobby random salt and PASSWORD_ITERATIONS rounds, so a
 * hostile successor that wants the password must guess it offline, PASSWORD_ITERATIONS hashes per
 * guess (a strong password stays out of reach; a short one does not: docs/SECURITY.md).
 *
 * Inputs: a password (as the hello carries it), a CryptoLike. Outputs: a verifier, or a digest of
 * a given password under a verifier's salt. Invariant: a lobby without a password has an empty
 * `hash` ("open"): every password passes and nothing is hashed.
 */
import { ownBytes, type CryptoLike } from './host-key';

export interface PasswordVerifier {
  /** 16 random bytes per lobby. */
  salt: Uint8Array;
  /** PBKDF2 rounds (PASSWORD_ITERATIONS when made here; carried so a later build may raise it). */
  iterations: number;
  /** PBKDF2-SHA-256(password, salt, iterations), 32 bytes; empty for a lobby without a password. */
  hash: Uint8Array;
}

export const PASSWORD_SALT_BYTES = 16;
export const PASSWORD_HASH_BYTES = 32;
/** About 50-100 ms per hello on a phone: paid once per password attempt, which the guard limits anyway. */
export const PASSWORD_ITERATIONS = 100_000;
/** What a decoder accepts (a successor must not be made to spin on a hostile count). */
export const PASSWORD_ITERATION_RANGE = Object.freeze({ min: 1000, max: 1_000_000 });

/** A verifier is open when its lobby has no password. */
export function isOpen(v: PasswordVerifier): boolean {
  return v.hash.length === 0;
}

/** The digest of `password` under `v`'s salt and rounds (what `v.hash` is for the right password). */
export async function passwordDigest(
  password: string,
  v: Pick<PasswordVerifier, 'salt' | 'iterations'>,
  c: CryptoLike,
): Promise<Uint8Array> {
  const base = await c.subtle.importKey('raw', ownBytes(new TextEncoder().encode(password)), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await c.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: ownBytes(v.salt), iterations: v.iterations },
    base,
    PASSWORD_HASH_BYTES * 8,
  );
  return new Uint8Array(bits);
}

/** A fresh verifier for this lobby's password ('' = no password: open). */
export async function makePasswordVerifier(
  password: string,
  c: CryptoLike,
  iterations = PASSWORD_ITERATIONS,
): Promise<PasswordVerifier> {
  const salt = c.getRandomValues(new Uint8Array(PASSWORD_SALT_BYTES));
  if (password === '') return { salt, iterations, hash: new Uint8Array(0) };
  return { salt, iterations, hash: await passwordDigest(password, { salt, iterations }, c) };
}

/** Lowercase hex of a digest (the guard compares these over a fixed length, without an early exit). */
export function digestHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
