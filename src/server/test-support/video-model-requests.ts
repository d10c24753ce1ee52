import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SegmentRequest } from '../providers/video-model/video-model.ts';

/** What the tests of the Google video adapters (Veo, Gemini Omni Flash) ask for and check. */

const run = promisify(execFile);

/** A one-segment, 8-second 16:9 720p request whose MP4 goes to `segment-0.mp4` in `dir`. */
export function segmentRequest(dir: string, overrides: Partial<SegmentRequest> = {}): SegmentRequest {
  return {
    prompt: 'A paper boat drifting down a rainy street at dusk',
    aspectRatio: '16:9',
    resolution: '720p',
    durationSeconds: 8,
    segmentIndex: 0,
    totalSegments: 1,
    outputFile: path.join(dir, 'segment-0.mp4'),
    ...overrides,
  };
}

/** The generation's outcome: the error it rejected with, or 'resolved'. */
export function outcomeOf(generating: Promise<unknown>): Promise<unknown> {
  return generating.then(
    () => 'resolved',
    (error: unknown) => error,
  );
}

/** The codec of the first video stream in `file`, as ffprobe names it (e.g. `h264`). */
export async function videoCodec(ffprobePath: string, file: string): Promise<string> {
  const { stdout } = await run(ffprobePath, [
    '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file,
  ]);
  return stdout.trim();
}
