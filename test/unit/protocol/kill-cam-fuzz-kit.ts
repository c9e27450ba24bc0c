/**
 * The kill-cam fuzz's samples, mutations and checks (kill-cam-fuzz.test.ts). Samples: real kill-cams
 * the host cut (GameServer's KillCams) in the lag-compensation duel (integration/duel-scripts.ts) and
 * in a crowd of five at 60 Hz and 20 Hz, and short ones (1..~12 frames) cut again from them by the
 * host's cutter (cutKillCam) over a history of their frames (other windows, frame steps, tick rates,
 * view lags, killers). Mutations: of the message; of its replay, the replay fuzz's record-level OPS
 * and a kill-cam's own (another kill-cam's frames spliced in raw or re-encoded, a delta as a key frame
 * and back). `checkMessage` says what is checked.
 */
import { arenaClientGame } from '../../../src/arena/client/arena-client-game';
import type { ArenaClientTypes } from '../../../src/arena/client/arena-client-types';
import type { ClientView } from '../../../src/arena/client/view-model';
import type { NetEvent } from '../../../src/arena/protocol/arena-messages';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import { KillCamShow, MAX_KILL_CAM_SPEED } from '../../../src/client/kill-cam-show';
import { decodeControl, encodeControl } from '../../../src/protocol/control';
import type { KillCamMessage } from '../../../src/protocol/kill-cam-codec';
import type { ObservedFrame } from '../../../src/protocol/observer-frame';
import { RecordKind } from '../../../src/protocol/replay-format';
import { peekReplayHeader } from '../../../src/protocol/replay-reader';
import { SnapshotFrame } from '../../../src/protocol/snapshot-view';
import type { DecodeResult } from '../../../src/protocol/wire';
import { cutKillCam, type KillCamHistory } from '../../../src/server/kill-cam-cutter';
import type { KillCamCut } from '../../../src/server/kill-cams';
import { Rng } from './gen';
import { hex, must, reencoderOf } from './replay-check';
import { OPS, type FileModel, type Rec } from './replay-mutations';
import { framesOf, SAMPLES as REPLAYS, type FrameSample, type ReplaySample } from './replay-samples';

/** The longest page-clock step a playback moves by (replay-playback.ts MAX_STEP_MS). */
const MAX_STEP_MS = 250;
/** Views a show is played one by one; a longer one is played 20, then sought to just before its end. */
export const FRAME_BUDGET = 100;

/** A kill-cam: its message, as encoded, its frames; `full`: a real 4-second cut, not a short one cut again from it. */
export interface KillCamSample extends ReplaySample {
  message: KillCamMessage;
  encoded: Uint8Array;
  frames: FrameSample[];
  full: boolean;
}

function sampleOf(name: string, message: KillCamMessage, full: boolean): KillCamSample {
  const selfFill = REPLAYS.arena.selfFill;
  const s = { name, game: 'arena' as const, wire: ARENA_WIRE, bytes: message.bytes, selfFill };
  return { ...s, message, encoded: encodeControl(message), frames: framesOf(s), full };
}

/** The history a cut reads, of `frames` (the killer's claimed view `lag.ticks` behind; 0: none claimed). */
function historyOf(frames: readonly ObservedFrame[], r: Rng, lag: { ticks: number }): KillCamHistory {
  const fill = REPLAYS.arena.selfFill;
  const byTick = new Map<number, SnapshotFrame>();
  for (const f of frames) {
    const lists = f.lists.map((l, i) => (i === ARENA_WIRE.receiverSection ? l.map((e) => ({ ...fill, ...e })) : l));
    byTick.set(f.tick, new SnapshotFrame(ARENA_WIRE).capture(f.tick, lists, f.rules));
  }
  const events = frames.flatMap((f) => f.events.map((e) => ARENA_WIRE.events.encode(e as NetEvent)));
  return {
    frameAt: (t) => byTick.get(t) ?? null,
    viewTime: (_id, t) => (lag.ticks === 0 ? null : t - lag.ticks - (r.bool(0.5) ? 0.5 : 0)),
    eventsBetween: (from, to) => events.filter((e) => e.tick > from && e.tick <= to),
  };
}

