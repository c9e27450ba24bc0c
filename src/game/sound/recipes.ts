/**
 * What each sound cue sounds like, as data (pure): layers of an oscillator or white noise, each
 * through an optional filter, with a pitch sweep and a percussive envelope. `synth.ts` turns a
 * recipe into WebAudio nodes; keeping the recipes as data lets tests check them without audio.
 *
 * Invariants: every layer has a finite attack + decay (no sound rings forever) and a peak gain in
 * (0, 1]; a recipe's length is at most MAX_SECONDS; other players' shots are quieter than one's own.
 */
import { Weapon } from '../../sim/types';
import type { SoundCue } from '../effects';

export const MAX_SECONDS = 1.2;

export interface Layer {
  source: 'noise' | OscillatorType;
  /** Oscillator start and end frequency (Hz); ignored for noise. */
  freq: number;
  endFreq: number;
  filter?: { type: BiquadFilterType; freq: number; endFreq: number; q: number };
  attack: number;
  decay: number;
  gain: number;
  delay: number;
}

const L = (
  source: Layer['source'],
  freq: number,
  endFreq: number,
  decay: number,
  gain: number,
  extra: Partial<Layer> = {},
): Layer => ({
  source,
  freq,
  endFreq,
  attack: 0.002,
  decay,
  gain,
  delay: 0,
  ...extra,
});
const F = (type: BiquadFilterType, freq: number, endFreq = freq, q = 0.8): Layer['filter'] => ({
  type,
  freq,
  endFreq,
  q,
});

function fire(weapon: number, local: boolean): Layer[] {
  const v = local ? 1 : 0.55;
  if (weapon === Weapon.Rocket) {
    return [
      L('noise', 0, 0, 0.45, 0.55 * v, { filter: F('lowpass', 1800, 300), attack: 0.01 }),
      L('sawtooth', 150, 55, 0.32, 0.22 * v, { filter: F('lowpass', 900, 200) }),
    ];
  }
  return [
    L('noise', 0, 0, 0.08, 0.5 * v, { filter: F('highpass', 1400, 900) }),
    L('square', 380, 90, 0.07, 0.16 * v, { filter: F('lowpass', 2400, 600) }),
    L('noise', 0, 0, 0.14, 0.18 * v, { filter: F('bandpass', 700, 300, 1.2), delay: 0.01 }),
  ];
}

export function recipeFor(cue: SoundCue): Layer[] {
  switch (cue.kind) {
    case 'fire':
      return fire(cue.weapon, cue.local);
    case 'hit':
      return [L('sine', 1900, 1750, 0.06, 0.35), L('triangle', 2850, 2700, 0.04, 0.15)];
    case 'kill':
      return [
        L('sine', 880, 880, 0.12, 0.35),
        L('sine', 1320, 1320, 0.2, 0.35, { delay: 0.09 }),
        L('triangle', 1760, 1760, 0.25, 0.12, { delay: 0.09 }),
      ];
    case 'hurt':
      return [L('sine', 170, 55, 0.18, 0.55), L('noise', 0, 0, 0.1, 0.3, { filter: F('lowpass', 700, 200) })];
    case 'explosion':
      return [
        L('noise', 0, 0, 0.9, 0.8, { filter: F('lowpass', 1600, 90), attack: 0.004 }),
        L('sine', 95, 32, 0.7, 0.7),
        L('noise', 0, 0, 0.25, 0.35, { filter: F('highpass', 2500, 1200), delay: 0.01 }),
      ];
    case 'reload':
      return [
        L('noise', 0, 0, 0.03, 0.4, { filter: F('bandpass', 3200, 3000, 4) }),
        L('square', 620, 560, 0.025, 0.08, { delay: 0.01 }),
        L('noise', 0, 0, 0.04, 0.45, { filter: F('bandpass', 2200, 1800, 4), delay: 0.16 }),
        L('square', 420, 380, 0.03, 0.1, { delay: 0.17 }),
      ];
    case 'switch':
      return [
        L('noise', 0, 0, 0.03, 0.35, { filter: F('bandpass', 2600, 2600, 3) }),
        L('sine', 480, 720, 0.08, 0.15, { delay: 0.02 }),
      ];
    case 'pickup':
      return [
        L('sine', 660, 660, 0.08, 0.3),
        L('sine', 880, 880, 0.08, 0.3, { delay: 0.06 }),
        L('sine', 1320, 1320, 0.16, 0.3, { delay: 0.12 }),
      ];
    case 'spawn':
      return [L('sine', 280, 900, 0.35, 0.18, { attack: 0.08 }), L('triangle', 560, 1800, 0.3, 0.06, { attack: 0.08 })];
  }
}

/** Seconds from the cue's start until its last layer has decayed. */
export function recipeLength(layers: readonly Layer[]): number {
  let end = 0;
  for (const l of layers) end = Math.max(end, l.delay + l.attack + l.decay);
  return end;
}
