import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';
import { measureLoudness } from '../render/measure-loudness.ts';

/**
 * Every voice-over is stored at this integrated loudness (EBU R128) whatever its engine's level (decision 051): a
 * step above the music, which is mastered at -14 LUFS and placed at 60 % (-18.4), and the shots' own sound.
 */
export const VOICE_TARGET_LUFS = -16;
/** And with its true peak under this ceiling, room for the export's mix and its AAC coding. */
export const VOICE_TRUE_PEAK_DB = -1.5;
/** The limiter holds sample peaks this far under the ceiling: the 4× oversampled peak and AAC's coding read higher. */
const LIMIT_DB = VOICE_TRUE_PEAK_DB - 1;
/** A very quiet recording is raised at most this much (past it the gain would mostly lift noise); ebur128's floor is silence. */
const MAX_GAIN_DB = 30;
const SILENCE_LUFS = -70;
const RATE = 48_000;
/** The limiter looks this far ahead and so delays the sound by as much: cut from the start, the words keep their times. */
const LIMITER_ATTACK_MS = 5;

function formatDb(value: number): string {
  return value.toFixed(2);
}

/** The constant gain that brings a recording measured at `integratedLufs` to VOICE_TARGET_LUFS (0 for silence). */
function voiceGainDb(integratedLufs: number): number {
  if (!Number.isFinite(integratedLufs) || integratedLufs <= SILENCE_LUFS) return 0;
  return Math.min(MAX_GAIN_DB, VOICE_TARGET_LUFS - integratedLufs);
}

/**
 * How a voice is stored: AAC in an .m4a, 48 kHz mono (the export's audio rate, so mixing needs no resampling of it),
 * normalised to VOICE_TARGET_LUFS by one constant gain (the speech's own dynamics kept) and limited under
 * VOICE_TRUE_PEAK_DB, every sample where it was so the word times stay exact.
 */
export async function encodeVoice(ffmpeg: FfmpegBinaries, wavFile: string, m4aFile: string, signal?: AbortSignal): Promise<void> {
  const { integratedLufs } = await measureLoudness(ffmpeg, wavFile, { signal });
  const level = [
    `aresample=${RATE}`,
    `volume=${formatDb(voiceGainDb(integratedLufs))}dB`,
    `alimiter=limit=${(10 ** (LIMIT_DB / 20)).toFixed(6)}:attack=${LIMITER_ATTACK_MS}:level=0`,
    `atrim=start_sample=${(RATE * LIMITER_ATTACK_MS) / 1000}`,
    'asetpts=PTS-STARTPTS',
  ].join(',');
  await runFfmpeg(
    ffmpeg,
    ['-y', '-i', wavFile, '-vn', '-af', level, '-ac', '1', '-ar', String(RATE), '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-f', 'mp4', m4aFile],
    { signal, timeoutMs: 120_000 },
  );
}