/** `count` short kill-cams cut again from `full` with cutKillCam (what the host's KillCamJob writes). */
function shortCuts(full: KillCamSample, r: Rng, count: number): KillCamSample[] {
  const frames = full.frames.map((f) => f.frame);
  const ids = [...new Set(frames.flatMap((f) => f.lists[ARENA_WIRE.receiverSection]!.map((p) => p.id)))];
  const head = peekReplayHeader(full.bytes);
  const tickrate = head.ok ? head.value.tickrate : 60;
  const lag = { ticks: 0 };
  const history = historyOf(frames, r, lag);
  const out: KillCamSample[] = [];
  for (let n = 0; out.length < count && n < count * 4; n++) {
    lag.ticks = r.bool(0.6) ? 0 : r.int(1, 6);
    const killer = r.bool(0.75) ? full.message.killer : r.bool(0.6) ? r.pick(ids) : r.pick([0, 100, 255]);
    const spec = {
      killer,
      tick: frames[r.bool(0.3) ? frames.length - 1 : r.int(0, frames.length - 1)]!.tick,
      windowTicks: r.bool(0.85) ? r.int(0, 4) : r.int(5, 40),
      frameTicks: r.pick([1, 2, 2, 3, 5]),
      tickrate: r.bool(0.8) ? tickrate : r.pick([20, 30, 128, r.int(20, 128)]),
      game: 'arena',
      map: r.pick(['Dust Yard', 'live', 'Zoë 🎯']),
    };
    const bytes = cutKillCam(ARENA_WIRE, spec, history);
    const playTicks = r.pick([full.message.playTicks, 1, 24, 60, 600, 65535, r.int(1, 65535)]);
    if (bytes)
      out.push(sampleOf(`${full.name}, cut ${out.length}`, { type: 'killcam', killer, playTicks, bytes }, false));
  }
  return out;
}

/** Short kill-cams that other kill-cams' frames are spliced from (set by makeSamples). */
let donors: readonly KillCamSample[] = [];

/** The fuzz's kill-cams: the host's `cuts` (named), and `shortPer` short cuts of each. */
export function makeSamples(cuts: [string, KillCamCut[], number][]): Record<'full' | 'short', KillCamSample[]> {
  const r = new Rng(2424);
  const full: KillCamSample[] = [];
  const short: KillCamSample[] = [];
  for (const [name, list, shortPer] of cuts)
    for (const [i, c] of list.entries()) {
      const message = { type: 'killcam' as const, killer: c.killer, playTicks: c.playTicks, bytes: c.bytes };
      full.push(sampleOf(`${name} death ${i}`, message, true));
      short.push(...shortCuts(full[full.length - 1]!, r, shortPer));
    }
  donors = short.filter((_, i) => i % 12 === 0);
  return { full, short };
}

/** Re-encodings kept (the fuzz asks for the same ones many times): by frame, then by what else. */
const kept = new WeakMap<object, Map<unknown, Uint8Array>>();
function keep(a: object, b: unknown, make: () => Uint8Array): Uint8Array {
  const byB = kept.get(a) ?? kept.set(a, new Map()).get(a)!;
  return byB.get(b) ?? byB.set(b, make()).get(b)!;
}
const re = reencoderOf(ARENA_WIRE);
export const keyOf = (f: ObservedFrame): Uint8Array => keep(f, null, () => re.encode(f, null));
export const deltaOf = (f: ObservedFrame, base: ObservedFrame): Uint8Array => keep(f, base, () => re.encode(f, base));

/** The index of an untouched delta frame record whose base is the untouched record before it, or -1. */
function untouchedDelta(r: Rng, m: FileModel): number {
  const n = m.recs.length;
  for (let k = 0, at = r.int(0, n); k < n; k++) {
    const i = (at + k) % n;
    const o = m.recs[i]!.origin;
    if (o?.base && o.sample === m.sample && i > 0 && m.recs[i - 1]!.origin?.frame === o.base) return i;
  }
  return -1;
}
const recordAfter = (m: FileModel, f: ObservedFrame): number => m.recs.findIndex((x) => x.origin?.prev === f);

/**
 * The replay fuzz's record-level mutations, but 'wrong game' (the show opens with the arena's schema)
 * and 'another file appended' (a second header, always refused: a kill-cam's frames are spliced below),
 * and a kill-cam's own.
 */
