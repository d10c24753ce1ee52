import type { FfmpegBinaries } from './ffmpeg-binaries.ts';
import { runMediaTool } from './ffmpeg-runner.ts';

export interface AudioProbe {
  durationSeconds: number;
  codec: string;
  sampleRate: number;
  channels: number;
}

/** Our own stored audio (AAC in MP4) and the WAVs the library renders. */
const STORED_AUDIO_DEMUXERS = 'mov,mp4,m4a,3gp,3g2,mj2,wav';

/**
 * Duration and format of the first audio stream of a file (probeMedia wants a video stream, so it turns
 * audio-only files away). `formats` is the ffprobe demuxer whitelist; throws when there is no audio stream.
 */
export async function probeAudio(ffmpeg: FfmpegBinaries, file: string, options: { formats?: string; timeoutMs?: number } = {}): Promise<AudioProbe> {
  const { stdout } = await runMediaTool(
    ffmpeg.ffprobePath,
    ['-v', 'error', '-format_whitelist', options.formats ?? STORED_AUDIO_DEMUXERS, '-print_format', 'json', '-show_format', '-show_streams', '-select_streams', 'a:0', file],
    { timeout: options.timeoutMs ?? 60_000 },
  );
  const parsed = JSON.parse(stdout) as {
    streams?: Array<{ codec_name?: string; sample_rate?: string; channels?: number; duration?: string }>;
    format?: { duration?: string };
  };
  const stream = parsed.streams?.[0];
  const durationSeconds = Number(parsed.format?.duration ?? stream?.duration);
  if (!stream?.codec_name || !(durationSeconds > 0)) throw new Error(`no audio stream in ${file}`);
  return { durationSeconds, codec: stream.codec_name, sampleRate: Number(stream.sample_rate), channels: stream.channels ?? 0 };
}
