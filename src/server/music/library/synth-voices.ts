/**
 * The synthesiser's voices. Each adds one note into a stereo bus in place, sample by sample, with no
 * allocation per sample. Every note starts from silence (an attack of at least 2 ms), so no note clicks.
 */
export const SAMPLE_RATE = 48_000;

export type Wave = 'sine' | 'saw' | 'square' | 'triangle';

export interface StereoBus {
  left: Float32Array;
  right: Float32Array;
}

export interface ToneNote {
  wave: Wave;
  frequency: number;
  /** First sample of the note. */
  start: number;
  /** Samples the key is held; the release follows. */
  gate: number;
  level: number;
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  /** -1 left .. 1 right. */
  pan: number;
  cutoff?: number;
  detuneCents?: number;
}

const MIN_ATTACK_SECONDS = 0.002;
const TWO_PI = 2 * Math.PI;

/** PolyBLEP: takes the aliasing step out of a saw or square's jump (phase and increment in cycles). */
function polyBlep(phase: number, increment: number): number {
  if (phase < increment) {
    const t = phase / increment;
    return t + t - t * t - 1;
  }
  if (phase > 1 - increment) {
    const t = (phase - 1) / increment;
    return t * t + t + t + 1;
  }
  return 0;
}

function oscillator(wave: Wave, phase: number, increment: number): number {
  switch (wave) {
    case 'sine':
      return Math.sin(TWO_PI * phase);
    case 'saw':
      return 2 * phase - 1 - polyBlep(phase, increment);
    case 'square': {
      const shifted = phase + 0.5 >= 1 ? phase - 0.5 : phase + 0.5;
      return (phase < 0.5 ? 1 : -1) + polyBlep(phase, increment) - polyBlep(shifted, increment);
    }
    case 'triangle':
      // Its harmonics fall as 1/n², so the naive shape barely aliases.
      return 1 - 4 * Math.abs(phase - 0.5);
  }
}

function panGains(pan: number): [number, number] {
  const angle = ((pan + 1) * Math.PI) / 4;
  return [Math.cos(angle) * Math.SQRT2, Math.sin(angle) * Math.SQRT2];
}

/** A one-pole low-pass's coefficient for a cutoff in Hz. */
function lowpassCoefficient(cutoff: number): number {
  return 1 - Math.exp((-TWO_PI * cutoff) / SAMPLE_RATE);
}

/** An ADSR-shaped, optionally detuned and low-passed (12 dB/octave) oscillator note. */
export function addTone(bus: StereoBus, note: ToneNote): void {
  const attack = Math.max(MIN_ATTACK_SECONDS, note.attack) * SAMPLE_RATE;
  const decay = Math.max(0.001, note.decay) * SAMPLE_RATE;
  const release = Math.max(0.005, note.release) * SAMPLE_RATE;
  const gate = Math.max(1, note.gate);
  const total = Math.min(bus.left.length - note.start, Math.ceil(gate + release));
  const [gainLeft, gainRight] = panGains(note.pan);
  const detune = note.detuneCents ? 2 ** (note.detuneCents / 1200) : 1;
  const voices = note.detuneCents ? 3 : 1;
  const increments = [note.frequency / SAMPLE_RATE, (note.frequency * detune) / SAMPLE_RATE, note.frequency / detune / SAMPLE_RATE];
  const phases = [0, 0.31, 0.67];
  const filter = note.cutoff === undefined ? 1 : lowpassCoefficient(Math.min(note.cutoff, SAMPLE_RATE * 0.45));
  const level = note.level / voices;
  const envelopeAt = (i: number): number => {
    if (i < attack) return i / attack;
    if (i < attack + decay) return 1 - ((1 - note.sustain) * (i - attack)) / decay;
    return note.sustain;
  };
  const releaseFrom = envelopeAt(gate);
  let stage1 = 0;
  let stage2 = 0;
  for (let i = 0; i < total; i++) {
    const envelope = i < gate ? envelopeAt(i) : releaseFrom * Math.max(0, 1 - (i - gate) / release);
    let sample = 0;
    for (let v = 0; v < voices; v++) {
      const increment = increments[v]!;
      sample += oscillator(note.wave, phases[v]!, increment);
      const next = phases[v]! + increment;
      phases[v] = next >= 1 ? next - 1 : next;
    }
    stage1 += filter * (sample - stage1);
    stage2 += filter * (stage1 - stage2);
    const out = stage2 * envelope * level;
    const index = note.start + i;
    bus.left[index]! += out * gainLeft;
    bus.right[index]! += out * gainRight;
  }
}