const { 'wrong game': _wrongGame, 'another file appended': _appended, ...generic } = OPS;
export const REPLAY_OPS: Record<string, (r: Rng, m: FileModel) => void> = {
  ...generic,
  'kill-cam spliced': (r, m) => {
    // Another kill-cam's records as they are (its deltas now against the wrong base).
    const other = r.pick(donors).frames;
    const from = r.int(0, other.length - 1);
    const kind = (f: FrameSample): number => (f.base ? RecordKind.deltaFrame : RecordKind.keyFrame);
    const run: Rec[] = other.slice(from, from + r.int(1, 4)).map((f) => ({ kind: kind(f), payload: f.bytes }));
    m.recs.splice(r.bool(0.2) ? m.recs.length : r.int(1, m.recs.length), r.bool(0.5) ? run.length : 0, ...run);
  },
  'kill-cam re-encoded in': (r, m) => {
    // Another kill-cam's world written as frame k (a delta from k-1, at k's tick), frame k+1 as a key frame: whole.
    const i = untouchedDelta(r, m);
    if (i < 0) return;
    const { frame, base } = m.recs[i]!.origin!;
    const donor = r.pick(r.pick(donors).frames).frame;
    const at = { ...donor, tick: frame.tick, events: donor.events.map((e) => ({ ...e, tick: frame.tick })) };
    m.recs[i] = { kind: RecordKind.deltaFrame, payload: keep(frame, donor, () => re.encode(at, base)) };
    const next = recordAfter(m, frame);
    if (next >= 0) m.recs[next] = { kind: RecordKind.keyFrame, payload: keyOf(m.recs[next]!.origin!.frame) };
  },
  'delta to key and back': (r, m) => {
    // A delta written again as a key frame (sometimes the next one too: two in a row), or as a key
    // frame written back as the delta it was (the first test checks that is its own bytes).
    const i = untouchedDelta(r, m);
    if (i < 0) return;
    const o = m.recs[i]!.origin!;
    if (r.bool(0.2)) m.recs[i] = { kind: RecordKind.deltaFrame, payload: deltaOf(o.frame, o.base!), origin: o };
    else m.recs[i] = { kind: RecordKind.keyFrame, payload: keyOf(o.frame), origin: { ...o, base: null } };
    const next = recordAfter(m, o.frame);
    if (next >= 0 && r.bool(0.3))
      m.recs[next] = { kind: RecordKind.keyFrame, payload: keyOf(m.recs[next]!.origin!.frame) };
  },
};
export const REPLAY_OP_NAMES = Object.keys(REPLAY_OPS);

/** Per category: refused by decodeControl, another control message, replay refused, shown; views and long shows. */
export type KcTally = Record<'message' | 'other' | 'replay' | 'shown' | 'views' | 'long', number>;
export const newTally = (): KcTally => ({ message: 0, other: 0, replay: 0, shown: 0, views: 0, long: 0 });
export const sumTallies = (ts: Iterable<KcTally>): KcTally => {
  const out = newTally();
  for (const t of ts) for (const k of Object.keys(out) as (keyof KcTally)[]) out[k] += t[k];
  return out;
};
export const inputsOf = (t: KcTally): number => t.message + t.other + t.replay + t.shown;
export const report = (name: string, t: KcTally): string =>
  `${name.padEnd(24)} ${String(t.shown).padStart(7)} shown ${String(t.replay).padStart(7)} replay refused ` +
  `${String(t.message).padStart(7)} message refused ${String(t.other).padStart(4)} other type ` +
  `${String(t.views).padStart(7)} views ${String(t.long).padStart(4)} long`;

