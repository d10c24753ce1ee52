/**
 * How the music ducks under the clip's own sound (`MusicPlacement.duck`): a compressor on the music whose
 * level detector listens to the clip's sound. Below `thresholdDb` (RMS of the clip's sound after its volume
 * slider) nothing happens; above it every dB of the clip's sound lowers the music by (1 - 1/ratio) dB,
 * reached within `attackMs` and let go over `releaseMs`. Speech at -20 dBFS lowers the music by ~9 dB.
 * The export uses these numbers in ffmpeg's sidechaincompress (decision 016); a preview follows them too.
 */
export const MUSIC_DUCKING = {
  thresholdDb: -30,
  ratio: 6,
  attackMs: 20,
  releaseMs: 300,
} as const;
