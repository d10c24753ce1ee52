import path from 'node:path';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { FfmpegTimeoutError, runFfmpeg } from '../render/ffmpeg-runner.ts';
import { type LoudnessMeasurement, measureLoudness } from '../render/measure-loudness.ts';
import { probeAudio } from '../render/probe-audio.ts';

/** The containers an uploaded track may come in: MP3, WAV, MP4/M4A, raw AAC (ADTS) and Ogg. Nothing else is opened. */
const AUDIO_DEMUXERS = 'mp3,wav,mov,mp4,m4a,3gp,3g2,mj2,aac,ogg';
const TARGET_LUFS = -14;
/** Sample peaks held to −1.5 dBFS leave room for inter-sample peaks and the AAC encoder's overshoot. */
const LIMITER_CEILING = 10 ** (-1.5 / 20);
const MUSIC_MAX_SECONDS = 600;
const MUSIC_MIN_SECONDS = 1;
/** A gated loudness this low is silence (or near it): no gain would make it music. */
const SILENCE_LUFS = -60;

const NOT_AUDIO_MESSAGE = 'Not a playable audio file: upload an .mp3, .wav, .m4a, .aac or .ogg track';
const NOT_DECODABLE_MESSAGE = 'This audio file is damaged and could not be played';
const LENGTH_MESSAGE = `Tracks must be between ${MUSIC_MIN_SECONDS} second and ${MUSIC_MAX_SECONDS / 60} minutes long`;
const SILENT_MESSAGE = 'This track is silent';
const TOO_SLOW_MESSAGE = 'This track took too long to process';

/** The file is not a track we take; the message says why, for the user. */
export class MusicRefusedError extends Error {
  override name = 'MusicRefusedError';
}

export interface NormalisedMusic {
  /** AAC in MP4, 48 kHz stereo, faststart. */
  file: string;
  durationSeconds: number;
  loudness: LoudnessMeasurement;
}

/**
 * Turns an uploaded audio file into our stored form at −14 LUFS: probed (headers only, within the demuxer
 * whitelist), measured (ebur128, which decodes every sample, so a damaged file is refused here), then one
 * constant gain onto the target and a peak limiter, encoded to AAC 48 kHz stereo; the result is measured and,
 * if the limiter took it more than 0.5 LU off target, encoded once more with the difference made up. At most
 * MUSIC_MAX_SECONDS are ever read, and every run has a time limit.
 */
export async function normaliseMusic(ffmpeg: FfmpegBinaries, source: string, dir: string): Promise<NormalisedMusic> {
  const probe = await probeAudio(ffmpeg, source, { formats: AUDIO_DEMUXERS, timeoutMs: 20_000 }).catch(() => {
    throw new MusicRefusedError(NOT_AUDIO_MESSAGE);
  });
  if (probe.durationSeconds < MUSIC_MIN_SECONDS || probe.durationSeconds > MUSIC_MAX_SECONDS + 0.5) throw new MusicRefusedError(LENGTH_MESSAGE);
  const measured = await measureLoudness(ffmpeg, source, { formats: AUDIO_DEMUXERS, maxSeconds: MUSIC_MAX_SECONDS }).catch(() => {
    throw new MusicRefusedError(NOT_DECODABLE_MESSAGE);
  });
  if (!(measured.integratedLufs > SILENCE_LUFS)) throw new MusicRefusedError(SILENT_MESSAGE);

  const file = path.join(dir, 'track.m4a');
  let gainDb = TARGET_LUFS - measured.integratedLufs;
  for (let attempt = 0; ; attempt++) {
    await runFfmpeg(ffmpeg, [
      '-threads', '2',
      '-format_whitelist', AUDIO_DEMUXERS, '-i', source,
      '-t', String(MUSIC_MAX_SECONDS), '-map', '0:a:0', '-vn', '-sn', '-dn',
      '-af', `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${LIMITER_CEILING.toFixed(4)}:attack=5:release=50:level=0,aresample=48000`,
      '-c:a', 'aac', '-b:a', '160k', '-ar', '48000', '-ac', '2',
      '-movflags', '+faststart', file,
    ], { timeoutMs: 180_000 }).catch((error: unknown) => {
      throw new MusicRefusedError(error instanceof FfmpegTimeoutError ? TOO_SLOW_MESSAGE : NOT_DECODABLE_MESSAGE, { cause: error });
    });
    const loudness = await measureLoudness(ffmpeg, file);
    const miss = TARGET_LUFS - loudness.integratedLufs;
    if (Math.abs(miss) <= 0.5 || attempt === 1) {
      const { durationSeconds } = await probeAudio(ffmpeg, file);
      return { file, durationSeconds, loudness };
    }
    gainDb += miss;
  }
}
