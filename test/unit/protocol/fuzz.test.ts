import { describe, it, expect } from 'vitest';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { decodeCmdPacket, encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { decodeControl, encodeControl } from '../../../src/protocol/control';
import { decodeSnapshot, encodeSnapshot, quantizeSnapshot } from '../../../src/protocol/snapshot';
import type { DecodeResult } from '../../../src/protocol/wire';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { RUNS, fuzz } from './fuzz-kit';
import { Rng, evolve, snapshot, userCmd } from './gen';

describe('decoders never throw on random or mutated bytes', () => {
  it('command packet', () => {
    const r = new Rng(1);
    const samples = Array.from({ length: 50 }, () => {
      const t = r.int(0, 2 ** 31 - 10);
      return encodeCmdPacket(
        ARENA_COMMANDS,
        quantizeCmdPacket(ARENA_COMMANDS, {
          ackTick: r.int(0, t),
          sendTimeMs: r.int(0, 65535),
          cmds: [userCmd(r, t), userCmd(r, t + 1), userCmd(r, t + 2)].slice(r.int(0, 2)),
        }),
      );
    });
    const [random, mutated] = fuzz(
      2,
      40,
      samples,
      (b) => decodeCmdPacket(ARENA_COMMANDS, b),
      (p) => encodeCmdPacket(ARENA_COMMANDS, p),
    );
    expect(random.ok + random.refused).toBe(RUNS);
    // Mutations of valid packets must sometimes still be valid (the check above then ran) and sometimes not.
    expect(mutated.ok).toBeGreaterThan(1000);
    expect(mutated.refused).toBeGreaterThan(1000);
  });

  it('snapshot (full and delta)', () => {
    const r = new Rng(3);
    const baseline = quantizeSnapshot(ARENA_WIRE, snapshot(r, { players: 12, projectiles: 4 }), 0);
    const lookup = (tick: number): Snapshot | undefined => (tick === baseline.serverTick ? baseline : undefined);
    // Random bytes claim random baselines: answer every lookup so decoding goes past the header.
    const anyBaseline = (): Snapshot => baseline;
    const samples = Array.from({ length: 40 }, (_, i) =>
      i % 2
        ? encodeSnapshot(ARENA_WIRE, evolve(r, baseline, r.int(1, 30)), baseline)
        : encodeSnapshot(ARENA_WIRE, snapshot(r, { players: r.int(0, 12) }), null),
    );
    // A decoded part (k of n) re-encodes as a whole snapshot: compare it without its part numbers.
    const decodeAny = (b: Uint8Array): DecodeResult<Snapshot> => {
      const out = decodeSnapshot(ARENA_WIRE, b, anyBaseline);
      return out.ok ? { ok: true, value: { ...out.value, part: 0, partCount: 1 } } : out;
    };
    const reencode = (s: Snapshot) =>
      encodeSnapshot(ARENA_WIRE, s, s.baselineTick ? { ...baseline, serverTick: s.baselineTick } : null);
    const [random, mutated] = fuzz(4, 80, samples, decodeAny, reencode);
    expect(random.refused).toBeGreaterThan(0);
    expect(mutated.ok).toBeGreaterThan(1000);
    expect(mutated.refused).toBeGreaterThan(1000);
    expect(decodeSnapshot(ARENA_WIRE, samples[1]!, lookup).ok).toBe(true);
  });

  it('control message', () => {
    const samples = [
      encodeControl({
        type: 'hello',
        protocolVersion: 3,
        name: 'Zoë',
        password: 'hunter2',
        browserToken: '00112233445566778899aabbccddeeff',
        seatToken: 'ffeeddccbbaa99887766554433221100',
      }),
      encodeControl({
        type: 'auth-challenge',
        protocolVersion: 3,
        nonce: Uint8Array.from({ length: 32 }, (_, i) => i * 7),
      }),
      encodeControl({
        type: 'auth-proof',
        algorithm: 'p256',
        publicKey: Uint8Array.from({ length: 65 }, (_, i) => (i ? i : 4)),
        signature: Uint8Array.from({ length: 64 }, (_, i) => 200 - i),
      }),
      encodeControl({
        type: 'welcome',
        clientId: 3,
        settings: { tickrate: 60, maxPlayers: 16, mapName: 'arena', maxUnlagMs: 1000 },
      }),
      encodeControl({ type: 'reject', reason: 'full', text: 'sorry' }),
      encodeControl({ type: 'kick', reason: 'flood', text: 'slow down' }),
      encodeControl({ type: 'chat', from: 2, text: 'gg wp 🎯' }),
      encodeControl({ type: 'leave' }),
      encodeControl({ type: 'settings', updateRate: 30, rate: 80000, interpMs: 100, debug: true }),
      encodeControl({
        type: 'debug',
        tick: 1234,
        hitboxes: [{ id: 2, x: 10.5, y: 300, radius: 16, alive: true, crouch: false }],
        rewind: null,
      }),
      encodeControl({
        type: 'debug',
        tick: 77,
        hitboxes: [{ id: 3, x: 1, y: 2, radius: 11, alive: false, crouch: true }],
        rewind: {
          tick: 75,
          claimedViewTime: 70.25,
          viewTime: 71,
          adjustment: 'estimate',
          lagCompensated: true,
          hitboxes: [{ id: 3, x: 1.5, y: 2, radius: 11, alive: true, crouch: true }],
          hit: 3,
        },
      }),
      encodeControl({
        type: 'lobby',
        started: false,
        players: [
          { id: 0, name: 'host', pingMs: 0, isHost: true },
          { id: 1, name: 'b', pingMs: 40, isHost: false },
        ],
      }),
      // Host migration (issue 13): hello's trailing flag, the successor list, a checkpoint.
      encodeControl({
        type: 'hello',
        protocolVersion: 4,
        name: 'Ann',
        password: '',
        browserToken: '00112233445566778899aabbccddeeff',
        seatToken: '0'.repeat(32),
        migration: true,
      }),
      encodeControl({ type: 'successors', ids: [4, 2, 9] }),
      // Spectators (issue 24): hello's watch bit.
      encodeControl({
        type: 'hello',
        protocolVersion: 4,
        name: 'Eve',
        password: 'pw',
        browserToken: '00112233445566778899aabbccddeeff',
        seatToken: '0'.repeat(32),
        watch: true,
        watchers: true,
      }),
      encodeControl({
        type: 'watchers',
        watchers: [
          { id: 9, name: 'Eve' },
          { id: 12, name: 'Caster' },
        ],
      }),
      encodeControl({ type: 'checkpoint', final: false, bytes: Uint8Array.from({ length: 40 }, (_, i) => i * 5) }),
    ];
    const [random, mutated] = fuzz(5, 60, samples, decodeControl, encodeControl);
    expect(random.ok + random.refused).toBe(RUNS);
    expect(mutated.ok).toBeGreaterThan(1000);
    expect(mutated.refused).toBeGreaterThan(1000);
  });
});
