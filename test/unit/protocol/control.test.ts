import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { decodeControl, encodeControl, normalizeControl, MAX_DEBUG_HITBOXES, MAX_LOBBY_PLAYERS } from '../../../src/protocol/control';
import { BitWriter } from '../../../src/protocol/bits';
import { PROTOCOL_VERSION } from '../../../src/protocol/wire';
import type { ControlMessage } from '../../../src/protocol/control-messages';
import { peekHandshakeVersion } from '../../../src/protocol/handshake-codec';

const name = fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' }).map((s) => `${s}x`);
const text = fc.string({ maxLength: 250, unit: 'binary' });
const u = (max: number) => fc.integer({ min: 0, max });
// Any double, including NaN and infinities: the encoder must bring them onto the wire's grids.
const anyNumber = fc.oneof(fc.double(), fc.double({ min: -10, max: 5000, noNaN: true }), fc.integer({ min: -5, max: 300 }));
const hitbox = fc.record({ id: fc.integer({ min: -3, max: 300 }), x: anyNumber, y: anyNumber, radius: anyNumber, alive: fc.boolean(), crouch: fc.boolean() });
const tick = fc.oneof(u(2 ** 31), anyNumber);
const rewind = fc.record({
  tick,
  claimedViewTime: fc.oneof(tick, anyNumber),
  viewTime: fc.oneof(tick, anyNumber),
  adjustment: fc.constantFrom('none', 'estimate', 'clamped' as const),
  lagCompensated: fc.boolean(),
  hitboxes: fc.array(hitbox, { maxLength: 70 }),
  hit: fc.option(fc.integer({ min: -3, max: 300 })),
});

const hex32 = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => [...b].map((x) => x.toString(16).padStart(2, '0')).join(''));
// Tokens of any shape: the encoder sends a malformed one as all zeros.
const token = fc.oneof(hex32, hex32.map((t) => t.toUpperCase()), fc.string({ maxLength: 40 }));
const bytes = (max: number) => fc.uint8Array({ maxLength: max });

const controlMessage: fc.Arbitrary<ControlMessage> = fc.oneof(
  fc.record({ type: fc.constant('hello' as const), protocolVersion: fc.integer({ min: 1, max: 65535 }), name, password: text, browserToken: token, seatToken: token }),
  fc.record({ type: fc.constant('hello' as const), protocolVersion: fc.integer({ min: 1, max: 65535 }), name, password: text, browserToken: token, seatToken: token, migration: fc.boolean() }),
  fc.record({ type: fc.constant('successors' as const), ids: fc.array(fc.oneof(fc.integer({ min: -3, max: 300 }), anyNumber), { maxLength: 6 }) }),
  fc.record({ type: fc.constant('checkpoint' as const), final: fc.boolean(), bytes: fc.uint8Array({ minLength: 1, maxLength: 300 }) }),
  fc.record({ type: fc.constant('auth-challenge' as const), protocolVersion: fc.oneof(fc.integer({ min: 1, max: 65535 }), anyNumber), nonce: bytes(40) }),
  fc.record({ type: fc.constant('auth-proof' as const), algorithm: fc.constant('p256' as const), publicKey: bytes(70), signature: bytes(70) }),
  fc.record({
    type: fc.constant('welcome' as const),
    clientId: u(255),
    settings: fc.record({ tickrate: fc.integer({ min: 20, max: 128 }), maxPlayers: fc.integer({ min: 1, max: 255 }), mapName: name, maxUnlagMs: u(65535) }),
  }),
  fc.record({ type: fc.constant('reject' as const), reason: fc.constantFrom('full', 'version', 'password', 'kicked', 'banned', 'bad-hello', 'started', 'attempts', 'name', 'busy' as const), text }),
  fc.record({ type: fc.constant('kick' as const), reason: fc.constantFrom('host', 'malformed', 'flood', 'timeout', 'shutdown' as const), text }),
  fc.record({ type: fc.constant('chat' as const), from: u(255), text }),
  fc.constant({ type: 'leave' as const }),
  fc.record({ type: fc.constant('settings' as const), updateRate: fc.integer({ min: 1, max: 255 }), rate: u(2 ** 32 - 1), interpMs: u(65535), debug: fc.boolean() }),
  fc.record({
    type: fc.constant('lobby' as const),
    players: fc.array(fc.record({ id: u(255), name, pingMs: u(70000), isHost: fc.boolean() }), { maxLength: 20 }),
    started: fc.boolean(),
  }),
  fc.record({ type: fc.constant('debug' as const), tick, hitboxes: fc.array(hitbox, { maxLength: 70 }), rewind: fc.option(rewind) }),
);

