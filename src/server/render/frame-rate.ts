import type { MediaProbe } from './probe-media.ts';

/** Rates players and the platforms expect: a variable or too slow rate is written at the first at or above it. */
const STANDARD_RATES = [24, 25, 30, 50, 60];
/** TikTok and Instagram take 23 to 60 fps: an export for no platform in particular keeps to that. */
const MIN_EXPORT_RATE = 23;
/** A rate and the average within this share of each other: the stream is constant-rate. */
const CONSTANT_TOLERANCE = 0.01;

type Rates = Pick<MediaProbe, 'frameRate' | 'nominalFrameRate'>;

function isVariable({ frameRate, nominalFrameRate }: Rates): boolean {
  return frameRate > 0 && nominalFrameRate > 0 && Math.abs(nominalFrameRate - frameRate) > CONSTANT_TOLERANCE * frameRate;
}

/**
 * An average read off a short clip runs a little high (its last frame's duration is not counted: 60 frames
 * in 1.97 s read as 30.5 a second), so a rate this close under a standard one counts as that one.
 */
const AVERAGE_SLACK = 0.97;

/** The first standard rate at or above `rate` (no frame of the average is dropped), at most 60. */
function standardAbove(rate: number): number {
  return STANDARD_RATES.find((candidate) => candidate >= rate * AVERAGE_SLACK) ?? STANDARD_RATES.at(-1)!;
}

/**
 * The rate to store a video at, or undefined to keep its own: a variable-rate video (a screen recording)
 * at the standard rate at or above its average — written at its finest step it would hold that many frames a
 * second, mostly duplicates —, and none faster than `maxFrameRate`.
 */
export function storedFrameRate(probe: Rates, maxFrameRate: number): number | undefined {
  if (probe.frameRate > maxFrameRate) return maxFrameRate;
  if (isVariable(probe)) return Math.min(maxFrameRate, standardAbove(probe.frameRate));
  return undefined;
}

/**
 * The rate an export is written at: the stored video's own, the standard rate at or above its average when it
 * varies, and under `minRate` (the platform's slowest; 0 for none) a whole multiple of it at or above 24 (a
 * 15 fps recording at 30, each frame shown twice; 10 fps at 30). `resample` says the export must convert the
 * rate (ffmpeg's fps filter). Every stored video is at most 60 fps, the fastest any platform takes.
 */
export function exportFrameRate(probe: Rates, minRate = MIN_EXPORT_RATE): { fps: number; resample: boolean } {
  const own = probe.frameRate || probe.nominalFrameRate;
  if (isVariable(probe)) return { fps: standardAbove(own), resample: true };
  if (own > 0 && own < minRate) return { fps: floorRate(own), resample: true };
  return { fps: own, resample: false };
}

/** 23.976 fps (under Facebook's 24) is written at 24, a slower rate at a whole multiple of it. */
function floorRate(rate: number): number {
  if (rate >= 24 * AVERAGE_SLACK) return 24;
  return standardAbove(rate * Math.ceil(24 / rate - 1e-9));
}
