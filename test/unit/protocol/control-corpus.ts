/**
 * The control channel's corpus for protocol version 4 (the handshake with host authentication):
 * one short hash per item of the encoded bytes of seeded control messages (hello with its browser
 * token, auth-challenge, auth-proof, every reject and kick reason, chat, settings, lobby) and of
 * what the decoder and `peekHandshakeVersion` make of mutated bytes. `wire-golden.test.ts`
 * compares it with `fixtures/wire-v4-control.json`; `npx tsx test/unit/protocol/write-golden.ts`
 * rewrites that file, on purpose only, with a protocol version change and docs/PROTOCOL.md.
 */
import { KICK_REASONS, REJECT_REASONS, decodeControl, encodeControl } from '../../../src/protocol/control';
import { peekHandshakeVersion } from '../../../src/protocol/handshake-codec';
import { PROTOCOL_VERSION } from '../../../src/protocol/wire';
import { AUTH_NONCE_BYTES, BROWSER_TOKEN_BYTES, type ControlMessage } from '../../../src/protocol/control-messages';
import { Rng } from './gen';
import { mutate, short } from './wire-corpus';

const bytes = (r: Rng, n: number): Uint8Array => Uint8Array.from({ length: n }, () => r.int(0, 255));
const hex = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
const TEXTS = ['', 'Ada', 'Zoë ★', '[a]x[/a]', 'ㅤ', '日本語の名前', 'x'.repeat(40), 'hunter2', '\u0000\u202e'];

/** One seeded message of each kind the control channel carries, handshake first. */
function message(r: Rng, i: number): ControlMessage {
  const text = r.pick(TEXTS);
  switch (i % 8) {
    case 0:
      return {
        type: 'hello',
        protocolVersion: r.bool(0.8) ? PROTOCOL_VERSION : r.int(1, 9),
        name: text,
        password: r.pick(TEXTS),
        browserToken: hex(bytes(r, BROWSER_TOKEN_BYTES)),
        seatToken: r.bool(0.5) ? hex(bytes(r, BROWSER_TOKEN_BYTES)) : '0'.repeat(32),
      };
    case 1:
      return {
        type: 'auth-challenge',
        protocolVersion: r.bool(0.8) ? PROTOCOL_VERSION : r.int(1, 9),
        nonce: bytes(r, AUTH_NONCE_BYTES),
      };
    case 2: {
      const publicKey = bytes(r, 65);
      publicKey[0] = 4;
      return { type: 'auth-proof', algorithm: 'p256', publicKey, signature: bytes(r, 64) };
    }
    case 3:
      return { type: 'reject', reason: REJECT_REASONS[i % REJECT_REASONS.length]!, text };
    case 4:
      return { type: 'kick', reason: KICK_REASONS[i % KICK_REASONS.length]!, text };
    case 5:
      return { type: 'chat', from: r.int(0, 255), text };
    case 6:
      return {
        type: 'settings',
        updateRate: r.int(1, 255),
        rate: r.int(0, 2 ** 32 - 1),
        interpMs: r.int(0, 65535),
        debug: r.bool(),
      };
    default:
      return {
        type: 'lobby',
        players: Array.from({ length: r.int(0, 16) }, (_, id) => ({
          id: id + 1,
          name: r.pick(TEXTS),
          pingMs: r.int(0, 65535),
          isHost: id === 0,
        })),
        started: r.bool(),
      };
  }
}

/** The three views of `count` seeded messages: their bytes, two mutations of each decoded, and what peekHandshakeVersion reads of those. */
function corpus(
  seed: number,
  count: number,
  make: (r: Rng, i: number) => ControlMessage,
): { encoded: string[]; decoded: string[]; peeked: string[] } {
  const out = { encoded: [] as string[], decoded: [] as string[], peeked: [] as string[] };
  const r = new Rng(seed);
  for (let i = 0; i < count; i++) {
    const valid = encodeControl(make(r, i));
    out.encoded.push(short(valid));
    for (let k = 0; k < 2; k++) {
      const m = mutate(r, valid);
      const got = decodeControl(m);
      // Uint8Arrays as plain lists: JSON of a typed array is an object keyed by index.
      out.decoded.push(
        short(
          got.ok ? JSON.stringify(got.value, (_, v: unknown) => (v instanceof Uint8Array ? [...v] : v)) : 'refused',
        ),
      );
      out.peeked.push(short(String(peekHandshakeVersion(m))));
    }
  }
  return out;
}

export function controlCorpus(): Record<string, string[]> {
  const c = corpus(311, 400, message);
  return { controlEncoded: c.encoded, controlDecodeMutated: c.decoded, handshakeVersionPeek: c.peeked };
}

/** One seeded host-migration message (issue 13): a migration-capable hello, successors, a checkpoint. */
function migrationMessage(r: Rng, i: number): ControlMessage {
  switch (i % 3) {
    case 0:
      return {
        type: 'hello',
        protocolVersion: PROTOCOL_VERSION,
        name: r.pick(TEXTS),
        password: r.pick(TEXTS),
        browserToken: hex(bytes(r, BROWSER_TOKEN_BYTES)),
        seatToken: hex(bytes(r, BROWSER_TOKEN_BYTES)),
        migration: r.bool(0.8),
      };
    case 1:
      return { type: 'successors', ids: Array.from({ length: r.int(0, 3) }, () => r.int(1, 255)) };
    default:
      return { type: 'checkpoint', final: r.bool(0.2), bytes: bytes(r, r.int(1, 200)) };
  }
}

/**
 * Added with host migration, on protocol version 4 (the messages above it are unchanged, byte for
 * byte): `fixtures/wire-v4-migration.json`, the same three views of the migration messages.
 */
export function migrationCorpus(): Record<string, string[]> {
  const c = corpus(1313, 150, migrationMessage);
  return { migrationEncoded: c.encoded, migrationDecodeMutated: c.decoded, migrationVersionPeek: c.peeked };
}
