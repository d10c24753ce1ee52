import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { locateFfmpeg } from '../render/ffmpeg-binaries.ts';

const run = promisify(execFile);

type ClipFormat = 'mp4' | 'webm-silent' | 'avi-silent';

const codecArgs: Record<ClipFormat, string[]> = {
  // What a phone or Veo hands us: H.264 + AAC with the index at the front.
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart'],
  'webm-silent': ['-c:v', 'libvpx', '-b:v', '300k'],
  'avi-silent': ['-c:v', 'mpeg4'],
};

/** Writes a small real video (ffmpeg's test pattern, plus a tone for mp4) for tests to feed the app. */
export async function makeTestClip(
  file: string,
  { width, height, seconds, format = 'mp4' }: { width: number; height: number; seconds: number; format?: ClipFormat },
): Promise<void> {
  const { ffmpegPath } = await locateFfmpeg({ ffmpeg: { searchPath: process.env.PATH } });
  const inputs = ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24`];
  if (format === 'mp4') inputs.push('-f', 'lavfi', '-i', 'sine=frequency=440');
  await run(ffmpegPath, ['-v', 'error', '-y', ...inputs, '-t', String(seconds), ...codecArgs[format], file]);
}
