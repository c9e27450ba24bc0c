// The netcode's core checkpoint envelope (src/protocol/core-checkpoint-codec.ts) with a real command
// schema (Pushball's): a round trip; each value the encoder would not write, written here field by
// field in its layout without its checks (`rawEncode`), refused by the decoder and the encoder both;
// the core and message size limits.
import { describe, expect, it } from 'vitest';
import { BitWriter } from '../../../src/protocol/bits';
import { writeCvar, writeToken } from '../../../src/protocol/checkpoint-fields';
import { MAX_CHECKPOINT_MESSAGE_BYTES } from '../../../src/protocol/control-messages';
import {
  CORE_CHECKPOINT_VERSION,
  MAX_CORE_BYTES,
  decodeCoreCheckpoint,
  encodeCoreCheckpoint,
  type CoreCheckpoint,
} from '../../../src/protocol/core-checkpoint-codec';
import { writeBytes } from '../../../src/protocol/handshake-codec';
import { writeFull } from '../../../src/protocol/table-write';
import { NAME_RULE, writeText } from '../../../src/protocol/text';
import { PUSHBALL_COMMANDS } from '../../../src/pushball/protocol/pushball-commands';
import type { SanitizedPushCmd } from '../../../src/pushball/sim';
import { ZERO_TOKEN as ZERO, sampleCheckpoint, tok } from '../pushball/checkpoint-samples';

type Cp = CoreCheckpoint<SanitizedPushCmd>;

/** The encoder's layout without its checks: what a confused or hostile host could send. */
function rawEncode(c: Cp, coreLength = c.core.length): Uint8Array {
  const w = new BitWriter(1024 + c.core.length);
  w.writeBits(CORE_CHECKPOINT_VERSION, 8);
  w.writeBits(c.tick, 32);
  w.writeBits(c.tickrate, 8);
  w.writeVarUint(c.maxPlayers, 4);
  w.writeBits(c.nextEventId, 16);
  w.writeVarUint(c.clients.length, 4);
  for (const x of c.clients) {
    w.writeBits(x.id, 8);
    writeText(w, x.name, NAME_RULE);
    writeToken(w, x.token);
    w.writeBool(x.last !== null);
    if (!x.last) continue;
    w.writeBits(x.last.cmd.tick, 32);
    writeFull(w, PUSHBALL_COMMANDS.codec, x.last.cmd, { serverTick: x.last.cmd.tick }, true);
    w.writeVarInt(x.last.madeAgo256, 8);
  }
  w.writeVarUint(c.absent.length, 4);
  for (const a of c.absent) {
    writeToken(w, a.token);
    w.writeBits(a.id, 8);
    writeText(w, a.name, NAME_RULE);
  }
  w.writeVarUint(c.bans.length, 4);
  for (const t of c.bans) writeToken(w, t);
  w.writeVarUint(c.cvars.length, 4);
  for (const cv of c.cvars) writeCvar(w, cv);
  w.writeVarUint(c.lobbyKey.length, 4);
  writeBytes(w, c.lobbyKey);
  w.writeVarUint(coreLength, 4);
  writeBytes(w, c.core);
  return w.finish();
}

const decode = (bytes: Uint8Array) => decodeCoreCheckpoint(PUSHBALL_COMMANDS, bytes);

