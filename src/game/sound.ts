/**
 * Sound cues as generated tones (WebAudio oscillators, no files): a short click per shot (lower for
 * the rocket, quieter for other players), a high blip for a confirmed hit, a double blip for a kill,
 * a noise-like thump for an explosion.
 * Input: `SoundCue`s from effects. Invariants: the AudioContext is created only after a user
 * gesture (browsers refuse earlier) and closed by `dispose`; at most MAX_PER_FRAME cues per frame,
 * so a burst of events cannot flood the audio graph.
 */
import type { SoundCue } from './effects';
import { Weapon } from '../sim/types';

const MAX_PER_FRAME = 4;

interface Tone {
  freq: number;
  endFreq: number;
  seconds: number;
  gain: number;
  type: OscillatorType;
  delay?: number;
}

function tonesFor(cue: SoundCue): Tone[] {
  switch (cue.kind) {
    case 'fire': {
      const rocket = cue.weapon === Weapon.Rocket;
      const gain = cue.local ? 0.12 : 0.05;
      return [{ freq: rocket ? 180 : 900, endFreq: rocket ? 60 : 300, seconds: rocket ? 0.18 : 0.05, gain, type: rocket ? 'sawtooth' : 'square' }];
    }
    case 'hit':
      return [{ freq: 1800, endFreq: 1700, seconds: 0.06, gain: 0.12, type: 'sine' }];
    case 'kill':
      return [
        { freq: 1200, endFreq: 1200, seconds: 0.07, gain: 0.12, type: 'sine' },
        { freq: 1600, endFreq: 1600, seconds: 0.09, gain: 0.12, type: 'sine', delay: 0.08 },
      ];
    case 'explosion':
      return [{ freq: 120, endFreq: 30, seconds: 0.35, gain: 0.15, type: 'triangle' }];
  }
}

export interface SoundCues {
  /** Call from a user gesture (key or mouse) so the browser lets audio start. */
  unlock(): void;
  play(cues: readonly SoundCue[]): void;
  dispose(): void;
}

export function createSoundCues(makeContext: () => AudioContext | null): SoundCues {
  let ctx: AudioContext | null = null;
  const playTone = (c: AudioContext, t: Tone): void => {
    const start = c.currentTime + (t.delay ?? 0);
    const osc = c.createOscillator();
    const gain = c.createGain();
    osc.type = t.type;
    osc.frequency.setValueAtTime(t.freq, start);
    osc.frequency.exponentialRampToValueAtTime(Math.max(t.endFreq, 1), start + t.seconds);
    gain.gain.setValueAtTime(t.gain, start);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + t.seconds);
    osc.connect(gain).connect(c.destination);
    osc.start(start);
    osc.stop(start + t.seconds + 0.02);
  };
  return {
    unlock() {
      if (!ctx) ctx = makeContext();
      if (ctx && ctx.state === 'suspended') void ctx.resume();
    },
    play(cues) {
      if (!ctx || ctx.state !== 'running') return;
      for (let i = 0; i < cues.length && i < MAX_PER_FRAME; i++) {
        const cue = cues[i];
        if (cue) for (const t of tonesFor(cue)) playTone(ctx, t);
      }
    },
    dispose() {
      if (ctx) void ctx.close();
      ctx = null;
    },
  };
}
