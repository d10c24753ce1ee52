import fs from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../render/ffmpeg-runner.ts';
import { filter } from '../render/export/filter-syntax.ts';
import { integratedLoudnessFromMetadata } from '../render/measure-loudness.ts';
import { AUDIO_DEMUXERS, LENGTH_MESSAGE, MUSIC_READ_SECONDS, MusicRefusedError, isMusicLengthAccepted, refusalOfDecode } from './music-upload-checks.ts';

/** The decoded copy: raw 32-bit float samples, 48 kHz stereo, the form every later pass reads. */
export const DECODED_SAMPLE_RATE = 48_000;
export const DECODED_CHANNELS = 2;
const DECODED_BYTES_PER_SECOND = DECODED_SAMPLE_RATE * DECODED_CHANNELS * 4;

/**
 * Processor seconds the one decode of an upload may spend. A ten-minute 44.1 kHz MP3 takes about 3, a minute of
 * 384 kHz 7.1 FLAC about 4; what a 20 MB file can make a decoder do beyond that is refused as too slow.
 */
const DECODE_CPU_SECONDS = 30;
/** Only bounds a hang: the processor budget above is the real bound. */
const DECODE_TIMEOUT_MS = 180_000;
/** A gated loudness this low is silence (or near it): no gain would make it music. */
const SILENCE_LUFS = -60;
const SILENT_MESSAGE = 'This track is silent';

export interface DecodedMusic {
  /** Raw f32le samples at DECODED_SAMPLE_RATE, DECODED_CHANNELS channels. */
  file: string;
  /** The length of what was decoded, counted in samples (never the header's word for it). */
  seconds: number;
  integratedLufs: number;
}

/**
 * Decodes an uploaded track once, into the form every later pass reads, and measures its loudness on the way.
 * The cap is counted in decoded samples, so a header whose time base lies (an m4a claiming 2 minutes that holds
 * 2 hours) stops at MUSIC_READ_SECONDS like any other; the channels are mixed down to stereo before the rate
 * is brought to 48 kHz, so a 384 kHz 7.1 file is resampled as two channels and the rest runs at the stored rate.
 * Refuses (MusicRefusedError) a file that does not decode, runs past its processor budget, is too long or too
 * short, or is silent.
 */
export async function decodeMusic(ffmpeg: FfmpegBinaries, source: string, dir: string, signal?: AbortSignal): Promise<DecodedMusic> {
  const file = path.join(dir, 'decoded.f32');
  const metadataFile = path.join(dir, 'loudness.txt');
  const graph = [
    filter('asetpts', [['expr', 'N/SR/TB']]),
    filter('atrim', [['end', MUSIC_READ_SECONDS]]),
    filter('aformat', [['channel_layouts', 'mono|stereo']]),
    filter('aresample', [['osr', DECODED_SAMPLE_RATE]]),
    filter('aformat', [['sample_fmts', 'flt'], ['sample_rates', DECODED_SAMPLE_RATE], ['channel_layouts', 'stereo']]),
    filter('ebur128', [['metadata', 1]]),
    filter('ametadata', [['mode', 'print'], ['key', 'lavfi.r128.I'], ['file', metadataFile]]),
  ].join(',');
  await runFfmpeg(
    ffmpeg,
    ['-format_whitelist', AUDIO_DEMUXERS, '-i', source, '-map', '0:a:0', '-vn', '-sn', '-dn', '-af', graph, '-c:a', 'pcm_f32le', '-f', 'f32le', file],
    { cpuSeconds: DECODE_CPU_SECONDS, timeoutMs: DECODE_TIMEOUT_MS, signal },
  ).catch((error: unknown) => {
    throw refusalOfDecode(error);
  });
  const seconds = (await fs.stat(file)).size / DECODED_BYTES_PER_SECOND;
  if (!isMusicLengthAccepted(seconds)) throw new MusicRefusedError(LENGTH_MESSAGE);
  const integratedLufs = integratedLoudnessFromMetadata(await fs.readFile(metadataFile, 'utf8'));
  if (!(integratedLufs > SILENCE_LUFS)) throw new MusicRefusedError(SILENT_MESSAGE);
  return { file, seconds, integratedLufs };
}
