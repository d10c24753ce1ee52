/** Mel-frequency cepstral coefficients of 16 kHz mono audio: the features the DTW aligner compares. */

export const SAMPLE_RATE = 16_000;
/** 10 ms between frames: the aligner's time resolution. */
export const HOP_SAMPLES = 160;
const WINDOW_SAMPLES = 400; // 25 ms
const FFT_SIZE = 512;
const MEL_FILTERS = 26;
/** Coefficients 1..12: the 0th is the frame's loudness, which differs between voices and mixes, not sounds. */
export const COEFFICIENTS = 12;

const hamming = Float64Array.from({ length: WINDOW_SAMPLES }, (_, n) => 0.54 - 0.46 * Math.cos((2 * Math.PI * n) / (WINDOW_SAMPLES - 1)));
const melFilters = makeMelFilters();
const dct = Float64Array.from({ length: COEFFICIENTS * MEL_FILTERS }, (_, index) => {
  const k = Math.floor(index / MEL_FILTERS) + 1;
  const m = index % MEL_FILTERS;
  return Math.cos((Math.PI * k * (m + 0.5)) / MEL_FILTERS);
});

function hzToMel(hz: number): number {
  return 2595 * Math.log10(1 + hz / 700);
}

/** Triangular filters evenly spaced on the mel scale, 0–8 kHz, as weights over the FFT's bins. */
function makeMelFilters(): Float64Array[] {
  const bins = FFT_SIZE / 2 + 1;
  const top = hzToMel(SAMPLE_RATE / 2);
  const edges = Array.from({ length: MEL_FILTERS + 2 }, (_, index) => {
    const hz = 700 * (10 ** ((top * index) / (MEL_FILTERS + 1) / 2595) - 1);
    return (hz * FFT_SIZE) / SAMPLE_RATE;
  });
  return Array.from({ length: MEL_FILTERS }, (_, m) => {
    const [left, centre, right] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    return Float64Array.from({ length: bins }, (_, bin) =>
      bin <= left || bin >= right ? 0 : bin <= centre ? (bin - left) / (centre - left) : (right - bin) / (right - centre),
    );
  });
}

/** In-place radix-2 FFT of `re`/`im` (length a power of two). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const step = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = Math.cos(step * k);
        const wi = Math.sin(step * k);
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/**
 * One row of `COEFFICIENTS` per 10 ms of `samples` (16 kHz, -1..1), each coefficient normalised to zero mean
 * and unit variance over the whole sequence, so a quieter recording or another voice's timbre shifts less.
 */
export function mfcc(samples: Float32Array): Float32Array {
  const frames = samples.length < WINDOW_SAMPLES ? 0 : Math.floor((samples.length - WINDOW_SAMPLES) / HOP_SAMPLES) + 1;
  const features = new Float32Array(frames * COEFFICIENTS);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const power = new Float64Array(FFT_SIZE / 2 + 1);
  const logMel = new Float64Array(MEL_FILTERS);
  let seed = 1;
  // Dither at -80 dBFS: digital silence (a synthesised pause, a gap in an edit) would otherwise give log(0)
  // features far from everything, and the warp could not tell one pause from a word's quiet edge.
  const dither = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 2e-4;
  for (let frame = 0; frame < frames; frame++) {
    const offset = frame * HOP_SAMPLES;
    re.fill(0);
    im.fill(0);
    for (let n = 0; n < WINDOW_SAMPLES; n++) {
      const previous = offset + n > 0 ? samples[offset + n - 1]! : 0;
      re[n] = (samples[offset + n]! - 0.97 * previous + dither()) * hamming[n]!; // pre-emphasis lifts the consonants
    }
    fft(re, im);
    for (let bin = 0; bin < power.length; bin++) power[bin] = re[bin]! * re[bin]! + im[bin]! * im[bin]!;
    for (let m = 0; m < MEL_FILTERS; m++) {
      const filter = melFilters[m]!;
      let energy = 0;
      for (let bin = 0; bin < power.length; bin++) energy += filter[bin]! * power[bin]!;
      logMel[m] = Math.log(energy + 1e-10);
    }
    for (let k = 0; k < COEFFICIENTS; k++) {
      let sum = 0;
      for (let m = 0; m < MEL_FILTERS; m++) sum += dct[k * MEL_FILTERS + m]! * logMel[m]!;
      features[frame * COEFFICIENTS + k] = sum;
    }
  }
  normalise(features, frames);
  return features;
}

function normalise(features: Float32Array, frames: number): void {
  if (frames === 0) return;
  for (let k = 0; k < COEFFICIENTS; k++) {
    let sum = 0;
    let squares = 0;
    for (let frame = 0; frame < frames; frame++) {
      const value = features[frame * COEFFICIENTS + k]!;
      sum += value;
      squares += value * value;
    }
    const mean = sum / frames;
    const deviation = Math.sqrt(Math.max(squares / frames - mean * mean, 1e-8));
    for (let frame = 0; frame < frames; frame++) {
      features[frame * COEFFICIENTS + k] = (features[frame * COEFFICIENTS + k]! - mean) / deviation;
    }
  }
}
