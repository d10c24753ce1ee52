import { SAMPLE_RATE, type StereoBus } from './synth-voices.ts';

/**
 * Mastering in code, so the file ffmpeg encodes is already at the target loudness and peak: a BS.1770
 * loudness meter and a peak limiter that treats the track as a ring (the end flows into the start), so
 * its gain is the same on both sides of the loop point and the join stays seamless.
 */

// BS.1770-4 K-weighting at 48 kHz: a high shelf, then a high pass (coefficients from the standard).
const SHELF = { b0: 1.53512485958697, b1: -2.69169618940638, b2: 1.19839281085285, a1: -1.69065929318241, a2: 0.73248077421585 };
const HIGH_PASS = { b0: 1, b1: -2, b2: 1, a1: -1.99004745483398, a2: 0.99007225036621 };

/** Mean square of the K-weighted channel, per 100 ms quarter-block. */
function weightedQuarterPowers(channel: Float32Array, quarters: Float64Array): void {
  const quarter = SAMPLE_RATE / 10;
  let [x1, x2, y1, y2, z1, z2] = [0, 0, 0, 0, 0, 0];
  for (let q = 0, i = 0; q < quarters.length; q++) {
    let sum = 0;
    for (const end = i + quarter; i < end; i++) {
      const x = channel[i]!;
      const y = SHELF.b0 * x + SHELF.b1 * x1 + SHELF.b2 * x2 - SHELF.a1 * y1 - SHELF.a2 * y2;
      const z = HIGH_PASS.b0 * y + HIGH_PASS.b1 * y1 + HIGH_PASS.b2 * y2 - HIGH_PASS.a1 * z1 - HIGH_PASS.a2 * z2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      sum += z * z;
    }
    quarters[q]! += sum / quarter;
  }
}

/** Integrated loudness (LUFS) of a stereo signal: 400 ms blocks every 100 ms, gated at −70 LUFS and 10 LU below. */
export function integratedLoudness(bus: StereoBus): number {
  const quarters = new Float64Array(Math.floor(bus.left.length / (SAMPLE_RATE / 10)));
  weightedQuarterPowers(bus.left, quarters);
  weightedQuarterPowers(bus.right, quarters);
  const blocks: number[] = [];
  for (let q = 3; q < quarters.length; q++) blocks.push((quarters[q]! + quarters[q - 1]! + quarters[q - 2]! + quarters[q - 3]!) / 4);
  const loudness = (power: number) => -0.691 + 10 * Math.log10(power);
  const mean = (powers: number[]) => powers.reduce((sum, power) => sum + power, 0) / Math.max(1, powers.length);
  const audible = blocks.filter((power) => loudness(power) > -70);
  const relativeGate = loudness(mean(audible)) - 10;
  return loudness(mean(audible.filter((power) => loudness(power) > relativeGate)));
}

/**
 * Brings every sample to within `ceiling` (linear) with a gain that falls linearly over `attack` before a
 * peak and recovers over `release` after it. Both passes go round the ring twice, so the gain at the
 * track's end and start agree.
 */
function limitAsRing(bus: StereoBus, ceiling: number, gain: Float32Array): void {
  const length = bus.left.length;
  const attackStep = 1 / (0.003 * SAMPLE_RATE);
  const releaseStep = 1 / (0.12 * SAMPLE_RATE);
  for (let i = 0; i < length; i++) {
    const peak = Math.max(Math.abs(bus.left[i]!), Math.abs(bus.right[i]!));
    gain[i] = peak > ceiling ? ceiling / peak : 1;
  }
  let held = 1;
  for (let k = 2 * length - 1; k >= 0; k--) {
    const i = k % length;
    held = Math.min(gain[i]!, held + attackStep);
    gain[i] = held;
  }
  held = 1;
  for (let k = 0; k < 2 * length; k++) {
    const i = k % length;
    held = Math.min(gain[i]!, held + releaseStep);
    gain[i] = held;
  }
  for (let i = 0; i < length; i++) {
    bus.left[i]! *= gain[i]!;
    bus.right[i]! *= gain[i]!;
  }
}

/** Scales and limits the bus in place to about `targetLufs` with sample peaks at most `ceilingDb` dBFS; returns its loudness. */
export function masterBus(bus: StereoBus, targetLufs: number, ceilingDb: number): number {
  const original = { left: bus.left.slice(), right: bus.right.slice() };
  const gain = new Float32Array(bus.left.length);
  const ceiling = 10 ** (ceilingDb / 20);
  let makeUp = 10 ** ((targetLufs - integratedLoudness(bus)) / 20);
  let loudness = targetLufs;
  // Limiting takes a little loudness off; three rounds of make-up gain land within a few hundredths of a LU.
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < bus.left.length; i++) {
      bus.left[i] = original.left[i]! * makeUp;
      bus.right[i] = original.right[i]! * makeUp;
    }
    limitAsRing(bus, ceiling, gain);
    loudness = integratedLoudness(bus);
    makeUp *= 10 ** ((targetLufs - loudness) / 20);
  }
  return loudness;
}
