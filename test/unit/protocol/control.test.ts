// The control channel's codec: round trips, normalization, and what it refuses.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  decodeControl,
  encodeControl,
  normalizeControl,
  MAX_DEBUG_HITBOXES,
  MAX_LOBBY_PLAYERS,
} from '../../../src/protocol/control';
import { PROTOCOL_VERSION } from '../../../src/protocol/wire';
import { peekHandshakeVersion } from '../../../src/protocol/handshake-codec';
import { BitWriter } from '../../../src/protocol/bits';
import { controlMessage, helloBytes, TOKEN, SEAT, utf8 } from './control-fixtures';

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
    const hello = normalizeControl({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      name: '  Ann\u0007ie\u202E  ',
      password: 'p\nw',
      browserToken: 'nope',
      seatToken: 'ABCDEF0123456789abcdef0123456789',
    });
    expect(hello).toEqual({
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      name: 'Annie',
      password: 'pw',
      browserToken: '0'.repeat(32),
      seatToken: 'abcdef0123456789abcdef0123456789',
    });
    const chat = normalizeControl({ type: 'chat', from: 1, text: 'a'.repeat(500) });
    expect(chat.type === 'chat' && chat.text.length).toBe(200);
    const lobby = normalizeControl({
      type: 'lobby',
      started: false,
      players: Array.from({ length: MAX_LOBBY_PLAYERS + 8 }, (_, id) => ({ id, name: 'p', pingMs: 1, isHost: false })),
    });
    expect(lobby.type === 'lobby' && lobby.players.length).toBe(MAX_LOBBY_PLAYERS);
  });

  it('refuses hand-made names that are too long, empty, untrimmed or hold control characters', () => {
    expect(decodeControl(helloBytes(1, utf8('Bob'))).ok).toBe(true);
    expect(decodeControl(helloBytes(1, utf8('x'.repeat(25))))).toEqual({
      ok: false,
      error: 'control: name: longer than 24 characters',
    });
    expect(decodeControl(helloBytes(1, utf8('x'.repeat(24)))).ok).toBe(true);
    expect(decodeControl(helloBytes(1, []))).toEqual({ ok: false, error: 'control: name: empty' });
    expect(decodeControl(helloBytes(1, utf8(' Bob')))).toEqual({ ok: false, error: 'control: name: untrimmed' });
    expect(decodeControl(helloBytes(1, utf8('Bo\nb')))).toEqual({
      ok: false,
      error: 'control: name: control character',
    });
    expect(decodeControl(helloBytes(1, [0xc3, 0x28]))).toEqual({ ok: false, error: 'control: name: invalid UTF-8' });
    expect(
      decodeControl(
        helloBytes(
          1,
          Array.from({ length: 5000 }, () => 65),
        ),
      ),
    ).toEqual({ ok: false, error: 'control: name: too long' });
  });

  it('refuses protocol version 0 but decodes other versions of the same layout', () => {
    expect(decodeControl(helloBytes(0, utf8('Bob')))).toEqual({
      ok: false,
      error: 'control: protocol version 0 out of range',
    });
    const future = decodeControl(helloBytes(PROTOCOL_VERSION + 1, utf8('Bob')));
    expect(future).toEqual({
      ok: true,
      value: {
        type: 'hello',
        protocolVersion: PROTOCOL_VERSION + 1,
        name: 'Bob',
        password: '',
        browserToken: TOKEN,
        seatToken: SEAT,
      },
    });
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
    expect(decodeControl(c)).toEqual({
      ok: true,
      value: { type: 'auth-challenge', protocolVersion: PROTOCOL_VERSION, nonce },
    });
    const publicKey = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
    const signature = Uint8Array.from({ length: 64 }, (_, i) => i * 3);
    const p = encodeControl({ type: 'auth-proof', algorithm: 'p256', publicKey, signature });
    expect(p.length).toBe(1 + 1 + 65 + 64);
    expect(decodeControl(p)).toEqual({
      ok: true,
      value: { type: 'auth-proof', algorithm: 'p256', publicKey, signature },
    });
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
    expect(decodeControl(new Uint8Array([15]))).toEqual({ ok: false, error: 'control: unknown control type 15' });
    expect(decodeControl(new Uint8Array([255]))).toEqual({ ok: false, error: 'control: unknown control type 255' });
    expect(decodeControl(new Uint8Array([2, 10, 0]))).toEqual({
      ok: false,
      error: 'control: unknown reject reason 10',
    });
    expect(decodeControl(new Uint8Array([3, 5, 0]))).toEqual({ ok: false, error: 'control: unknown kick reason 5' });
    expect(decodeControl(new Uint8Array([6, 0, 0, 0, 0]))).toEqual({
      ok: false,
      error: 'control: update rate 0 out of range',
    });
    expect(decodeControl(new Uint8Array([1, 0, 19, 8, 1, 65, 0, 0]))).toEqual({
      ok: false,
      error: 'control: tickrate 19 out of range',
    });
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
    expect(decodeControl(w.finish())).toEqual({
      ok: true,
      value: { type: 'settings', updateRate: 30, rate: 80000, interpMs: 100, debug: false },
    });
    const asked = encodeControl({ type: 'settings', updateRate: 30, rate: 80000, interpMs: 100, debug: true });
    expect(asked.length).toBe(w.finish().length + 1);
    expect(decodeControl(asked)).toEqual({
      ok: true,
      value: { type: 'settings', updateRate: 30, rate: 80000, interpMs: 100, debug: true },
    });
    expect(decodeControl(Uint8Array.from([...asked.slice(0, -1), 4]))).toEqual({
      ok: false,
      error: 'control: settings flags 4 out of range',
    });
  });

  it("carries cl_killcam as bit 2 of the settings' flags byte, present only when asked", () => {
    const base = { type: 'settings' as const, updateRate: 30, rate: 80000, interpMs: 100 };
    const both = encodeControl({ ...base, debug: true, killCam: true });
    expect(both[both.length - 1]).toBe(3);
    expect(decodeControl(both)).toEqual({ ok: true, value: { ...base, debug: true, killCam: true } });
    const only = encodeControl({ ...base, debug: false, killCam: true });
    expect(only[only.length - 1]).toBe(2);
    expect(decodeControl(only)).toEqual({ ok: true, value: { ...base, debug: false, killCam: true } });
    // Not asked: the bytes an older client sends, decoded without the field.
    expect(encodeControl({ ...base, debug: true, killCam: false })).toEqual(encodeControl({ ...base, debug: true }));
  });

  it('carries a kill-cam: killer, play ticks and the replay bytes; refuses none of them empty', () => {
    const m = { type: 'killcam' as const, killer: 3, playTicks: 180, bytes: Uint8Array.of(0x52, 0x57, 9) };
    const bytes = encodeControl(m);
    expect([...bytes.slice(0, 6)]).toEqual([13, 3, 0, 180, 0, 3]);
    expect(decodeControl(bytes)).toEqual({ ok: true, value: m });
    expect(decodeControl(Uint8Array.of(13, 3, 0, 0, 0, 1, 7))).toEqual({
      ok: false,
      error: 'control: kill-cam play ticks 0',
    });
    expect(decodeControl(Uint8Array.of(13, 3, 0, 9, 0, 0))).toEqual({
      ok: false,
      error: 'control: kill-cam without a replay',
    });
    // A length past the end is refused before anything is read or allocated.
    expect(decodeControl(Uint8Array.of(13, 3, 0, 9, 0xff, 0xff, 1))).toEqual({
      ok: false,
      error: 'control: kill-cam length 65535 past the end',
    });
    const clamped = decodeControl(encodeControl({ ...m, killer: 999, playTicks: 0 }));
    expect(clamped.ok && clamped.value).toEqual({ ...m, killer: 255, playTicks: 1 });
  });

  it('carries a debug message on the wire grids: positions to 1/16, view times to 1/256 tick, ids clamped', () => {
    const box = { id: 2, x: 100.03, y: 50.5, radius: 16, alive: true, crouch: false };
    const m = {
      type: 'debug' as const,
      tick: 500,
      hitboxes: [box, { ...box, id: 999, x: Number.NaN, crouch: true }],
      rewind: {
        tick: 498,
        claimedViewTime: 490.3,
        viewTime: 491.5,
        adjustment: 'clamped' as const,
        lagCompensated: true,
        hitboxes: [box],
        hit: 2,
      },
    };
    const out = decodeControl(encodeControl(m));
    expect(out).toEqual({
      ok: true,
      value: {
        type: 'debug',
        tick: 500,
        hitboxes: [
          { ...box, x: 100 },
          { ...box, id: 255, x: 0, crouch: true },
        ],
        rewind: {
          tick: 498,
          claimedViewTime: 498 - Math.round(7.7 * 256) / 256,
          viewTime: 491.5,
          adjustment: 'clamped',
          lagCompensated: true,
          hitboxes: [{ ...box, x: 100 }],
          hit: 2,
        },
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
