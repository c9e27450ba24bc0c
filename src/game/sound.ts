/**
 * The game's sounds: each `SoundCue` from effects is synthesised with WebAudio from its recipe
 * (sound/recipes.ts: noise and oscillators through filters, no files), placed by the local
 * player's position (sound/spatial.ts: quieter with distance, panned left/right), under a master
 * volume and mute that the player sets in the settings panel and the browser remembers.
 *
 * Input: cues per frame with the listener's world position; settings edits. Invariants: the
 * AudioContext is created only after a user gesture (browsers refuse earlier) and closed by
 * `dispose`; at most MAX_PER_FRAME cues per frame and MAX_VOICES sounds playing at once, so a
 * burst of events cannot flood the audio graph; a sound too far away to hear is not started.
 */
import type { SoundCue } from './effects';
import { recipeFor, recipeLength } from './sound/recipes';
import { masterGain, type SoundSettings } from './sound/sound-settings';
import { spatialMix } from './sound/spatial';
import { makeNoiseBuffer, playRecipe } from './sound/synth';

const MAX_PER_FRAME = 6;
const MAX_VOICES = 24;
const AUDIBLE = 0.02;

export interface SoundCues {
  /** Call from a user gesture (key or mouse) so the browser lets audio start. */
  unlock(): void;
  play(cues: readonly SoundCue[], listener?: { x: number; y: number } | null): void;
  settings(): SoundSettings;
  setSettings(s: SoundSettings): void;
  dispose(): void;
}

interface Audio {
  ctx: AudioContext;
  master: GainNode;
  noise: AudioBuffer;
  /** End times (ctx seconds) of the sounds still playing. */
  voices: number[];
}

export function createSoundCues(makeContext: () => AudioContext | null, initial: SoundSettings): SoundCues {
  let audio: Audio | null = null;
  let current = { ...initial };
  const start = (): Audio | null => {
    const ctx = makeContext();
    if (!ctx) return null;
    const master = ctx.createGain();
    master.gain.value = masterGain(current);
    master.connect(ctx.destination);
    return { ctx, master, noise: makeNoiseBuffer(ctx), voices: [] };
  };
  return {
    unlock() {
      audio ??= start();
      if (audio && audio.ctx.state === 'suspended') void audio.ctx.resume();
    },
    play(cues, listener = null) {
      if (!audio || audio.ctx.state !== 'running' || masterGain(current) === 0) return;
      const { ctx } = audio;
      const now = ctx.currentTime;
      audio.voices = audio.voices.filter((end) => end > now);
      for (let i = 0; i < cues.length && i < MAX_PER_FRAME && audio.voices.length < MAX_VOICES; i++) {
        const cue = cues[i];
        if (!cue) continue;
        const mix = spatialMix(listener, 'x' in cue ? cue : {});
        if (mix.gain < AUDIBLE) continue;
        const layers = recipeFor(cue);
        playRecipe(ctx, audio.master, audio.noise, layers, mix.gain, mix.pan);
        audio.voices.push(now + recipeLength(layers));
      }
    },
    settings: () => ({ ...current }),
    setSettings(s) {
      current = { ...s };
      if (audio) audio.master.gain.setTargetAtTime(masterGain(current), audio.ctx.currentTime, 0.02);
    },
    dispose() {
      if (audio) void audio.ctx.close();
      audio = null;
    },
  };
}
