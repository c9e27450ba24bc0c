/**
 * The reference client (tools/reference-client, written from docs/PROTOCOL.md alone) against the
 * game's own codecs: every snapshot the host's encoder writes (full, delta, split into parts,
 * with events) decodes in the reference client to what the game's decoder returns; every command
 * packet and control message the reference client writes is byte-identical to the game's. A gap
 * or error in the docs shows up here as a mismatch.
 */
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { describe, expect, it } from 'vitest';
import { decodeCmdPacket, encodeCmdPacket, quantizeCmdPacket } from '../../../src/protocol/cmd-packet';
import { encodeControl } from '../../../src/protocol/control';
import { decodeSnapshot as gameDecode, encodeSnapshot, quantizeSnapshot } from '../../../src/protocol/snapshot';
import { encodeSnapshotParts } from '../../../src/protocol/snapshot-parts';
import type { Snapshot } from '../../../src/arena/protocol/arena-messages';
import { quantizeMatch } from '../../../src/arena/protocol/match-value';
import type { Match } from '../../../tools/reference-client/match';
import { decodeCommandPacket, encodeCommandPacket } from '../../../tools/reference-client/commands';
import {
  decodeControl,
  encodeChallenge,
  encodeHello,
  encodeLeave,
  encodeSettings,
} from '../../../tools/reference-client/control';
import { checkHostProof } from '../../../tools/reference-client/host-proof';
import { dtlsFromDescriptions, proveHost } from '../../../src/lobby/host-auth';
import { createLobbyKey, keyFingerprint } from '../../../src/lobby/host-key';
import { baselineChecksum } from '../../../tools/reference-client/checksum';
import { decodeSnapshot, PartAssembler, type SnapshotPart } from '../../../tools/reference-client/snapshot';
import { evolve, Rng, snapshot, userCmd } from '../protocol/gen';

/** The reference client's view of a snapshot in the game's shape, for comparison. */
function asGame(s: SnapshotPart): unknown {
  return {
    serverTick: s.serverTick,
    self: s.self,
    players: s.players,
    projectiles: s.projectiles,
    events: s.events.map((e) => ({ id: e.id, tick: e.tick, event: { type: e.type, ...e.fields } })),
    match: matchAsGame(s.match),
  };
}

/** The match block in the game's shape: team scores as a pair, booleans, results as they are. */
function matchAsGame(m: Match): unknown {
  const { redScore, blueScore, ...header } = m.header;
  return { ...header, teamScores: [redScore, blueScore], players: m.players, pickups: m.pickups, results: m.results };
}

function gameView(s: Snapshot): unknown {
  return {
    serverTick: s.serverTick,
    self: s.self,
    players: s.players,
    projectiles: s.projectiles,
    events: s.events,
    match: quantizeMatch(s.match),
  };
}

/** Sorts object keys so that key order (the game's vs the table's) does not matter. */
const canon = (v: unknown): unknown =>
  JSON.parse(
    JSON.stringify(v, (_k, x: unknown) =>
      x && typeof x === 'object' && !Array.isArray(x)
        ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
        : x,
    ),
  );

