import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import { testFfmpeg } from './test-ffmpeg.ts';

const run = promisify(execFile);

type ClipFormat = 'mp4' | 'mp4-index-last' | 'webm-silent' | 'avi-silent';

const codecArgs: Record<ClipFormat, string[]> = {
  // What a phone or Veo hands us: H.264 + AAC with the index at the front.
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart'],
  /** As a camera writes it: the index (moov) after the media, so it is re-encoded on upload. */
  'mp4-index-last': ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
  'webm-silent': ['-c:v', 'libvpx', '-b:v', '300k'],
  'avi-silent': ['-c:v', 'mpeg4'],
};

/** Writes a small real video (ffmpeg's test pattern, plus a tone for mp4) for tests to feed the app. */
export async function makeTestClip(
  file: string,
  { width, height, seconds, format = 'mp4', rate = 24 }: { width: number; height: number; seconds: number; format?: ClipFormat; rate?: number },
): Promise<void> {
  const { ffmpegPath } = await testFfmpeg();
  const inputs = ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${rate}`];
  if (format.startsWith('mp4')) inputs.push('-f', 'lavfi', '-i', 'sine=frequency=440');
  await run(ffmpegPath, ['-v', 'error', '-y', ...inputs, '-t', String(seconds), ...codecArgs[format], file]);
}

/**
 * A Matroska video (160x90, 1 frame per second, with AAC audio) that holds `seconds` but whose header claims
 * `claimedSeconds`: its Segment Info Duration (EBML id 0x4489, an 8-byte float in milliseconds) is rewritten.
 */
export async function makeLyingMatroska(file: string, { seconds, claimedSeconds }: { seconds: number; claimedSeconds: number }): Promise<void> {
  const { ffmpegPath } = await testFfmpeg();
  await run(ffmpegPath, [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'color=c=blue:s=160x90:r=1',
    '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono',
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', '-b:a', '8k', '-f', 'matroska', file,
  ]);
  const bytes = await fs.readFile(file);
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error('no 8-byte Duration element in the Matroska file');
  bytes.writeDoubleBE(claimedSeconds * 1000, at + 3);
  await fs.writeFile(file, bytes);
}

/** A faststart MP4 cut just after its `mdat` box header: the index is whole, the media is gone. */
export async function makeCutMp4(file: string): Promise<void> {
  await makeTestClip(file, { width: 320, height: 240, seconds: 2 });
  const bytes = await fs.readFile(file);
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'mdat') {
      await fs.writeFile(file, bytes.subarray(0, offset + 8));
      return;
    }
    offset += bytes.readUInt32BE(offset);
  }
  throw new Error('no mdat box in the MP4 file');
}