function helloBytes(version: number, nameBytes: number[]): Uint8Array {
  const w = new BitWriter();
  w.writeBits(0, 8);
  w.writeBits(version, 16);
  w.writeVarUint(nameBytes.length);
  for (const b of nameBytes) w.writeBits(b, 8);
  w.writeVarUint(0);
  for (let i = 0; i < 16; i++) w.writeBits(i, 8);
  for (let i = 0; i < 16; i++) w.writeBits(0xf0 + i, 8);
  return w.finish();
}
const TOKEN = '000102030405060708090a0b0c0d0e0f';
const SEAT = 'f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff';
const utf8 = (s: string): number[] => [...new TextEncoder().encode(s)];

describe('control codec', () => {
  it('decode(encode(m)) equals normalizeControl(m)', () => {
    fc.assert(
      fc.property(controlMessage, (m) => {
        expect(decodeControl(encodeControl(m))).toEqual({ ok: true, value: normalizeControl(m) });
      }),
      { numRuns: 3000 },
    );
  });

  it('normalizes on the way out: trims names, strips control characters, cuts long texts', () => {
    const hello = normalizeControl({ type: 'hello', protocolVersion: PROTOCOL_VERSION, name: '  Ann\u0007ie\u202E  ', password: 'p\nw', browserToken: 'nope', seatToken: 'ABCDEF0123456789abcdef0123456789' });
    expect(hello).toEqual({ type: 'hello', protocolVersion: PROTOCOL_VERSION, name: 'Annie', password: 'pw', browserToken: '0'.repeat(32), seatToken: 'abcdef0123456789abcdef0123456789' });
    const chat = normalizeControl({ type: 'chat', from: 1, text: 'a'.repeat(500) });
    expect(chat.type === 'chat' && chat.text.length).toBe(200);
    const lobby = normalizeControl({ type: 'lobby', started: false, players: Array.from({ length: MAX_LOBBY_PLAYERS + 8 }, (_, id) => ({ id, name: 'p', pingMs: 1, isHost: false })) });
    expect(lobby.type === 'lobby' && lobby.players.length).toBe(MAX_LOBBY_PLAYERS);
  });

  it('refuses hand-made names that are too long, empty, untrimmed or hold control characters', () => {
    expect(decodeControl(helloBytes(1, utf8('Bob'))).ok).toBe(true);
    expect(decodeControl(helloBytes(1, utf8('x'.repeat(25))))).toEqual({ ok: false, error: 'control: name: longer than 24 characters' });
    expect(decodeControl(helloBytes(1, utf8('x'.repeat(24)))).ok).toBe(true);
    expect(decodeControl(helloBytes(1, []))).toEqual({ ok: false, error: 'control: name: empty' });
    expect(decodeControl(helloBytes(1, utf8(' Bob')))).toEqual({ ok: false, error: 'control: name: untrimmed' });
    expect(decodeControl(helloBytes(1, utf8('Bo\nb')))).toEqual({ ok: false, error: 'control: name: control character' });
    expect(decodeControl(helloBytes(1, [0xc3, 0x28]))).toEqual({ ok: false, error: 'control: name: invalid UTF-8' });
    expect(decodeControl(helloBytes(1, Array.from({ length: 5000 }, () => 65)))).toEqual({ ok: false, error: 'control: name: too long' });
  });

  it('refuses protocol version 0 but decodes other versions of the same layout', () => {
    expect(decodeControl(helloBytes(0, utf8('Bob')))).toEqual({ ok: false, error: 'control: protocol version 0 out of range' });
    const future = decodeControl(helloBytes(PROTOCOL_VERSION + 1, utf8('Bob')));
    expect(future).toEqual({ ok: true, value: { type: 'hello', protocolVersion: PROTOCOL_VERSION + 1, name: 'Bob', password: '', browserToken: TOKEN, seatToken: SEAT } });
  });

  it('reads the version of any hello or challenge, even one that does not decode (so "version" is always answerable)', () => {
    // A version-2 hello had no browser or seat token: it no longer decodes, but its version still reads.
    const v2 = helloBytes(2, utf8('Bob')).slice(0, -32);
    expect(decodeControl(v2).ok).toBe(false);
    expect(peekHandshakeVersion(v2)).toBe(2);
    const challenge = encodeControl({ type: 'auth-challenge', protocolVersion: 700, nonce: new Uint8Array(32) });
    expect(peekHandshakeVersion(challenge)).toBe(700);
    expect(peekHandshakeVersion(challenge.slice(0, 3))).toBe(700);
    expect(peekHandshakeVersion(challenge.slice(0, 2))).toBeNull();
    // Not a message that opens a handshake: no version to read.
    expect(peekHandshakeVersion(encodeControl({ type: 'leave' }))).toBeNull();
    expect(peekHandshakeVersion(encodeControl({ type: 'chat', from: 1, text: 'hello there' }))).toBeNull();
  });

  it('carries a challenge nonce and a proof of fixed sizes, and refuses a key that is not an uncompressed point', () => {
    const nonce = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
    const c = encodeControl({ type: 'auth-challenge', protocolVersion: PROTOCOL_VERSION, nonce });
    expect(c.length).toBe(1 + 2 + 32);
    expect(decodeControl(c)).toEqual({ ok: true, value: { type: 'auth-challenge', protocolVersion: PROTOCOL_VERSION, nonce } });
    const publicKey = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
    const signature = Uint8Array.from({ length: 64 }, (_, i) => i * 3);
    const p = encodeControl({ type: 'auth-proof', algorithm: 'p256', publicKey, signature });
    expect(p.length).toBe(1 + 1 + 65 + 64);
    expect(decodeControl(p)).toEqual({ ok: true, value: { type: 'auth-proof', algorithm: 'p256', publicKey, signature } });
    const compressed = p.slice();
    compressed[2] = 0x02;
    expect(decodeControl(compressed)).toEqual({ ok: false, error: 'control: public key is not an uncompressed point' });
    const unknownAlg = p.slice();
    unknownAlg[1] = 1;
    expect(decodeControl(unknownAlg)).toEqual({ ok: false, error: 'control: unknown auth algorithm 1' });
    expect(decodeControl(p.slice(0, -1))).toEqual({ ok: false, error: 'control: truncated' });
    expect(decodeControl(Uint8Array.from([...c, 0]))).toEqual({ ok: false, error: 'control: trailing bytes' });
  });

  it('refuses unknown type bytes, unknown enum values, out-of-range numbers and trailing bytes', () => {
    expect(decodeControl(new Uint8Array([13]))).toEqual({ ok: false, error: 'control: unknown control type 13' });
    expect(decodeControl(new Uint8Array([255]))).toEqual({ ok: false, error: 'control: unknown control type 255' });
    expect(decodeControl(new Uint8Array([2, 10, 0]))).toEqual({ ok: false, error: 'control: unknown reject reason 10' });
    expect(decodeControl(new Uint8Array([3, 5, 0]))).toEqual({ ok: false, error: 'control: unknown kick reason 5' });
    expect(decodeControl(new Uint8Array([6, 0, 0, 0, 0]))).toEqual({ ok: false, error: 'control: update rate 0 out of range' });
    expect(decodeControl(new Uint8Array([1, 0, 19, 8, 1, 65, 0, 0]))).toEqual({ ok: false, error: 'control: tickrate 19 out of range' });
    expect(decodeControl(new Uint8Array([5]))).toEqual({ ok: true, value: { type: 'leave' } });
    expect(decodeControl(new Uint8Array([5, 0]))).toEqual({ ok: false, error: 'control: trailing bytes' });
    expect(decodeControl(new Uint8Array([]))).toEqual({ ok: false, error: 'control: truncated' });
  });

  it('decodes a settings message without the debug byte (an older client) as debug: false', () => {
    const w = new BitWriter();
    w.writeBits(6, 8);
    w.writeBits(30, 8);
    w.writeVarUint(80000);
    w.writeBits(100, 16);
    expect(decodeControl(w.finish())).toEqual({ ok: true, value: { type: 'settings', updateRate: 30, rate: 80000, interpMs: 100, debug: false } });
    const asked = encodeControl({ type: 'settings', updateRate: 30, rate: 80000, interpMs: 100, debug: true });
    expect(asked.length).toBe(w.finish().length + 1);
    expect(decodeControl(asked)).toEqual({ ok: true, value: { type: 'settings', updateRate: 30, rate: 80000, interpMs: 100, debug: true } });
    expect(decodeControl(Uint8Array.from([...asked.slice(0, -1), 2]))).toEqual({ ok: false, error: 'control: debug flag 2 out of range' });
  });

  it('carries a debug message on the wire grids: positions to 1/16, view times to 1/256 tick, ids clamped', () => {
    const box = { id: 2, x: 100.03, y: 50.5, radius: 16, alive: true, crouch: false };
    const m = {
      type: 'debug' as const,
      tick: 500,
      hitboxes: [box, { ...box, id: 999, x: Number.NaN, crouch: true }],
      rewind: { tick: 498, claimedViewTime: 490.3, viewTime: 491.5, adjustment: 'clamped' as const, lagCompensated: true, hitboxes: [box], hit: 2 },
    };
    const out = decodeControl(encodeControl(m));
    expect(out).toEqual({
      ok: true,
      value: {
        type: 'debug',
        tick: 500,
        hitboxes: [{ ...box, x: 100 }, { ...box, id: 255, x: 0, crouch: true }],
        rewind: { tick: 498, claimedViewTime: 498 - Math.round(7.7 * 256) / 256, viewTime: 491.5, adjustment: 'clamped', lagCompensated: true, hitboxes: [{ ...box, x: 100 }], hit: 2 },
      },
    });
    const miss = decodeControl(encodeControl({ ...m, rewind: { ...m.rewind, hit: null } }));
    expect(miss.ok && miss.value.type === 'debug' && miss.value.rewind?.hit).toBe(null);
  });

  it('cuts a debug message to 64 hitboxes per list and refuses a hand-made one with more', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ id: i, x: i, y: i, radius: 16, alive: true, crouch: false }));
    const n = normalizeControl({ type: 'debug', tick: 1, hitboxes: many, rewind: null });
    expect(n.type === 'debug' && n.hitboxes.length).toBe(MAX_DEBUG_HITBOXES);
    const w = new BitWriter();
    w.writeBits(8, 8);
    w.writeVarUint(1);
    w.writeBits(MAX_DEBUG_HITBOXES + 1, 8);
    expect(decodeControl(w.finish())).toEqual({ ok: false, error: 'control: hitbox count 65 out of range' });
  });

  it('refuses a lobby of more than MAX_LOBBY_PLAYERS (32) players', () => {
    expect(MAX_LOBBY_PLAYERS).toBe(32);
    const w = new BitWriter();
    w.writeBits(7, 8);
    w.writeBits(33, 8);
    expect(decodeControl(w.finish())).toEqual({ ok: false, error: 'control: lobby size 33 out of range' });
  });
});