describe('reference client decodes what the game encodes', () => {
  it('full and delta snapshots with match blocks (random worlds, 150 pairs): same values as the game decoder', () => {
    const r = new Rng(14);
    // The random worlds carry match blocks (protocol 3): players, results and pickup events do occur.
    const seen = { results: 0, matchPlayers: 0, pickupEvents: 0 };
    for (let i = 0; i < 150; i++) {
      const base = quantizeSnapshot(ARENA_WIRE, snapshot(r), 0);
      const target = evolve(r, base, r.int(1, 40));
      const full = decodeSnapshot(encodeSnapshot(ARENA_WIRE, base, null), () => undefined);
      expect(full.ok, full.ok ? '' : full.error).toBe(true);
      if (!full.ok) return;
      const want = gameDecode(ARENA_WIRE, encodeSnapshot(ARENA_WIRE, target, base), () => base);
      const got = decodeSnapshot(encodeSnapshot(ARENA_WIRE, target, base), (t) =>
        t === base.serverTick ? full.value : undefined,
      );
      expect(want.ok && got.ok, got.ok ? '' : got.error).toBe(true);
      if (!want.ok || !got.ok) return;
      expect(canon(asGame(got.value))).toEqual(canon(gameView(want.value)));
      seen.results += got.value.match.results ? 1 : 0;
      seen.matchPlayers += got.value.match.players.length;
      seen.pickupEvents += got.value.events.filter((e) => e.type === 'pickup').length;
      expect(got.value).toMatchObject({
        baselineTick: base.serverTick,
        cmdBufferDepth: want.value.cmdBufferDepth,
        echoTimeMs: want.value.echoTimeMs,
        lastCmdTick: want.value.lastCmdTick,
      });
    }
    expect(seen.results).toBeGreaterThan(0);
    expect(seen.matchPlayers).toBeGreaterThan(0);
    expect(seen.pickupEvents).toBeGreaterThan(0);
  });

  it("a snapshot split into parts reassembles to the game decoder's values", () => {
    const r = new Rng(7);
    const base = quantizeSnapshot(ARENA_WIRE, snapshot(r, { players: 120, projectiles: 60, events: 20 }), 0);
    const target = evolve(r, base, 4);
    const parts = encodeSnapshotParts(ARENA_WIRE, target, base, 300);
    expect(parts.length).toBeGreaterThan(1);
    const baseline = decodeSnapshot(encodeSnapshot(ARENA_WIRE, base, null), () => undefined);
    if (!baseline.ok) throw new Error(baseline.error);
    const asm = new PartAssembler();
    let whole: SnapshotPart | null = null;
    for (const bytes of parts) {
      const d = decodeSnapshot(bytes, () => baseline.value);
      if (!d.ok) throw new Error(d.error);
      whole = asm.add(d.value) ?? whole;
    }
    const want = quantizeSnapshot(ARENA_WIRE, target, base.serverTick);
    expect(canon(asGame(whole!))).toEqual(canon(gameView(want)));
  });

  it('refuses a delta whose baseline checksum differs from its copy', () => {
    const r = new Rng(3);
    const base = quantizeSnapshot(ARENA_WIRE, snapshot(r, { players: 4 }), 0);
    const target = evolve(r, base, 2);
    const full = decodeSnapshot(encodeSnapshot(ARENA_WIRE, base, null), () => undefined);
    if (!full.ok) throw new Error(full.error);
    const tampered = { ...full.value, self: { ...full.value.self, health: (full.value.self.health as number) ^ 1 } };
    expect(baselineChecksum(full.value)).not.toBe(baselineChecksum(tampered));
    const d = decodeSnapshot(encodeSnapshot(ARENA_WIRE, target, base), () => tampered);
    expect(d).toMatchObject({ ok: false, checksumMismatch: true });
  });
});