/** `run()`, or a failure naming `what` threw on which input. */
function guard<T>(what: string, run: () => T, input: () => string): T {
  try {
    return run();
  } catch (err) {
    throw new Error(`${what} threw on ${input()}: ${err instanceof Error ? err.stack : String(err)}`);
  }
}
function attempt<T>(what: string, run: () => DecodeResult<T>, input: () => string): DecodeResult<T> {
  const out = guard(what, run, input);
  if (!out.ok) must(typeof out.error === 'string' && out.error.length > 0, () => `${what}: no reason: ${input()}`);
  return out;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const finite = (...vs: number[]): boolean => vs.every((v) => typeof v === 'number' && Number.isFinite(v));

function checkView(v: ClientView, killer: number, tickrate: number, where: () => string): void {
  must(v.localId === killer, () => `view follows ${v.localId}, not the killer ${killer}: ${where()}`);
  must(v.local === null && v.tickrate === tickrate, () => `a local player, or ${v.tickrate} Hz: ${where()}`);
  for (const p of v.remotes) must(finite(p.x, p.y, p.aim), () => `player ${p.id} at (${p.x}, ${p.y}): ${where()}`);
  for (const p of v.projectiles) must(finite(p.x, p.y), () => `rocket ${p.id} at (${p.x}, ${p.y}): ${where()}`);
}

/** How the victim's live view goes while the show plays: dead, alive (never seen dead), alive again at `stopAt`, a skip at `stopAt`. */
const DEATH = ['dead', 'dead', 'alive', 'respawn', 'skip'] as const;

type Show = KillCamShow<ArenaClientTypes>;

/** Plays an opened show to its end on a virtual clock (a fixed step, or jittered), checking every view and when it ends. */
function play(show: Show, m: KillCamMessage, now: number, r: Rng, t: KcTally, input: () => string): void {
  const replay = show.playback.replay;
  const tickrate = replay.header.tickrate;
  const span = replay.lastTick - replay.firstTick;
  const speed = show.times.speed;
  must(finite(speed) && speed >= 1 && speed <= MAX_KILL_CAM_SPEED, () => `speed ${speed}: ${input()}`);
  must(show.killer === m.killer, () => `show of killer ${show.killer}: ${input()}`);
  must(span >= 0 && replay.frameCount >= 1, () => `span ${span} of ${replay.frameCount} frames: ${input()}`);
  const jitter = r.bool(0.15);
  const stepMs = r.bool(0.85) ? MAX_STEP_MS : r.pick([1000 / 60, 1000 / 30, 100, 1000, r.int(5, 250)]);
  const maxStep = Math.min(stepMs, MAX_STEP_MS);
  const minStep = jitter ? Math.max(5, maxStep / 2) : maxStep;
  const ticksPer = (ms: number): number => (ms / 1000) * tickrate * speed;
  // Views until it ends at its last frame (the first view moves no time): the most, and the fewest less one.
  const most = Math.ceil(span / ticksPer(minStep)) + 2;
  const fewest = Math.ceil(span / ticksPer(maxStep));
  const death = r.pick(DEATH);
  const stopAt = death === 'respawn' || death === 'skip' ? r.int(0, Math.min(most, 30)) : Infinity;
  // Skipped, or seen alive after its death (so not at 0): it ends there at the latest.
  const early = death === 'skip' || (death === 'respawn' && stopAt > 0);
  const long = most > FRAME_BUDGET && !(early && stopAt <= 20);
  const deadSince = now - r.int(0, 500);
  let views = 0;
  let sought = false;
  const where = (): string => `view ${views} (${death} ${stopAt}, step ${stepMs}${jitter ? '~' : ''} ms): ${input()}`;
  for (;;) {
    if (death === 'skip' && views === stopAt) show.skip(now);
    if (long && !sought && views === 20) {
      must(!show.ended, () => `a show of ${fewest}+ views ended at 20: ${where()}`);
      show.playback.seek(replay.lastTick - 2.5 * ticksPer(maxStep));
      sought = true;
    }
    const dead = death === 'alive' || (death === 'respawn' && views >= stopAt) ? null : deadSince;
    const v = guard('KillCamShow.frame', () => show.frame(now, dead), where);
    if (v === null) break;
    checkView(v, m.killer, tickrate, where);
    must(++views <= (sought ? 26 : most), () => `still showing after ${views} views (at most ${most}): ${where()}`);
    now += jitter ? r.int(Math.ceil(minStep), Math.floor(maxStep)) : stepMs;
  }
  t.views += views;
  if (long) t.long++;
  // It ends at its last frame, never sooner unless skipped or seen alive after its death.
  const end = early ? Math.min(stopAt, fewest) : fewest;
  must(sought || views >= end, () => `ended after ${views} views, not ${end} (span ${span}, ${speed}x): ${where()}`);
  if (early) must(views <= stopAt, () => `${views} views, though it was ended at ${stopAt}: ${where()}`);
  must(show.ended && show.frame(now + 1000, deadSince) === null, () => `a view after the end: ${where()}`);
  const skipped = show.times.skipped;
  show.skip(now + 2000);
  must(show.times.skipped === skipped && (skipped ? death === 'skip' : true), () => `skipped: ${where()}`);
}

/**
 * One input: decodeControl never throws and what it accepts is its own encoding (but for an older
 * client's 'settings' without its flags byte, settings-codec.ts); a 'killcam' is opened, never
 * throwing, and what opens plays to its end as `play` checks.
 */
export function checkMessage(bytes: Uint8Array, r: Rng, t: KcTally, describe: () => string): void {
  const input = (): string => `${describe()}: message ${hex(bytes)}`;
  const decoded = attempt('decodeControl', () => decodeControl(bytes), input);
  if (!decoded.ok) return void t.message++;
  const m = decoded.value;
  const again = guard('encodeControl (of what decodeControl accepted)', () => encodeControl(m), input);
  const olderSettings = m.type === 'settings' && same(again, Uint8Array.of(...bytes, 0));
  must(same(again, bytes) || olderSettings, () => `accepted ${input()}, which encodes again as ${hex(again)}`);
  if (m.type !== 'killcam') return void t.other++;
  const startMs = r.pick([0, 1000, r.int(0, 1e9), 1.7e12 + r.int(0, 1e6)]);
  const opened = attempt('KillCamShow.open', () => KillCamShow.open(arenaClientGame, m, startMs), input);
  if (!opened.ok) return void t.replay++;
  t.shown++;
  must(opened.value.times.receivedAtMs === startMs, () => `received at ${opened.value.times.receivedAtMs}: ${input()}`);
  play(opened.value, m, startMs, r, t, input);
}