describe('host migration on the control channel (issue 13)', () => {
  const hello = { type: 'hello' as const, protocolVersion: PROTOCOL_VERSION, name: 'Bob', password: '', browserToken: TOKEN, seatToken: SEAT };

  it("carries hello's migration flag as one optional trailing byte: absent is no, byte for byte an older hello", () => {
    const old = helloBytes(PROTOCOL_VERSION, utf8('Bob'));
    expect(encodeControl(hello)).toEqual(old);
    expect(encodeControl({ ...hello, migration: false })).toEqual(old);
    const capable = encodeControl({ ...hello, migration: true });
    expect(capable).toEqual(Uint8Array.from([...old, 1]));
    expect(decodeControl(old)).toEqual({ ok: true, value: hello });
    const decoded = decodeControl(capable);
    expect(decoded).toEqual({ ok: true, value: { ...hello, migration: true } });
    expect(decoded.ok && decoded.value.type === 'hello' && decoded.value.migration).toBe(true);
  });

  it('refuses a flags byte of 0 or with unknown bits, a seat proof cut short, and anything after it', () => {
    const old = helloBytes(PROTOCOL_VERSION, utf8('Bob'));
    expect(decodeControl(Uint8Array.from([...old, 0]))).toEqual({ ok: false, error: 'control: hello flags 0 out of range' });
    expect(decodeControl(Uint8Array.from([...old, 4]))).toEqual({ ok: false, error: 'control: hello flags 4 out of range' });
    expect(decodeControl(Uint8Array.from([...old, 1, 0]))).toEqual({ ok: false, error: 'control: trailing bytes' });
    expect(decodeControl(Uint8Array.from([...old, 2, 4, 1, 2]))).toEqual({ ok: false, error: 'control: truncated' });
    const notAPoint = Uint8Array.from([...old, 2, 3, ...new Uint8Array(64 + 64)]);
    expect(decodeControl(notAPoint)).toEqual({ ok: false, error: 'control: seat key is not an uncompressed point' });
  });

  it("carries hello's seat proof after the flags byte (2, or 3 with migration): key then signature", () => {
    const old = helloBytes(PROTOCOL_VERSION, utf8('Bob'));
    const seatProof = { publicKey: Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)), signature: Uint8Array.from({ length: 64 }, (_, i) => 255 - i) };
    const both = encodeControl({ ...hello, migration: true, seatProof });
    expect(both).toEqual(Uint8Array.from([...old, 3, ...seatProof.publicKey, ...seatProof.signature]));
    expect(decodeControl(both)).toEqual({ ok: true, value: { ...hello, migration: true, seatProof } });
    const proofOnly = encodeControl({ ...hello, seatProof });
    expect(proofOnly[old.length]).toBe(2);
    expect(decodeControl(proofOnly)).toEqual({ ok: true, value: { ...hello, seatProof } });
  });

  it('carries successors in rank order and normalizes the list: ids 1..255, no repeats, at most 3', () => {
    const bytes = encodeControl({ type: 'successors', ids: [7, 3, 9] });
    expect([...bytes]).toEqual([11, 3, 7, 3, 9]);
    expect(decodeControl(bytes)).toEqual({ ok: true, value: { type: 'successors', ids: [7, 3, 9] } });
    expect(decodeControl(Uint8Array.from([11, 0]))).toEqual({ ok: true, value: { type: 'successors', ids: [] } });
    expect(normalizeControl({ type: 'successors', ids: [0, 4, 4, 300, Number.NaN, 2, 5, 6] })).toEqual({ type: 'successors', ids: [4, 2, 5] });
  });

  it('refuses hand-made successor lists that are too long, hold id 0 or repeat an id', () => {
    expect(decodeControl(Uint8Array.from([11, 4, 1, 2, 3, 4]))).toEqual({ ok: false, error: 'control: successor count 4 out of range' });
    expect(decodeControl(Uint8Array.from([11, 2, 1, 0]))).toEqual({ ok: false, error: 'control: successor id 0 out of range' });
    expect(decodeControl(Uint8Array.from([11, 2, 5, 5]))).toEqual({ ok: false, error: 'control: successor id 5 repeated' });
    expect(decodeControl(Uint8Array.from([11, 2, 5]))).toEqual({ ok: false, error: 'control: truncated' });
  });

  it('carries a checkpoint as opaque bytes with its final flag, up to 65535 bytes', () => {
    const payload = Uint8Array.from({ length: 300 }, (_, i) => i & 0xff);
    const bytes = encodeControl({ type: 'checkpoint', final: true, bytes: payload });
    expect([...bytes.slice(0, 4)]).toEqual([12, 1, 1, 44]);
    expect(bytes.length).toBe(4 + 300);
    expect(decodeControl(bytes)).toEqual({ ok: true, value: { type: 'checkpoint', final: true, bytes: payload } });
    const big = new Uint8Array(70000).fill(9);
    const cut = normalizeControl({ type: 'checkpoint', final: false, bytes: big });
    expect(cut.type === 'checkpoint' && cut.bytes.length).toBe(65535);
    expect(decodeControl(encodeControl(cut))).toEqual({ ok: true, value: cut });
  });

  it('refuses a checkpoint that is empty, longer than its bytes, with a bad flag or trailing bytes, without allocating', () => {
    expect(decodeControl(Uint8Array.from([12, 0, 0, 0]))).toEqual({ ok: false, error: 'control: empty checkpoint' });
    expect(decodeControl(Uint8Array.from([12, 2, 0, 1, 5]))).toEqual({ ok: false, error: 'control: final flag 2 out of range' });
    expect(decodeControl(Uint8Array.from([12, 0, 255, 255, 1, 2]))).toEqual({ ok: false, error: 'control: truncated' });
    expect(decodeControl(Uint8Array.from([12, 0, 0, 1, 5, 6]))).toEqual({ ok: false, error: 'control: trailing bytes' });
    expect(decodeControl(Uint8Array.from([12, 0, 0, 1, 5]))).toEqual({ ok: true, value: { type: 'checkpoint', final: false, bytes: Uint8Array.from([5]) } });
  });
});