describe('the game decodes what the reference client encodes', () => {
  it('command packets: byte-identical to the game encoder, and decoded to the same commands (500 random)', () => {
    const r = new Rng(99);
    for (let i = 0; i < 500; i++) {
      const tick = r.int(1, 2 ** 30);
      const count = r.int(1, 3);
      // Consecutive commands that mostly repeat, as a real client's do.
      const cmds = [userCmd(r, tick)];
      for (let c = 1; c < count; c++) {
        const prev = cmds[c - 1]!;
        const next = userCmd(r, tick + c);
        cmds.push(
          r.bool(0.5) ? { ...prev, tick: tick + c, viewTick: prev.viewTick === 0 ? 0 : prev.viewTick + 1 } : next,
        );
      }
      const packet = {
        ackTick: r.bool(0.2) ? null : Math.max(0, tick - r.int(-20, 300)),
        sendTimeMs: r.int(0, 65535),
        cmds,
      };
      const bytes = encodeCommandPacket(packet);
      expect(Buffer.from(bytes).toString('hex')).toBe(
        Buffer.from(encodeCmdPacket(ARENA_COMMANDS, quantizeCmdPacket(ARENA_COMMANDS, packet))).toString('hex'),
      );
      expect(decodeCmdPacket(ARENA_COMMANDS, bytes)).toEqual({ ok: true, value: packet });
      expect(decodeCommandPacket(bytes)).toEqual({ ok: true, value: packet });
    }
  });

  it('control messages: challenge, hello, settings and leave byte-identical; proof, welcome, lobby and kick decoded', () => {
    const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
    const token = Uint8Array.from({ length: 16 }, (_, i) => 200 - i);
    const nonce = Uint8Array.from({ length: 32 }, (_, i) => i * 7);
    const seat = token.map((b) => b ^ 0x5a);
    expect(hex(encodeHello('Ada Lovelace', 'pw', token, seat))).toBe(
      hex(
        encodeControl({
          type: 'hello',
          protocolVersion: 4,
          name: 'Ada Lovelace',
          password: 'pw',
          browserToken: hex(token),
          seatToken: hex(seat),
        }),
      ),
    );
    expect(hex(encodeHello('Ada'))).toBe(
      hex(
        encodeControl({
          type: 'hello',
          protocolVersion: 4,
          name: 'Ada',
          password: '',
          browserToken: '0'.repeat(32),
          seatToken: '0'.repeat(32),
        }),
      ),
    );
    expect(hex(encodeChallenge(nonce))).toBe(hex(encodeControl({ type: 'auth-challenge', protocolVersion: 4, nonce })));
    expect(decodeControl(encodeHello('Ada', 'pw', token, seat))).toEqual({
      ok: true,
      value: { type: 'hello', protocolVersion: 4, name: 'Ada', password: 'pw', browserToken: token, seatToken: seat },
    });
    const proof = {
      type: 'auth-proof' as const,
      algorithm: 'p256' as const,
      publicKey: Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i)),
      signature: Uint8Array.from({ length: 64 }, (_, i) => 255 - i),
    };
    expect(decodeControl(encodeControl(proof))).toEqual({
      ok: true,
      value: { type: 'auth-proof', algorithm: 0, publicKey: proof.publicKey, signature: proof.signature },
    });
    for (const reason of ['attempts', 'name', 'busy'] as const) {
      expect(decodeControl(encodeControl({ type: 'reject', reason, text: '' }))).toEqual({
        ok: true,
        value: { type: 'reject', reason, text: '' },
      });
    }
    expect(hex(encodeSettings(60, 100_000, 100, true))).toBe(
      hex(encodeControl({ type: 'settings', updateRate: 60, rate: 100_000, interpMs: 100, debug: true })),
    );
    expect(hex(encodeLeave())).toBe(hex(encodeControl({ type: 'leave' })));
    expect(
      decodeControl(
        encodeControl({
          type: 'welcome',
          clientId: 7,
          settings: { tickrate: 60, maxPlayers: 16, mapName: 'arena', maxUnlagMs: 1000 },
        }),
      ),
    ).toEqual({
      ok: true,
      value: { type: 'welcome', clientId: 7, tickrate: 60, maxPlayers: 16, mapName: 'arena', maxUnlagMs: 1000 },
    });
    const lobby = { type: 'lobby' as const, players: [{ id: 1, name: 'Bo', pingMs: 12, isHost: true }], started: true };
    expect(decodeControl(encodeControl(lobby))).toEqual({ ok: true, value: lobby });
    expect(decodeControl(encodeControl({ type: 'kick', reason: 'shutdown', text: 'bye' }))).toEqual({
      ok: true,
      value: { type: 'kick', reason: 'shutdown', text: 'bye' },
    });
  });

  it("host proof: the reference client's check accepts the game host's proof and refuses a wrong key, another connection or another nonce", async () => {
    const sdp = (hexByte: string): string =>
      `v=0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\na=fingerprint:sha-256 ${Array(32).fill(hexByte).join(':')}\r\n`;
    const hostSdp = sdp('ab');
    const joinerSdp = sdp('0c');
    const key = await createLobbyKey(crypto);
    const nonce = crypto.getRandomValues(new Uint8Array(32));
    const roomId = 'abcdefghijkmnopq';
    const made = await proveHost(key, roomId, nonce, dtlsFromDescriptions(hostSdp, joinerSdp, 'host')!, crypto);
    const decoded = decodeControl(encodeControl(made));
    if (!decoded.ok || decoded.value.type !== 'auth-proof') throw new Error('the proof did not decode');
    const ctx = {
      roomId,
      keyFingerprint: await keyFingerprint(key.publicRaw, crypto),
      nonce,
      localSdp: joinerSdp,
      remoteSdp: hostSdp,
    };
    expect(await checkHostProof(decoded.value, ctx)).toBe('ok');
    expect(await checkHostProof(decoded.value, { ...ctx, keyFingerprint: null })).toBe('ok');
    const other = await createLobbyKey(crypto);
    expect(
      await checkHostProof(decoded.value, { ...ctx, keyFingerprint: await keyFingerprint(other.publicRaw, crypto) }),
    ).toBe('wrong key');
    expect(await checkHostProof(decoded.value, { ...ctx, localSdp: sdp('0d') })).toBe('bad signature');
    expect(await checkHostProof(decoded.value, { ...ctx, nonce: nonce.map((b) => b ^ 1) })).toBe('bad signature');
    expect(await checkHostProof(decoded.value, { ...ctx, roomId: 'bbcdefghijkmnopq' })).toBe('bad signature');
    expect(await checkHostProof(decoded.value, { ...ctx, remoteSdp: 'v=0\r\n' })).toBe('no certificates');
  });
});
