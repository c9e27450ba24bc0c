/**
 * The replay fuzz's checks (replay-fuzz.test.ts): a decoder run that must not throw and must give a
 * reason when it refuses; an accepted frame must be in range (written again with the recorder's own
 * codecs, it decodes to the same value); an accepted file must have its header within the
 * documented bounds, rising 32-bit frame ticks, rosters and chat within the text rules, and must
 * seek without throwing.
 */
import { BitWriter } from '../../../src/protocol/bits';
import {
  MAX_FRAME_STEP,
  ObserverFrameWriter,
  readObserverFrame,
  type ObservedFrame,
} from '../../../src/protocol/observer-frame';
import { MAX_ROSTER } from '../../../src/protocol/replay-format';
import { openReplay, peekReplayHeader, type Replay } from '../../../src/protocol/replay-reader';
import type { AnyEntity, SnapshotWire } from '../../../src/protocol/snapshot-schema';
import { SnapshotFrame } from '../../../src/protocol/snapshot-view';
import { MAP_NAME_RULE, MESSAGE_RULE, NAME_RULE, textProblem } from '../../../src/protocol/text';
import { PROTOCOL_VERSION, type DecodeResult } from '../../../src/protocol/wire';
import type { Tally } from './fuzz-kit';
import type { Rng } from './gen';
import { ALL_SAMPLES, type ReplaySample } from './replay-samples';

/** The last tick (ticks are 32 bits on the wire). */
export const MAX_TICK = 0xffffffff;

export const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
export const newTally = (): Tally => ({ ok: 0, refused: 0 });

export function must(cond: boolean, message: () => string): asserts cond {
  if (!cond) throw new Error(message());
}

/** Runs a decoder: a throw or a refusal without a reason fails the test, with the input. */
export function attempt<T>(decode: () => DecodeResult<T>, input: () => string): DecodeResult<T> {
  let out: DecodeResult<T>;
  try {
    out = decode();
  } catch (err) {
    throw new Error(`decoder threw on ${input()}: ${String(err)}`);
  }
  if (!out.ok)
    must(typeof out.error === 'string' && out.error.length > 0, () => `refusal without a reason: ${input()}`);
  return out;
}

/**
 * Writes decoded frames again with the recorder's own codecs: the lists and rules packed into a
 * SnapshotFrame (`capture`), the events encoded again (`wire.events.encode`), ObserverFrameWriter.
 */
export class Reencoder {
  readonly wire: SnapshotWire;
  private readonly writer: ObserverFrameWriter;
  private readonly target: SnapshotFrame;
  private readonly base: SnapshotFrame;
  private readonly w = new BitWriter(256);

  constructor(private readonly sample: ReplaySample) {
    this.wire = sample.wire;
    this.writer = new ObserverFrameWriter(sample.wire);
    const memo = sample.wire.rules.newMemo();
    this.target = new SnapshotFrame(sample.wire, memo);
    this.base = new SnapshotFrame(sample.wire, memo);
  }

  /** `frame` against `base` (null: a key frame); throws what packing or the writer throws. */
  encode(frame: ObservedFrame, base: ObservedFrame | null, tick = frame.tick): Uint8Array {
    this.target.capture(tick, this.packable(frame.lists), frame.rules);
    if (base) this.base.capture(base.tick, this.packable(base.lists), base.rules);
    const events = frame.events.map((e) => this.wire.events.encode(e));
    this.w.reset();
    this.writer.write(this.w, this.target, base ? this.base : null, events);
    return this.w.finish();
  }

  /**
   * `frame` as a delta from `base` that says it is `step` ticks on, any step (those the writer
   * refuses too): written with step 1, then that step's field (6 bits with the base flag) replaced.
   */
  stepped(frame: ObservedFrame, base: ObservedFrame, step: number): Uint8Array {
    const tick = Math.min(base.tick + step, MAX_TICK);
    const legal = this.encode(frame, { ...base, tick: tick - 1 }, tick);
    const bits = this.w.bitLength;
    const w = new BitWriter(legal.length + 8);
    w.writeBool(true);
    w.writeVarUint(step, 4);
    w.appendBits(legal, 6, bits - 6);
    return w.finish();
  }

  /** The lists as the host holds them: the receiver's section with its self-only fields filled in. */
  private packable(lists: readonly AnyEntity[][]): AnyEntity[][] {
    const fill = this.sample.selfFill;
    return lists.map((list, i) => (i === this.wire.receiverSection ? list.map((e) => ({ ...fill, ...e })) : list));
  }
}

/**
 * An accepted frame is in range: written again against its base and (`asKey`) as a key frame, it
 * decodes to the same value. (A tick beyond 32 bits, an id outside its section, a field off its
 * grid, an event the codec cannot carry: each makes the writer throw or the value change.)
 */
export function checkFrame(
  re: Reencoder,
  frame: ObservedFrame,
  base: ObservedFrame | null,
  input: () => string,
  asKey = true,
): void {
  const json = JSON.stringify(frame);
  for (const b of base ? (asKey ? [base, null] : [base]) : [null]) {
    const how = b ? 'as a delta' : 'as a key frame';
    let bytes: Uint8Array;
    try {
      bytes = re.encode(frame, b);
    } catch (err) {
      throw new Error(
        `accepted an out-of-range frame from ${input()}: writing it ${how} threw ${String(err)}: ${json.slice(0, 600)}`,
      );
    }
    const again = readObserverFrame(re.wire, bytes, b);
    must(
      again.ok && JSON.stringify(again.value) === json,
      () =>
        `accepted an out-of-range frame from ${input()}: written ${how} it decodes to ${again.ok ? JSON.stringify(again.value).slice(0, 600) : again.error}, not ${json.slice(0, 600)}`,
    );
  }
}

