// The core checkpoint's decoders as a trust boundary, fuzzed as the arena's checkpoint is
// (test/unit/protocol/fuzz-kit.ts): random bytes, mutations of real Pushball checkpoints (the whole
// envelope, the core's bytes, and numbers in the core's JSON replaced) go into decodeCoreCheckpoint
// and the Pushball core decoder. Neither throws, and anything accepted re-encodes to a checkpoint
// within the message limit that decodes to the same value.
import { describe, expect, it } from 'vitest';
import { MAX_CHECKPOINT_MESSAGE_BYTES } from '../../../src/protocol/control-messages';
import {
  decodeCoreCheckpoint,
  encodeCoreCheckpoint,
  type CoreCheckpoint,
} from '../../../src/protocol/core-checkpoint-codec';
import type { DecodeResult } from '../../../src/protocol/wire';
import { PUSHBALL_COMMANDS } from '../../../src/pushball/protocol/pushball-commands';
import { PUSHBALL_CORE_CODEC } from '../../../src/pushball/server/pushball-checkpoint';
import type { PushballCore } from '../../../src/pushball/server/pushball-types';
import type { PushCmd } from '../../../src/pushball/sim';
import type { CoreEnvelopeFacts } from '../../../src/server/core-migration';
import { Rng } from '../protocol/gen';
import { fuzz, mutate } from '../protocol/fuzz-kit';
import { realCore, sampleCheckpoint } from './checkpoint-samples';

type Both = { cp: CoreCheckpoint<PushCmd>; core: PushballCore };
/** Three runs of this many: 24,000 inputs. */
const RUNS = 8_000;

const factsOf = (cp: CoreCheckpoint<unknown>): CoreEnvelopeFacts => ({
  tick: cp.tick,
  tickrate: cp.tickrate,
  maxPlayers: cp.maxPlayers,
  clients: cp.clients.map((c) => c.id),
});

/** The restore's path: the envelope, then the game's core in its facts. */
function decodeBoth(bytes: Uint8Array): DecodeResult<Both> {
  const env = decodeCoreCheckpoint(PUSHBALL_COMMANDS, bytes);
  if (!env.ok) return env;
  const core = PUSHBALL_CORE_CODEC.decode(env.value.core, factsOf(env.value));
  return core.ok ? { ok: true, value: { cp: env.value, core: core.value } } : core;
}

function encodeBoth({ cp, core }: Both): Uint8Array {
  const bytes = encodeCoreCheckpoint(PUSHBALL_COMMANDS, { ...cp, core: PUSHBALL_CORE_CODEC.encode(core, factsOf(cp)) });
  expect(bytes.length).toBeLessThanOrEqual(MAX_CHECKPOINT_MESSAGE_BYTES);
  return bytes;
}

/** Real checkpoints: the sample envelope (its client ids 1, 2, 5 are people) around real cores. */
function samples(): Uint8Array[] {
  return [60, 200, 450].map((ticks) => {
    const { core, facts } = realCore(ticks);
    const cp = { ...sampleCheckpoint(), tick: facts.tick };
    return encodeBoth({ cp, core });
  });
}

/** A number of the core's JSON replaced by a nearby, extreme or odd one. */
function mutateNumber(r: Rng, json: string): string {
  const spans = [...json.matchAll(/-?\d+(\.\d+)?/g)];
  const m = spans[r.int(0, spans.length - 1)]!;
  const n = Number(m[0]);
  const choices = [n + 1, n - 1, n + 1 / 16, -n, 2 ** 31, 0, 255, 256, 4096, 2048, 1e300, n * 2];
  const out = String(r.pick(choices));
  return json.slice(0, m.index) + out + json.slice(m.index! + m[0].length);
}

describe('core checkpoint fuzz', () => {
  const valid = samples();

  it('the samples decode (the fuzz starts from real checkpoints)', () => {
    for (const b of valid) expect(decodeBoth(b).ok).toBe(true);
  });

  it('random bytes and mutations of whole checkpoints: never a throw, accepted ones re-encode within the limits', () => {
    const [random, mutated] = fuzz(81, 400, valid, decodeBoth, encodeBoth, RUNS);
    expect(random.ok + random.refused).toBe(RUNS);
    expect(mutated.refused).toBeGreaterThan(RUNS / 10);
  });

  it('mutations of the core alone (bytes and numbers) in a valid envelope', () => {
    const r = new Rng(82);
    const tally = { ok: 0, refused: 0 };
    const bases = valid.map((b) => {
      const d = decodeBoth(b);
      if (!d.ok) throw new Error(d.error);
      return d.value;
    });
    for (let i = 0; i < RUNS; i++) {
      const base = r.pick(bases);
      const facts = factsOf(base.cp);
      const json = new TextDecoder().decode(PUSHBALL_CORE_CODEC.encode(base.core, facts));
      const coreBytes =
        i % 2 === 0 ? mutate(r, new TextEncoder().encode(json)) : new TextEncoder().encode(mutateNumber(r, json));
      const bytes = encodeCoreCheckpoint(PUSHBALL_COMMANDS, { ...base.cp, core: coreBytes });
      let out: DecodeResult<Both>;
      try {
        out = decodeBoth(bytes);
      } catch (err) {
        throw new Error(`threw on core ${new TextDecoder().decode(coreBytes)}: ${String(err)}`);
      }
      if (!out.ok) {
        tally.refused++;
        continue;
      }
      tally.ok++;
      const again = decodeBoth(encodeBoth(out.value));
      expect(again.ok && JSON.stringify(again.value)).toBe(JSON.stringify(out.value));
    }
    expect(tally.ok + tally.refused).toBe(RUNS);
    expect(tally.refused).toBeGreaterThan(RUNS / 4);
    expect(tally.ok).toBeGreaterThan(50);
  });
});
