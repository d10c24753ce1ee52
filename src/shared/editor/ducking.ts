/**
 * "Duck under speech": while the clip's own sound is louder than the threshold, the music is turned
 * down like a compressor keyed by the clip (the export's sidechaincompress; the preview follows the same
 * numbers from the clip's decoded sound). Above the threshold every `ratio` dB of clip sound leaves 1 dB,
 * so speech 12 dB over the threshold lowers the music by 12 × (1 − 1/ratio) ≈ 10.5 dB.
 */
export const DUCKING = {
  /** The clip's level (RMS, dBFS, after its own volume) above which the music ducks. */
  thresholdDb: -30,
  ratio: 8,
  attackSeconds: 0.02,
  releaseSeconds: 0.3,
} as const;

/** How far the music is lowered, in dB (≥ 0), for the clip's sound at `levelDb`. */
export function duckingReductionDb(levelDb: number): number {
  return Math.max(0, levelDb - DUCKING.thresholdDb) * (1 - 1 / DUCKING.ratio);
}
