import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FfmpegBinaries } from './ffmpeg-binaries.ts';

const run = promisify(execFile);

export interface AudioProbe {
  durationSeconds: number;
  codec: string;
  sampleRate: number;
  channels: number;
}

/** Duration and format of an audio-only file (probeMedia wants a video stream, so it turns these away). */
export async function probeAudio(ffmpeg: FfmpegBinaries, file: string): Promise<AudioProbe> {
  const { stdout } = await run(
    ffmpeg.ffprobePath,
    ['-v', 'error', '-format_whitelist', 'mov,mp4,m4a,3gp,3g2,mj2,wav', '-print_format', 'json', '-show_format', '-show_streams', '-select_streams', 'a:0', file],
    { timeout: 60_000, killSignal: 'SIGKILL' },
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
