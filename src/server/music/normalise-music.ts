import path from 'node:path';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';
import { type LoudnessMeasurement, measureLoudness } from '../render/measure-loudness.ts';
import { DECODED_CHANNELS, DECODED_SAMPLE_RATE, decodeMusic } from './decode-music.ts';
import { refusalOfEncode } from './music-upload-checks.ts';

const TARGET_LUFS = -14;
/** Sample peaks held to −1.5 dBFS leave room for inter-sample peaks and the AAC encoder's overshoot. */
const LIMITER_CEILING = 10 ** (-1.5 / 20);

/** An encode of ten minutes takes about 16 processor seconds (limiter and AAC at 48 kHz stereo); room for a slower machine. */
const encodeCpuSeconds = (seconds: number) => 20 + seconds * 0.1;
/** Only bounds a hang, generous for a busy 2-core machine. */
const encodeTimeoutMs = (seconds: number) => Math.ceil(60_000 + seconds * 500);

export interface NormalisedMusic {
  /** AAC in MP4, 48 kHz stereo, faststart. */
  file: string;
  durationSeconds: number;
  loudness: LoudnessMeasurement;
}

/**
 * Turns an uploaded audio file into our stored form at −14 LUFS: decoded once, bounded and measured
 * (decodeMusic), then one constant gain onto the target and a peak limiter, encoded to AAC 48 kHz stereo from
 * the decoded copy; the result is measured and, if the limiter took it more than 0.5 LU off target, encoded
 * once more with the difference made up. Every run has a processor budget and a time limit; aborting `signal`
 * kills the run under way. Throws MusicRefusedError for a file we do not take.
 */
export async function normaliseMusic(ffmpeg: FfmpegBinaries, source: string, dir: string, signal?: AbortSignal): Promise<NormalisedMusic> {
  const decoded = await decodeMusic(ffmpeg, source, dir, signal);
  const file = path.join(dir, 'track.m4a');
  let gainDb = TARGET_LUFS - decoded.integratedLufs;
  for (let attempt = 0; ; attempt++) {
    await runFfmpeg(ffmpeg, [
      '-threads', '2',
      '-f', 'f32le', '-ar', String(DECODED_SAMPLE_RATE), '-ac', String(DECODED_CHANNELS), '-i', decoded.file,
      '-af', `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${LIMITER_CEILING.toFixed(4)}:attack=5:release=50:level=0`,
      '-c:a', 'aac', '-b:a', '160k',
      '-movflags', '+faststart', file,
    ], { cpuSeconds: encodeCpuSeconds(decoded.seconds), timeoutMs: encodeTimeoutMs(decoded.seconds), signal }).catch((error: unknown) => {
      throw refusalOfEncode(error);
    });
    const loudness = await measureLoudness(ffmpeg, file, { signal });
    const miss = TARGET_LUFS - loudness.integratedLufs;
    if (Math.abs(miss) <= 0.5 || attempt === 1) return { file, durationSeconds: decoded.seconds, loudness };
    gainDb += miss;
  }
}
