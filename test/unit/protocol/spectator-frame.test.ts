// The spectator frame (issue 24): [tick u32] + an observer frame against the frame of tick − step.
import { describe, expect, it } from 'vitest';
import { BotClient, Link, Match, wander } from '../../harness';
import { ARENA_WIRE } from '../../../src/arena/protocol/arena-wire';
import type { ObservedFrame } from '../../../src/protocol/observer-frame';
import { readSpectatorFrame, spectatorFrameBase } from '../../../src/protocol/spectator-frame';
import { SpectatorStream } from '../../../src/client/spectator-stream';
import { ARENA_COMMANDS } from '../../../src/arena/protocol/arena-commands';
import { mutate, randomBytes } from './fuzz-kit';
import { Rng } from './gen';

/** Real spectator datagrams of a short 3-bot match, with the frames their reader decoded. */
function recorded(): { datagrams: Uint8Array[]; frames: Map<number, ObservedFrame> } {
  const match = new Match({ server: { seed: 12 } });
  for (const id of [1, 2, 3])
    match.addClient(new BotClient(id, { tickrate: 60, script: wander(id, [1, 2, 3], 0.3) }), Link.rtt(40));
  const stream = new SpectatorStream(ARENA_WIRE, ARENA_COMMANDS);
  const datagrams: Uint8Array[] = [];
  const frames = new Map<number, ObservedFrame>();
  stream.onFrame = (f) => frames.set(f.tick, f);
  match.addSpectator({
    id: 7,
    onPacket: (bytes, now) => (datagrams.push(bytes.slice()), stream.onPacket(bytes, now)),
    update: (now) => stream.update(now),
  });
  match.run(2000);
  return { datagrams, frames };
}

describe('spectator frame', () => {
  const { datagrams, frames } = recorded();
  const held = (tick: number): ObservedFrame | null => frames.get(tick) ?? null;

  it('starts with a key frame, then deltas that name their base by tick', () => {
    expect(datagrams.length).toBeGreaterThan(40);
    expect(spectatorFrameBase(datagrams[0]!)?.base).toBeNull();
    const deltas = datagrams.filter((d) => spectatorFrameBase(d)?.base !== null);
    expect(deltas.length).toBeGreaterThan(datagrams.length / 2);
    for (const d of deltas) {
      const head = spectatorFrameBase(d)!;
      expect(head.base!).toBeLessThan(head.tick);
      const r = readSpectatorFrame(ARENA_WIRE, d, held);
      expect(r.ok && r.value.tick).toBe(head.tick);
    }
  });

  it('refuses a delta whose base is not held, a tick that disagrees with its key frame, and trailing bytes', () => {
    const delta = datagrams.find((d) => spectatorFrameBase(d)?.base !== null)!;
    expect(readSpectatorFrame(ARENA_WIRE, delta, () => null)).toEqual({
      ok: false,
      error: `spectator frame: base ${spectatorFrameBase(delta)!.base} not held`,
    });
    const key = datagrams[0]!.slice();
    key[3]! ^= 1;
    expect(readSpectatorFrame(ARENA_WIRE, key, held)).toEqual({
      ok: false,
      error: 'spectator frame: tick disagrees with its frame',
    });
    const longer = Uint8Array.from([...datagrams[0]!, 0]);
    expect(readSpectatorFrame(ARENA_WIRE, longer, held).ok).toBe(false);
    expect(readSpectatorFrame(ARENA_WIRE, new Uint8Array(3), held).ok).toBe(false);
  });

  it('never throws on mutated or random bytes: each is a frame or a refusal with a reason', () => {
    const r = new Rng(24);
    let refused = 0;
    for (let i = 0; i < 20_000; i++) {
      const bytes = i % 4 === 0 ? randomBytes(r, 200) : mutate(r, r.pick(datagrams));
      const out = readSpectatorFrame(ARENA_WIRE, bytes, held);
      if (!out.ok) {
        refused++;
        expect(out.error.length).toBeGreaterThan(0);
      }
    }
    expect(refused).toBeGreaterThan(1000);
  });
});