/** A deterministic noise source (xorshift32): the same track renders to the same samples everywhere. */
export class Noise {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }
  /** Uniform in -1..1. */
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 2_147_483_648 - 1;
  }
}

/** A kick (or, long and low, a boom): a sine gliding exponentially from `fromHz` down to `toHz`. */
export function addKick(bus: StereoBus, start: number, kick: { fromHz: number; toHz: number; decay: number; level: number }): void {
  const total = Math.min(bus.left.length - start, Math.ceil(kick.decay * 4 * SAMPLE_RATE));
  const attack = MIN_ATTACK_SECONDS * SAMPLE_RATE;
  const glide = 0.035 * SAMPLE_RATE;
  const fall = kick.decay * SAMPLE_RATE;
  let phase = 0;
  for (let i = 0; i < total; i++) {
    const frequency = kick.toHz + (kick.fromHz - kick.toHz) * Math.exp(-i / glide);
    phase += frequency / SAMPLE_RATE;
    if (phase >= 1) phase -= 1;
    const envelope = Math.min(1, i / attack) * Math.exp(-i / fall);
    const out = Math.sin(TWO_PI * phase) * envelope * kick.level;
    bus.left[start + i]! += out;
    bus.right[start + i]! += out;
  }
}

/** A snare: high-passed noise over a short pitched body. */
export function addSnare(bus: StereoBus, start: number, snare: { toneHz: number; decay: number; level: number }, noise: Noise): void {
  const total = Math.min(bus.left.length - start, Math.ceil(snare.decay * 5 * SAMPLE_RATE));
  const attack = MIN_ATTACK_SECONDS * SAMPLE_RATE;
  const fall = snare.decay * SAMPLE_RATE;
  const bodyFall = 0.05 * SAMPLE_RATE;
  const lowpass = lowpassCoefficient(1500);
  let low = 0;
  for (let i = 0; i < total; i++) {
    const raw = noise.next();
    low += lowpass * (raw - low);
    const onset = Math.min(1, i / attack);
    const body = Math.sin((TWO_PI * snare.toneHz * i) / SAMPLE_RATE) * Math.exp(-i / bodyFall);
    const out = ((raw - low) * 0.7 * Math.exp(-i / fall) + body * 0.6) * onset * snare.level;
    bus.left[start + i]! += out * 0.95;
    bus.right[start + i]! += out;
  }
}

/** A hi-hat: noise with everything below ~7 kHz taken out; `open` lets it ring. */
export function addHat(bus: StereoBus, start: number, hat: { decay: number; level: number }, open: boolean, noise: Noise): void {
  const decay = open ? hat.decay * 5 : hat.decay;
  const total = Math.min(bus.left.length - start, Math.ceil(decay * 5 * SAMPLE_RATE));
  const attack = MIN_ATTACK_SECONDS * SAMPLE_RATE;
  const fall = decay * SAMPLE_RATE;
  const lowpass = lowpassCoefficient(7000);
  let low = 0;
  for (let i = 0; i < total; i++) {
    const raw = noise.next();
    low += lowpass * (raw - low);
    const out = (raw - low) * Math.min(1, i / attack) * Math.exp(-i / fall) * hat.level;
    bus.left[start + i]! += out * 1.05;
    bus.right[start + i]! += out * 0.85;
  }
}

/** Vinyl: a quiet bed of low-passed hiss with sparse pops, over the samples from `start` for `length`. */
export function addCrackle(bus: StereoBus, start: number, length: number, level: number, noise: Noise): void {
  const lowpass = lowpassCoefficient(3000);
  let low = 0;
  let pop = 0;
  for (let i = 0; i < length; i++) {
    low += lowpass * (noise.next() - low);
    if (noise.next() > 0.9996) pop = noise.next() * 4;
    pop *= 0.82;
    const out = (low * 0.5 + pop) * level;
    bus.left[start + i]! += out;
    bus.right[start + i]! += out * 0.9;
  }
}
