/**
 * Shared by the control-message codec tests (control.test.ts, control-migration.test.ts): fast-check
 * arbitraries of every control message (with hostile numbers and tokens of any shape), and a
 * hand-made hello with chosen version and name bytes.
 */
import fc from 'fast-check';
import { BitWriter } from '../../../src/protocol/bits';
import type { ControlMessage } from '../../../src/protocol/control-messages';

const name = fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' }).map((s) => `${s}x`);
const text = fc.string({ maxLength: 250, unit: 'binary' });
const u = (max: number) => fc.integer({ min: 0, max });
// Any double, including NaN and infinities: the encoder must bring them onto the wire's grids.
const anyNumber = fc.oneof(
  fc.double(),
  fc.double({ min: -10, max: 5000, noNaN: true }),
  fc.integer({ min: -5, max: 300 }),
);
const hitbox = fc.record({
  id: fc.integer({ min: -3, max: 300 }),
  x: anyNumber,
  y: anyNumber,
  radius: anyNumber,
  alive: fc.boolean(),
  crouch: fc.boolean(),
});
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

const hex32 = fc
  .uint8Array({ minLength: 16, maxLength: 16 })
  .map((b) => [...b].map((x) => x.toString(16).padStart(2, '0')).join(''));
// Tokens of any shape: the encoder sends a malformed one as all zeros.
const token = fc.oneof(
  hex32,
  hex32.map((t) => t.toUpperCase()),
  fc.string({ maxLength: 40 }),
);
const bytes = (max: number) => fc.uint8Array({ maxLength: max });

export const controlMessage: fc.Arbitrary<ControlMessage> = fc.oneof(
  fc.record({
    type: fc.constant('hello' as const),
    protocolVersion: fc.integer({ min: 1, max: 65535 }),
    name,
    password: text,
    browserToken: token,
    seatToken: token,
  }),
  fc.record({
    type: fc.constant('hello' as const),
    protocolVersion: fc.integer({ min: 1, max: 65535 }),
    name,
    password: text,
    browserToken: token,
    seatToken: token,
    migration: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('successors' as const),
    ids: fc.array(fc.oneof(fc.integer({ min: -3, max: 300 }), anyNumber), { maxLength: 6 }),
  }),
  fc.record({
    type: fc.constant('checkpoint' as const),
    final: fc.boolean(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 300 }),
  }),
  fc.record({
    type: fc.constant('auth-challenge' as const),
    protocolVersion: fc.oneof(fc.integer({ min: 1, max: 65535 }), anyNumber),
    nonce: bytes(40),
  }),
  fc.record({
    type: fc.constant('auth-proof' as const),
    algorithm: fc.constant('p256' as const),
    publicKey: bytes(70),
    signature: bytes(70),
  }),
  fc.record({
    type: fc.constant('welcome' as const),
    clientId: u(255),
    settings: fc.record({
      tickrate: fc.integer({ min: 20, max: 128 }),
      maxPlayers: fc.integer({ min: 1, max: 255 }),
      mapName: name,
      maxUnlagMs: u(65535),
    }),
  }),
  fc.record({
    type: fc.constant('reject' as const),
    reason: fc.constantFrom(
      'full',
      'version',
      'password',
      'kicked',
      'banned',
      'bad-hello',
      'started',
      'attempts',
      'name',
      'busy' as const,
    ),
    text,
  }),
  fc.record({
    type: fc.constant('kick' as const),
    reason: fc.constantFrom('host', 'malformed', 'flood', 'timeout', 'shutdown' as const),
    text,
  }),
  fc.record({ type: fc.constant('chat' as const), from: u(255), text }),
  fc.constant({ type: 'leave' as const }),
  fc.record({
    type: fc.constant('settings' as const),
    updateRate: fc.integer({ min: 1, max: 255 }),
    rate: u(2 ** 32 - 1),
    interpMs: u(65535),
    debug: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('lobby' as const),
    players: fc.array(fc.record({ id: u(255), name, pingMs: u(70000), isHost: fc.boolean() }), { maxLength: 20 }),
    started: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('debug' as const),
    tick,
    hitboxes: fc.array(hitbox, { maxLength: 70 }),
    rewind: fc.option(rewind),
  }),
);

export function helloBytes(version: number, nameBytes: number[]): Uint8Array {
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
export const TOKEN = '000102030405060708090a0b0c0d0e0f';
export const SEAT = 'f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff';
export const utf8 = (s: string): number[] => [...new TextEncoder().encode(s)];
