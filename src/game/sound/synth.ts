/**
 * Plays a recipe (sound/recipes.ts) through WebAudio: per layer an oscillator or a shared white-noise
 * buffer, an optional biquad filter with a frequency sweep, and an attack/decay envelope, into a
 * per-cue gain and stereo panner and on to the master gain.
 * Input: an AudioContext, the destination node, the recipe, and the cue's gain and pan.
 * Invariants: every source is stopped by the end of its envelope (nothing keeps running); the noise
 * buffer is made once per context and reused.
 */
import type { Layer } from './recipes';

const FLOOR = 0.0001;

export function makeNoiseBuffer(ctx: BaseAudioContext, seconds = 1): AudioBuffer {
  const buf = ctx.createBuffer(1, Math.max(1, Math.floor(ctx.sampleRate * seconds)), ctx.sampleRate);
  const data = buf.getChannelData(0);
  // A fixed LCG instead of Math.random: the same hiss every time, and no global randomness.
  let s = 0x2545f491;
  for (let i = 0; i < data.length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[i] = s / 2147483648 - 1;
  }
  return buf;
}

function source(ctx: BaseAudioContext, layer: Layer, noise: AudioBuffer, at: number): AudioScheduledSourceNode {
  if (layer.source === 'noise') {
    const n = ctx.createBufferSource();
    n.buffer = noise;
    n.loop = true;
    return n;
  }
  const osc = ctx.createOscillator();
  osc.type = layer.source;
  osc.frequency.setValueAtTime(layer.freq, at);
  osc.frequency.exponentialRampToValueAtTime(Math.max(layer.endFreq, 1), at + layer.attack + layer.decay);
  return osc;
}

function playLayer(ctx: BaseAudioContext, out: AudioNode, noise: AudioBuffer, layer: Layer, start: number): void {
  const at = start + layer.delay;
  const end = at + layer.attack + layer.decay;
  const src = source(ctx, layer, noise, at);
  const env = ctx.createGain();
  env.gain.setValueAtTime(FLOOR, at);
  env.gain.linearRampToValueAtTime(layer.gain, at + layer.attack);
  env.gain.exponentialRampToValueAtTime(FLOOR, end);
  let head: AudioNode = src;
  if (layer.filter) {
    const f = ctx.createBiquadFilter();
    f.type = layer.filter.type;
    f.Q.value = layer.filter.q;
    f.frequency.setValueAtTime(layer.filter.freq, at);
    f.frequency.exponentialRampToValueAtTime(Math.max(layer.filter.endFreq, 10), end);
    head.connect(f);
    head = f;
  }
  head.connect(env).connect(out);
  src.start(at);
  src.stop(end + 0.02);
}

export function playRecipe(
  ctx: BaseAudioContext,
  destination: AudioNode,
  noise: AudioBuffer,
  layers: readonly Layer[],
  gain: number,
  pan: number,
): void {
  if (gain <= 0) return;
  const cueGain = ctx.createGain();
  cueGain.gain.value = gain;
  if (pan !== 0 && typeof ctx.createStereoPanner === 'function') {
    const p = ctx.createStereoPanner();
    p.pan.value = pan;
    cueGain.connect(p);
    p.connect(destination);
  } else {
    cueGain.connect(destination);
  }
  const start = ctx.currentTime + 0.005;
  for (const l of layers) playLayer(ctx, cueGain, noise, l, start);
}
