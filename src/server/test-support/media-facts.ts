import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';

const run = promisify(execFile);

/** What a platform's upload check reads of a file: ffprobe's view of its first video and audio streams, and the container. */
export async function mediaFacts(binaries: FfmpegBinaries, media: string) {
  const { stdout } = await run(binaries.ffprobePath, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', media]);
  const parsed = JSON.parse(stdout) as {
    streams: Array<Record<string, string | number | undefined>>;
    format: { format_name: string; duration: string; tags?: { major_brand?: string; creation_time?: string } };
  };
  const video = parsed.streams.find((s) => s.codec_type === 'video') ?? {};
  const audio = parsed.streams.find((s) => s.codec_type === 'audio');
  return { video, audio, format: parsed.format };
}

/** When the video's keyframes are, in seconds from its first frame. */
export async function keyframeTimes(binaries: FfmpegBinaries, media: string): Promise<number[]> {
  const { stdout } = await run(binaries.ffprobePath, [
    '-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey', '-show_entries', 'frame=pkt_pts_time,pts_time', '-of', 'csv=p=0', media,
  ]);
  // A frame's line may be followed by one for its side data, which has no time.
  const times = stdout
    .trim()
    .split('\n')
    .map((line) => Number(line.split(',').find((field) => field !== '' && field !== 'N/A')))
    .filter((time) => Number.isFinite(time));
  return times.map((time) => Math.round((time - (times[0] ?? 0)) * 1000) / 1000);
}

/** The settings x264 writes into the stream ('… bframes=2 … open_gop=0 …'): what MediaInfo and the platforms' checks read. */
export async function x264Settings(media: string): Promise<string> {
  return /x264 - core[^\0]*/.exec((await fs.readFile(media)).toString('latin1'))?.[0] ?? '';
}