const reencoders = new Map<SnapshotWire, Reencoder>(ALL_SAMPLES.map((s) => [s.wire, new Reencoder(s)]));
/** The re-encoder of a game's schema. */
export const reencoderOf = (wire: SnapshotWire): Reencoder => reencoders.get(wire)!;

const inRange = (v: number, lo: number, hi: number): boolean => Number.isInteger(v) && v >= lo && v <= hi;

/**
 * An accepted replay: header in bounds, frames rising, rosters and chat within the rules; seeking
 * works; its frames are in range (all of them when `walk`, else one at random).
 */
function checkReplay(rep: Replay, r: Rng, walk: boolean, input: () => string): void {
  const h = rep.header;
  const what =
    (s: string): (() => string) =>
    () =>
      `accepted ${s} from ${input()}`;
  must(h.protocolVersion === PROTOCOL_VERSION, what(`protocol ${h.protocolVersion}`));
  must(inRange(h.tickrate, 20, 128), what(`tickrate ${h.tickrate}`));
  must(inRange(h.frameTicks, 1, 255), what(`frame ticks ${h.frameTicks}`));
  must(inRange(h.keyFrameEvery, 1, 65535), what(`key frame interval ${h.keyFrameEvery}`));
  must(inRange(h.firstTick, 0, MAX_TICK), what(`first tick ${h.firstTick}`));
  must(textProblem(h.game, MAP_NAME_RULE) === null, what(`game ${JSON.stringify(h.game)}`));
  must(textProblem(h.map, MAP_NAME_RULE) === null, what(`map ${JSON.stringify(h.map)}`));
  must(rep.frameCount > 0, what('a replay with no frames'));
  for (let i = 0; i < rep.frameCount; i++) {
    const t = rep.frameTicks[i]!;
    must(inRange(t, 0, MAX_TICK) && (i === 0 || t > rep.frameTicks[i - 1]!), what(`frame ${i} at tick ${t}`));
  }
  for (const rec of rep.rosters) {
    must(inRange(rec.tick, 0, MAX_TICK) && rec.players.length <= MAX_ROSTER, what(`roster of ${rec.players.length}`));
    for (const p of rec.players)
      must(
        inRange(p.id, 0, 255) && textProblem(p.name, NAME_RULE) === null,
        what(`player ${p.id} ${JSON.stringify(p.name)}`),
      );
  }
  for (const c of rep.chats)
    must(
      inRange(c.tick, 0, MAX_TICK) && inRange(c.from, 0, 255) && textProblem(c.text, MESSAGE_RULE) === null,
      what(`chat ${JSON.stringify(c)}`),
    );

  const re = reencoderOf(rep.wire);
  const checkAt = (i: number): void => {
    // Against the frame before it when a delta can reach it from there (a step of at most 0xffff).
    const base = i > 0 && rep.frameTicks[i]! - rep.frameTicks[i - 1]! <= MAX_FRAME_STEP ? rep.frame(i - 1) : null;
    const f = rep.frame(i);
    must(f.tick === rep.frameTicks[i], what(`frame ${i} at tick ${f.tick}, listed at ${rep.frameTicks[i]}`));
    // As a key frame only when it has no base here (the frame fuzz writes both; ticks are checked above).
    checkFrame(re, f, base, input, false);
  };
  const span = rep.lastTick - rep.firstTick;
  try {
    // Seeking by tick (some off the replay, some not numbers), in any order, and by index out of range.
    for (let k = 0; k < 2; k++) {
      const tick = r.bool(0.8) ? rep.firstTick + r.int(-3, span + 3) : r.pick([NaN, -1, Infinity, -Infinity, 2 ** 53]);
      const f = rep.frameAt(tick);
      must(f.tick === rep.frameTicks[rep.frameIndexAt(tick)], what(`frameAt(${tick}) at tick ${f.tick}`));
    }
    for (const p of rep.rosterAt(rep.firstTick + r.int(-3, span + 3)))
      must(inRange(p.id, 0, 255), what('a roster entry'));
    must(
      rep.frame(rep.frameCount + 5).tick === rep.lastTick && rep.frame(-2).tick === rep.firstTick,
      what('frame(index) not clamped'),
    );
    // Every frame in range: `walk` checks them all, in order; otherwise one at random.
    if (walk) for (let i = 0; i < rep.frameCount; i++) checkAt(i);
    else checkAt(r.int(0, rep.frameCount - 1));
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('accepted')) throw err;
    throw new Error(`Replay threw on ${input()}: ${String(err)}`);
  }
}

/**
 * Opens `bytes` with `wire` (and peeks at it); checks what is accepted, walking every frame of a
 * `walkShare` of the accepted files (the others: one frame at random).
 */
export function checkFile(wire: SnapshotWire, bytes: Uint8Array, r: Rng, tally: Tally, walkShare: number): void {
  const input = (): string => `file ${hex(bytes)}`;
  const peek = attempt(() => peekReplayHeader(bytes), input);
  const opened = attempt(() => openReplay(wire, bytes), input);
  if (!opened.ok) {
    tally.refused++;
    return;
  }
  tally.ok++;
  must(
    peek.ok && JSON.stringify(peek.value) === JSON.stringify(opened.value.header),
    () => `peek disagrees on ${input()}`,
  );
  checkReplay(opened.value, r, r.bool(walkShare), input);
}

export const report = (name: string, t: Tally): string =>
  `${name.padEnd(24)} ${String(t.ok).padStart(7)} accepted ${String(t.refused).padStart(7)} refused`;
