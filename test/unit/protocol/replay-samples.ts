/**
 * Real replays for the replay decoder's fuzz test (replay-fuzz.test.ts): short matches recorded by
 * a GameServer's own recording (server.recording), arena matches of bots and Pushball matches of
 * bots, each with rosters and chat lines, and the records and frames of a file split back out so
 * the fuzz can mutate them one at a time. Deterministic (seeded servers, no clock); all of it takes
 * well under a second.
 */
import { arenaServerGame } from '../../../src/arena/server/arena-server-game';
import type { ServedTypes } from '../../../src/arena/server/served-game';
import { readObserverFrame, type ObservedFrame } from '../../../src/protocol/observer-frame';
import { readLeb, RecordKind, REPLAY_PREAMBLE_BYTES } from '../../../src/protocol/replay-format';
import type { AnyEntity, SnapshotWire } from '../../../src/protocol/snapshot-schema';
import { pickFields } from '../../../src/protocol/table-codec';
import { pushballServerGame } from '../../../src/pushball/server/pushball-server-game';
import type { PushballTypes } from '../../../src/pushball/server/pushball-types';
import { GameServer } from '../../../src/server/game-server';
import type { RecorderOptions } from '../../../src/server/replay-recorder';
import type { ServerGameTypes } from '../../../src/server/server-game';
import { GameMode } from '../../../src/sim/match-types';

/** One recorded match: its file and the schema its frames use. */
export interface ReplaySample {
  name: string;
  game: 'arena' | 'pushball';
  wire: SnapshotWire;
  bytes: Uint8Array;
  /**
   * A real entity of the receiver's section with every self-table field: a frame carries only the
   * public fields, and packing a world as the recorder does (SnapshotFrame) fills the rest from it.
   */
  selfFill: AnyEntity;
}

/** A record of a file: its kind and payload (a view into the file). */
export interface RawRecord {
  kind: number;
  payload: Uint8Array;
}

const TICKRATE = 60;

/** Runs `server` for `seconds`, recording from the start with `opts`; roster and chat along the way. */
function record<G extends ServerGameTypes>(
  server: GameServer<G>,
  game: string,
  seconds: number,
  opts: RecorderOptions,
  start: () => void,
): { bytes: Uint8Array; selfFill: AnyEntity } {
  server.recording.start({ game, map: game === 'arena' ? 'Dust Yard' : 'Pitch' }, opts);
  const bots: number[] = [];
  for (let i = 0; i < 4; i++) {
    const id = server.addBot();
    if (id !== null) bots.push(id);
  }
  server.recording.roster(bots.map((id) => ({ id, name: `Bot ${id} 🤖` })));
  start();
  const ticks = Math.round(seconds * TICKRATE);
  for (let t = 1; t <= ticks; t++) {
    server.tick((t * 1000) / TICKRATE);
    if (t === 20) server.recording.chat(bots[0] ?? 0, 'gl hf — ünïcödé');
    if (t === ticks >> 1) {
      server.removeBot();
      server.recording.roster(bots.slice(0, -1).map((id) => ({ id, name: `Bot ${id}` })));
      server.recording.chat(0, '');
    }
  }
  const bytes = server.recording.replay();
  const wire = server.game.wire;
  const someone = server.game.snapshotLists()[wire.receiverSection]?.[0];
  if (!bytes || !someone) throw new Error('no recording, or nobody played');
  return { bytes, selfFill: pickFields(wire.self, someone) };
}

const SETTINGS = { tickrate: TICKRATE, maxUnlagS: 1, lagCompensation: true, maxPlayers: 8 };

export function arenaSample(seconds: number, opts: RecorderOptions, seed = 24): ReplaySample {
  const server = new GameServer<ServedTypes>({ ...SETTINGS, seed }, arenaServerGame);
  const rec = record(server, 'arena', seconds, opts, () =>
    server.startMatch({ mode: GameMode.Deathmatch, mapId: 0, fragLimit: 0, timeLimitS: 0, warmupS: 0 }),
  );
  return { name: `arena ${seconds} s`, game: 'arena', wire: server.game.wire, ...rec };
}

export function pushballSample(seconds: number, opts: RecorderOptions, seed = 7): ReplaySample {
  const server = new GameServer<PushballTypes>({ ...SETTINGS, seed }, pushballServerGame);
  const rec = record(server, 'pushball', seconds, opts, () => server.startMatch({ goalsToWin: 3 }));
  return { name: `pushball ${seconds} s`, game: 'pushball', wire: server.game.wire, ...rec };
}

/** The records after the preamble (the file must be well formed: these are the fuzz's own samples). */
export function splitRecords(bytes: Uint8Array): RawRecord[] {
  const out: RawRecord[] = [];
  let at = REPLAY_PREAMBLE_BYTES;
  while (at < bytes.length) {
    const len = readLeb(bytes, at + 1);
    if (!len || len.end + len.value > bytes.length) throw new Error(`sample damaged at ${at}`);
    out.push({ kind: bytes[at]!, payload: bytes.subarray(len.end, len.end + len.value) });
    at = len.end + len.value;
  }
  return out;
}

/** One frame record of a sample with the frame its delta is written against (null: a key frame). */
export interface FrameSample {
  wire: SnapshotWire;
  bytes: Uint8Array;
  base: ObservedFrame | null;
  /** The frame before it in the file (a key frame's too; null for the first). */
  prev: ObservedFrame | null;
  /** The frame these bytes decode to. */
  frame: ObservedFrame;
  /** Its sample. */
  sample: ReplaySample;
}

/** Every frame of `sample`, decoded in order (each delta against the frame before it). */
export function framesOf(sample: ReplaySample): FrameSample[] {
  const out: FrameSample[] = [];
  let prev: ObservedFrame | null = null;
  for (const rec of splitRecords(sample.bytes)) {
    if (rec.kind !== RecordKind.keyFrame && rec.kind !== RecordKind.deltaFrame) continue;
    const base = rec.kind === RecordKind.keyFrame ? null : prev;
    const frame = readObserverFrame(sample.wire, rec.payload, base);
    if (!frame.ok) throw new Error(`${sample.name}: ${frame.error}`);
    out.push({ wire: sample.wire, bytes: rec.payload, base, prev, frame: frame.value, sample });
    prev = frame.value;
  }
  return out;
}

/**
 * The fuzz's recordings, made once: 30 Hz with key frames every 5 s (the recorder's defaults) and
 * denser ones (key frames every few frames, 10 Hz) whose files are small enough to open by the
 * hundred thousand.
 */
export const SAMPLES = {
  arena: arenaSample(3, {}),
  arenaKeys: arenaSample(1.5, { keyFrameSeconds: 0.5 }, 5),
  arenaSmall: arenaSample(1, { frameTicks: 6, keyFrameSeconds: 0.3 }, 9),
  pushball: pushballSample(2, {}),
  pushballSmall: pushballSample(1, { frameTicks: 6, keyFrameSeconds: 0.3 }, 3),
};
export const ALL_SAMPLES: readonly ReplaySample[] = Object.values(SAMPLES);
/** Every frame of every sample. */
export const FRAMES: readonly FrameSample[] = ALL_SAMPLES.flatMap(framesOf);

/** The other game's small sample (to splice its records into this one's, or open with its schema). */
export const otherGame = (s: ReplaySample): ReplaySample =>
  s.game === 'arena' ? SAMPLES.pushballSmall : SAMPLES.arenaSmall;
