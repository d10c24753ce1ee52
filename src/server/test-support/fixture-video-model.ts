import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { VideoAspectRatio } from '../../shared/generation.ts';
import type { SegmentRequest, VideoModel } from '../providers/video-model/video-model.ts';
import { h264AacOutputArgs } from '../render/media-operations.ts';
import { cachedFixture } from './cached-fixture.ts';
import { testFfmpeg } from './test-ffmpeg.ts';

const run = promisify(execFile);

/** A tenth of 720p on each side, in the clip's shape: enough to probe, thumbnail and join, cheap to encode. */
const FIXTURE_SIZES: Record<VideoAspectRatio, { width: number; height: number }> = {
  '9:16': { width: 144, height: 256 },
  '16:9': { width: 256, height: 144 },
};

const made = new Map<string, Promise<string>>();

/** The size of the fixture's clips of this shape (tests that probe what a generation stored compare with it). */
export function fixtureClipSize(aspectRatio: VideoAspectRatio): { width: number; height: number } {
  return FIXTURE_SIZES[aspectRatio];
}

/**
 * A small clip of `seconds`, encoded as the offline renderer encodes segments (H.264 yuv420p 24 fps, AAC 48 kHz
 * stereo, faststart), so segments of it join without re-encoding like the offline model's. ffmpeg's moving test
 * pattern and a tone, so frames differ and thumbnails are not blank. Made once per checkout (cachedFixture).
 */
export function fixtureClipFile(aspectRatio: VideoAspectRatio, seconds: number): Promise<string> {
  const { width, height } = FIXTURE_SIZES[aspectRatio];
  const name = `fixture-model-${width}x${height}-${seconds.toFixed(3)}s-v1.mp4`;
  let clip = made.get(name);
  if (!clip) {
    clip = cachedFixture(name, async (file) => {
      const { ffmpegPath } = await testFfmpeg();
      await run(ffmpegPath, [
        '-v', 'error', '-y',
        '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24`,
        '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
        '-t', seconds.toFixed(3), '-r', '24', '-g', '48', ...h264AacOutputArgs(), file,
      ]);
    });
    made.set(name, clip);
  }
  return clip;
}

export interface FixtureVideoModel extends VideoModel {
  /** Every segment asked for, in order. */
  readonly requests: SegmentRequest[];
}

/**
 * A video model for tests that are not about the model: each segment is a copy of a cached fixture clip of the
 * requested length and shape (not resolution: 720p and 1080p both get the small frame). It says it is the
 * offline engine, so jobs treat its segments as they do the offline renderer's (stored as made, joined by
 * copying streams). The real offline renderer keeps its own tests (offline-video-model.test.ts, with its full-size
 * renders; generation.test.ts runs it in small frames).
 */
export function createFixtureVideoModel(): FixtureVideoModel {
  const requests: SegmentRequest[] = [];
  return {
    kind: 'offline',
    model: 'offline',
    requests,
    async generateSegment(request) {
      request.signal?.throwIfAborted();
      requests.push(request);
      const clip = await fixtureClipFile(request.aspectRatio, request.durationSeconds);
      await fs.mkdir(path.dirname(request.outputFile), { recursive: true });
      await fs.copyFile(clip, request.outputFile);
      return {};
    },
  };
}
