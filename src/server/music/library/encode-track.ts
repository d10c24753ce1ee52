import path from 'node:path';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { type LoudnessMeasurement, measureLoudness } from '../../render/measure-loudness.ts';
import { TARGET_LUFS } from './render-track.ts';

/** The highest true peak a library file may have; the gain is lowered by what a file would pass it by. */
const MAX_TRUE_PEAK_DB = -1.2;
/**
 * The true peak the gain plans for on the WAV: AAC's encoder overshoots it by up to ~0.6 dB on these tracks
 * (library-upbeat-v1: −1.6 dBTP in, −1.0 out), which cost that track a second 60 s encode and measurement.
 */
const PLANNED_TRUE_PEAK_DB = MAX_TRUE_PEAK_DB - 0.6;

/**
 * What one encode of a track may spend (it takes a second or two). A budget of processor time, not a wall-clock
 * limit: the start-up renders run at nice 19 (decision 058), and on a busy machine a run may wait minutes for the
 * processor (120 s limits failed two tracks for good). The measurements have no limit of their own for the same
 * reason; the job's time limit bounds the whole.
 */
const RUN_CPU_SECONDS = 120;

/**
 * Encodes a mastered WAV to AAC in MP4 (48 kHz stereo, 160 kbit/s, faststart) at −14 LUFS: ebur128 measures
 * the WAV, a constant `volume` gain moves it onto the target (linear, so the loop join stays seamless), and
 * the encoded file is measured again. Returns the .m4a's path and its measured loudness.
 */
export async function encodeLibraryTrack(ffmpeg: FfmpegBinaries, wavFile: string, signal?: AbortSignal): Promise<{ file: string; loudness: LoudnessMeasurement }> {
  const file = path.join(path.dirname(wavFile), 'track.m4a');
  const source = await measureLoudness(ffmpeg, wavFile, { signal, timeoutMs: 0 });
  let gainDb = Math.min(TARGET_LUFS - source.integratedLufs, PLANNED_TRUE_PEAK_DB - source.truePeakDb);
  for (let attempt = 0; ; attempt++) {
    await runFfmpeg(ffmpeg, [
      '-i', wavFile,
      '-af', `volume=${gainDb.toFixed(2)}dB`,
      '-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2',
      '-movflags', '+faststart', file,
    ], { cpuSeconds: RUN_CPU_SECONDS, signal });
    const loudness = await measureLoudness(ffmpeg, file, { signal, timeoutMs: 0 });
    // The encoder can overshoot a peak a little: one more pass with that much less gain.
    if (loudness.truePeakDb <= MAX_TRUE_PEAK_DB + 0.15 || attempt === 1) return { file, loudness };
    gainDb -= loudness.truePeakDb - MAX_TRUE_PEAK_DB;
  }
}
