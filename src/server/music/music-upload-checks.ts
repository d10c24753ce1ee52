import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { FfmpegCpuLimitError, FfmpegError, FfmpegTimeoutError } from '../render/ffmpeg-runner.ts';
import { type AudioProbe, probeAudio } from '../render/probe-audio.ts';

/** The containers an uploaded track may come in: MP3, WAV, MP4/M4A, raw AAC (ADTS) and Ogg. Nothing else is opened. */
export const AUDIO_DEMUXERS = 'mp3,wav,mov,mp4,m4a,3gp,3g2,mj2,aac,ogg';
const MUSIC_MIN_SECONDS = 1;
const MUSIC_MAX_SECONDS = 600;
/** A container's length may run a little past the music's (encoder padding). */
const LENGTH_TOLERANCE_SECONDS = 0.5;
/** The most of a track that is ever decoded: enough to tell that a longer one is too long. */
export const MUSIC_READ_SECONDS = MUSIC_MAX_SECONDS + LENGTH_TOLERANCE_SECONDS + 0.5;

const NOT_AUDIO_MESSAGE = 'Not a playable audio file: upload an .mp3, .wav, .m4a, .aac or .ogg track';
const NOT_DECODABLE_MESSAGE = 'This audio file is damaged and could not be played';
export const LENGTH_MESSAGE = `Tracks must be between ${MUSIC_MIN_SECONDS} second and ${MUSIC_MAX_SECONDS / 60} minutes long`;
const TOO_SLOW_MESSAGE = 'This track took too long to process';

/** The probe runs within complete-upload: it must answer at once. */
const QUICK_CHECK_TIMEOUT_MS = 20_000;

/** The file is not a track we take; the message says why, for the user. */
export class MusicRefusedError extends Error {
  override name = 'MusicRefusedError';
}

export function isMusicLengthAccepted(seconds: number): boolean {
  return seconds >= MUSIC_MIN_SECONDS && seconds <= MUSIC_MAX_SECONDS + LENGTH_TOLERANCE_SECONDS;
}

/**
 * complete-upload's quick check: what the file's header says (an audio stream, in a container we read, of an
 * accepted length). A header may lie about the length; the job's decode counts the samples themselves.
 */
export async function checkMusicFile(ffmpeg: FfmpegBinaries, file: string): Promise<AudioProbe> {
  const probe = await probeAudio(ffmpeg, file, { formats: AUDIO_DEMUXERS, timeoutMs: QUICK_CHECK_TIMEOUT_MS }).catch(() => {
    throw new MusicRefusedError(NOT_AUDIO_MESSAGE);
  });
  if (!isMusicLengthAccepted(probe.durationSeconds)) throw new MusicRefusedError(LENGTH_MESSAGE);
  return probe;
}

/**
 * A run over our own decoded copy that failed: past its time or processor budget the track was too slow to
 * process; anything else (ffmpeg not starting, a full disk, the job stopped) is not the file's fault and is
 * thrown on.
 */
export function refusalOfEncode(error: unknown): unknown {
  return error instanceof FfmpegTimeoutError || error instanceof FfmpegCpuLimitError ? new MusicRefusedError(TOO_SLOW_MESSAGE, { cause: error }) : error;
}

/** A decode of the uploaded file that failed: as refusalOfEncode, and a decoder that exited with an error could not play it. */
export function refusalOfDecode(error: unknown): unknown {
  return error instanceof FfmpegError && error.exitCode !== null ? new MusicRefusedError(NOT_DECODABLE_MESSAGE, { cause: error }) : refusalOfEncode(error);
}