describe('core checkpoint envelope', () => {
  it('round-trips a checkpoint with real commands, and the raw writer is the encoder byte for byte', () => {
    const cp = sampleCheckpoint();
    const bytes = encodeCoreCheckpoint(PUSHBALL_COMMANDS, cp);
    expect(bytes[0]).toBe(0x81);
    expect(rawEncode(cp)).toEqual(bytes);
    const back = decode(bytes);
    expect(back.ok && back.value).toEqual(cp);
  });

  const refusals: Array<[string, (c: Cp) => void, RegExp]> = [
    ['a held seat with the all-zero token', (c) => (c.absent[0]!.token = ZERO), /held seat without a seat token/],
    ['a held seat whose id is a connected client', (c) => (c.absent[0]!.id = 2), /held seat whose id is a client/],
    ['a seat token twice (two held seats)', (c) => (c.absent[1]!.token = c.absent[0]!.token), /seat token twice/],
    ['a seat token twice (a client and a held seat)', (c) => (c.absent[0]!.token = tok(1)), /seat token twice/],
    ['a seat token twice (two clients)', (c) => (c.clients[1]!.token = tok(1)), /seat token twice/],
    ['held seats not sorted by id', (c) => c.absent.reverse(), /held seats not sorted/],
    ['held seats with an id twice', (c) => (c.absent[1]!.id = 3), /held seats not sorted/],
    ['clients not sorted by id', (c) => c.clients.reverse(), /clients not sorted/],
    ['max players 0', (c) => ((c.maxPlayers = 0), (c.clients = []), (c.absent = [])), /max players 0/],
    ['more clients than max players', (c) => (c.maxPlayers = 2), /3 clients above max players 2/],
    ['max players above 256', (c) => (c.maxPlayers = 257), /257 max players/],
    ['tickrate 19', (c) => (c.tickrate = 19), /tickrate 19/],
    ['tickrate 129', (c) => (c.tickrate = 129), /tickrate 129/],
  ];

  for (const [what, edit, reason] of refusals) {
    it(`refuses ${what}, and the encoder will not write it`, () => {
      const cp = sampleCheckpoint();
      expect(decode(rawEncode(cp)).ok).toBe(true);
      edit(cp);
      const r = decode(rawEncode(cp));
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatch(reason);
      expect(() => encodeCoreCheckpoint(PUSHBALL_COMMANDS, cp)).toThrow(RangeError);
    });
  }

  it('derives the core limit from the checkpoint message limit: the biggest core fits one message', () => {
    expect(MAX_CORE_BYTES).toBeLessThan(MAX_CHECKPOINT_MESSAGE_BYTES);
    const bare: Cp = { ...sampleCheckpoint(), maxPlayers: 1, clients: [], absent: [], bans: [], cvars: [] };
    const biggest = encodeCoreCheckpoint(PUSHBALL_COMMANDS, {
      ...bare,
      lobbyKey: new Uint8Array(0),
      core: new Uint8Array(MAX_CORE_BYTES).fill(7),
    });
    expect(biggest.length).toBe(MAX_CHECKPOINT_MESSAGE_BYTES);
    expect(decode(biggest).ok).toBe(true);
  });

  it('the encoder refuses a core above the limit, or a checkpoint above one message', () => {
    const cp = sampleCheckpoint();
    expect(() => encodeCoreCheckpoint(PUSHBALL_COMMANDS, { ...cp, core: new Uint8Array(MAX_CORE_BYTES + 1) })).toThrow(
      /a core of 65521 bytes/,
    );
    // A core within its own limit that, with this envelope, makes more than one message.
    expect(() => encodeCoreCheckpoint(PUSHBALL_COMMANDS, { ...cp, core: new Uint8Array(MAX_CORE_BYTES) })).toThrow(
      /one message holds 65535/,
    );
  });

  it('the decoder refuses a core above the limit and bytes above one message', () => {
    const cp = { ...sampleCheckpoint(), clients: [], absent: [], bans: [], cvars: [], lobbyKey: new Uint8Array(0) };
    // A length above the limit is refused before anything is allocated for it.
    const r = decode(rawEncode({ ...cp, core: new Uint8Array(10) }, MAX_CORE_BYTES + 1));
    expect(!r.ok && r.error).toMatch(/65521 core bytes \(at most 65520\)/);
    const long = new Uint8Array(MAX_CHECKPOINT_MESSAGE_BYTES + 1);
    long[0] = 0x81;
    expect(decode(long)).toEqual({ ok: false, error: expect.stringMatching(/one message holds/) });
  });
});
