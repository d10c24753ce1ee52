import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PRESETS } from '../../../shared/schemas/export.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { runFfmpeg } from '../ffmpeg-runner.ts';
import { isFaststart } from '../probe-media.ts';
import { cachedFixture } from '../../test-support/cached-fixture.ts';
import { clipEdit } from '../../test-support/clip-edit.ts';
import { keyframeTimes, mediaFacts, x264Settings } from '../../test-support/media-facts.ts';
import { renderExport } from './render-export.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';

let binaries: FfmpegBinaries;
let dir: string;
let source: string;

/**
 * A 2.2 s 15 fps screen-recording-like clip (slower than most platforms take) with loud stereo noise, which
 * the AAC encoder needs every bit of its rate for: a tone would come out far under the rate asked for. 2.2 s
 * holds Facebook's 2 s keyframe interval; each other preset exports only a little more than its own interval.
 */
function makeSource(file: string) {
  return runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', 'testsrc2=s=180x320:r=15:d=2.2',
    '-f', 'lavfi', '-i', 'anoisesrc=r=48000:d=2.2:c=white:a=0.5:seed=1',
    '-f', 'lavfi', '-i', 'anoisesrc=r=48000:d=2.2:c=white:a=0.5:seed=2',
    '-filter_complex', '[1:a][2:a]join=inputs=2:channel_layout=stereo[a]', '-map', '0:v', '-map', '[a]',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '512k', file,
  ]);
}

type Facts = Awaited<ReturnType<typeof exportFor>>;

/** The first `seconds` of the source with the preset's own settings (SPEC §9: 1080p mp4 high), and what its file says. */
async function exportFor(presetName: string, seconds: number) {
  const preset = EXPORT_PRESETS.find((candidate) => candidate.name === presetName)!;
  const spec = { ...preset.settings, watermark: false };
  const output = path.join(dir, `${presetName}-${spec.resolution}.mp4`);
  await renderExport(binaries, { sourceFiles: new Map([['clip', source]]), outputFile: output, editorState: clipEdit('clip', 2.2, { start: 0, end: seconds }), spec });
  const { video, audio } = await mediaFacts(binaries, output);
  const [frames, perSeconds] = String(video.avg_frame_rate).split('/').map(Number);
  return {
    video,
    audio,
    fps: frames! / perSeconds!,
    audioKbps: Number(audio?.bit_rate) / 1000,
    // Compared as times: a bound on the gaps between keyframes also holds when there is only the first.
    keyframes: await keyframeTimes(binaries, output),
    x264: await x264Settings(output),
    editList: (await fs.readFile(output)).includes('elst'),
    faststart: await isFaststart(output),
  };
}

/** What every platform's list asks alike: H.264 4:2:0 in closed GOPs with two B-frames, AAC 48 kHz stereo, moov first, no edit lists. */
function expectCommonUploadSpec(facts: Facts) {
  expect(facts.video).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 1080, height: 1920 });
  expect(facts.audio).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
  expect(facts.x264).toMatch(/ bframes=2 /);
  expect(facts.x264).toMatch(/ open_gop=0 /);
  expect(facts.faststart).toBe(true);
  expect(facts.editList).toBe(false);
}

describe('an export for each platform preset', () => {
  beforeAll(async () => {
    binaries = await testFfmpeg();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'platform-presets-test-'));
    source = await cachedFixture('platform-source-180x320-15fps-2.2s-stereo-noise-512k.mp4', makeSource);
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('TikTok: 23 to 60 fps (the 15 fps clip at 30), 360 to 4096 px a side', async () => {
    const facts = await exportFor('TikTok', 1.2);
    expectCommonUploadSpec(facts);
    expect(facts.fps).toBe(30);
    // TikTok publishes no GOP or audio rate: the export's own keyframe a second, AAC at 128 kbit/s.
    expect(facts.keyframes).toEqual([0, 1]);
    expect(facts.audioKbps).toBeCloseTo(128, -1);
  });

  it('Instagram Reels: 23 to 60 fps, closed GOP, AAC at 128 kbit/s, at most 25 Mbit/s, at most 1920 px wide', async () => {
    const facts = await exportFor('Instagram Reels', 1.2);
    expectCommonUploadSpec(facts);
    expect(facts.fps).toBe(30);
    expect(facts.keyframes).toEqual([0, 1]);
    expect(facts.audioKbps).toBeCloseTo(128, -1);
    expect(facts.x264).toMatch(/ vbv_maxrate=25000 /);
    // 4K by hand (a pro user's choice) still fits Instagram's 1920 columns: export-filter-graph.test.ts checks the
    // graph's size, render-export.test.ts a real 4K file.
  });

  it("YouTube Shorts: the recorded frame rate, a GOP of half the frame rate, stereo AAC at 384 kbit/s", async () => {
    const facts = await exportFor('YouTube Shorts', 0.6);
    expectCommonUploadSpec(facts);
    expect(facts.fps).toBe(15);
    // The first frame at or after 0.5 s: the 9th at 15 fps.
    expect(facts.keyframes).toEqual([0, 0.533]);
    expect(facts.audioKbps).toBeGreaterThan(0.9 * 384);
  });

  it('Snapchat Spotlight: AAC at 192 kbit/s or more', async () => {
    const facts = await exportFor('Snapchat Spotlight', 1.2);
    expectCommonUploadSpec(facts);
    // Snap publishes no frame rate for Spotlight: the export's own 23 or more.
    expect(facts.fps).toBe(30);
    expect(facts.keyframes).toEqual([0, 1]);
    expect(facts.audioKbps).toBeGreaterThan(0.95 * 192);
  });

  it('Facebook Reels: 24 to 60 fps, closed GOPs of 2 to 5 seconds, stereo AAC at 128 kbit/s or more', async () => {
    const facts = await exportFor('Facebook Reels', 2.2);
    expectCommonUploadSpec(facts);
    expect(facts.fps).toBe(30);
    expect(facts.keyframes).toEqual([0, 2]);
    expect(facts.audioKbps).toBeGreaterThan(0.95 * 128);
  });
});
