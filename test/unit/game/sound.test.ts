import { describe, expect, it } from 'vitest';
import type { SoundCue } from '../../../src/game/effects';
import { MAX_SECONDS, recipeFor, recipeLength } from '../../../src/game/sound/recipes';
import {
  DEFAULT_VOLUME,
  SOUND_KEY,
  clampVolume,
  loadSoundSettings,
  masterGain,
  saveSoundSettings,
  type KeyValueStore,
} from '../../../src/game/sound/sound-settings';
import { FAR, NEAR, distanceGain, spatialMix } from '../../../src/game/sound/spatial';
import { Weapon } from '../../../src/sim/types';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('sound settings', () => {
  it('remembers volume and mute across a reload', () => {
    const store = memoryStore();
    expect(loadSoundSettings(store)).toEqual({ volume: DEFAULT_VOLUME, muted: false });
    expect(saveSoundSettings(store, { volume: 0.35, muted: true })).toBe(true);
    expect(loadSoundSettings(store)).toEqual({ volume: 0.35, muted: true });
  });

  it('clamps or ignores junk stored under the key, and survives a storage that throws', () => {
    const store = memoryStore();
    store.data.set(SOUND_KEY, JSON.stringify({ volume: 7, muted: 'yes' }));
    expect(loadSoundSettings(store)).toEqual({ volume: 1, muted: false });
    store.data.set(SOUND_KEY, '{not json');
    expect(loadSoundSettings(store)).toEqual({ volume: DEFAULT_VOLUME, muted: false });
    store.data.set(SOUND_KEY, 'null');
    expect(loadSoundSettings(store).volume).toBe(DEFAULT_VOLUME);
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadSoundSettings(broken)).toEqual({ volume: DEFAULT_VOLUME, muted: false });
    expect(saveSoundSettings(broken, { volume: 0.5, muted: false })).toBe(false);
    expect(saveSoundSettings(null, { volume: 0.5, muted: false })).toBe(false);
  });

  it('turns settings into a master gain: muted is silent, volume clamped to 0..1', () => {
    expect(masterGain({ volume: 0.8, muted: true })).toBe(0);
    expect(masterGain({ volume: 0.8, muted: false })).toBe(0.8);
    expect(clampVolume(-1)).toBe(0);
    expect(clampVolume('0.25')).toBe(0.25);
    expect(clampVolume(Number.NaN)).toBe(DEFAULT_VOLUME);
  });
});

describe('positional volume', () => {
  it('is full up close, fades with distance and is silent past FAR', () => {
    expect(distanceGain(0)).toBe(1);
    expect(distanceGain(NEAR)).toBe(1);
    expect(distanceGain(FAR)).toBe(0);
    expect(distanceGain(FAR * 3)).toBe(0);
    let last = 1;
    for (let d = NEAR; d <= FAR; d += 50) {
      const g = distanceGain(d);
      expect(g).toBeLessThanOrEqual(last);
      last = g;
    }
    expect(distanceGain((NEAR + FAR) / 2)).toBeGreaterThan(0);
  });

  it('pans toward the side the sound is on, never fully into one ear; UI sounds are centred and full', () => {
    const me = { x: 500, y: 500 };
    expect(spatialMix(me, { x: 800, y: 500 }).pan).toBeGreaterThan(0);
    expect(spatialMix(me, { x: 200, y: 500 }).pan).toBeLessThan(0);
    expect(Math.abs(spatialMix(me, { x: -5000, y: 500 }).pan)).toBeLessThan(1);
    expect(spatialMix(me, {})).toEqual({ gain: 1, pan: 0 });
    expect(spatialMix(null, { x: 9999, y: 0 })).toEqual({ gain: 1, pan: 0 });
  });
});

describe('sound recipes', () => {
  const cues: SoundCue[] = [
    { kind: 'fire', weapon: Weapon.Rifle, local: true },
    { kind: 'fire', weapon: Weapon.Rocket, local: true },
    { kind: 'hit' },
    { kind: 'kill' },
    { kind: 'hurt' },
    { kind: 'explosion' },
    { kind: 'reload' },
    { kind: 'switch' },
    { kind: 'pickup' },
    { kind: 'spawn' },
  ];

  it('gives every cue a distinct, finite, bounded sound', () => {
    const seen = new Set<string>();
    for (const cue of cues) {
      const layers = recipeFor(cue);
      expect(layers.length).toBeGreaterThan(0);
      const len = recipeLength(layers);
      expect(len).toBeGreaterThan(0);
      expect(len).toBeLessThanOrEqual(MAX_SECONDS);
      for (const l of layers) {
        expect(l.gain).toBeGreaterThan(0);
        expect(l.gain).toBeLessThanOrEqual(1);
      }
      seen.add(JSON.stringify(layers));
    }
    expect(seen.size).toBe(cues.length);
  });

  it('plays other players\u2019 shots quieter than one\u2019s own', () => {
    const peak = (c: SoundCue): number => Math.max(...recipeFor(c).map((l) => l.gain));
    for (const weapon of [Weapon.Rifle, Weapon.Rocket]) {
      expect(peak({ kind: 'fire', weapon, local: false })).toBeLessThan(peak({ kind: 'fire', weapon, local: true }));
    }
  });
});
