import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorState, type Shot, defaultEditorState, newShot } from '../../../shared/editor/editor-state.ts';
import { type FfmpegBinaries, type TransitionFilters } from '../ffmpeg-binaries.ts';
import { runFfmpeg } from '../ffmpeg-runner.ts';
import { h264AacOutputArgs } from '../media-operations.ts';
import { probeMedia } from '../probe-media.ts';
import { cachedFixture } from '../../test-support/cached-fixture.ts';
import { meanDifference } from '../../test-support/picture-difference.ts';
import { buildExportCommand } from './export-filter-graph.ts';
import type { ExportSpec } from './export-spec.ts';
import { testFfmpeg, testFfmpegOn } from '../../test-support/test-ffmpeg.ts';

const run = promisify(execFile);
let system: FfmpegBinaries;
let dir: string;

/** The clips render-export-sequence.test.ts makes (the same cached files): a portrait with a tone, b landscape, silent. */
const makeA = (file: string) =>
  runFfmpeg(system, ['-f', 'lavfi', '-i', 'testsrc2=s=180x320:r=30:d=2', '-f', 'lavfi', '-i', 'sine=f=440:r=48000:d=2', '-t', '2', ...h264AacOutputArgs(), file]);
const makeB = (file: string) => runFfmpeg(system, ['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25:d=2,negate', '-an', ...h264AacOutputArgs(), file]);

const shot = (id: string, mediaId: string, from: number, transition?: Shot['transition']): Shot => ({
  ...newShot(id, mediaId, 2),
  in: from,
  out: from + 1,
  ...(transition ? { transition } : {}),
});
const into = (kind: Shot['transition']['kind']) => ({ kind, duration: 0.4 });

/** Six 1 s shots, a and b in turn, joined by every transition of 0.4 s: on the output 6 − 5 × 0.4 = 4 s, 120 frames at 30 fps. */
const editorState: EditorState = {
  ...defaultEditorState('a', 2),
  shots: [
    shot('s1', 'a', 0),
    shot('s2', 'b', 0.2, into('crossfade')),
    shot('s3', 'a', 0.5, into('fade-black')),
    shot('s4', 'b', 0.5, into('slide-left')),
    shot('s5', 'a', 1, into('slide-up')),
    shot('s6', 'b', 0.8, into('zoom')),
  ],
};
const FPS = 30;
const OUTPUT_FRAMES = 120;
/** Each transition's frames on the output: shot k + 1 comes in at 0.6·k s for 0.4 s (12 frames). */
const transitions = (['crossfade', 'fade-black', 'slide-left', 'slide-up', 'zoom'] as const).map((kind, index) => ({
  kind,
  first: Math.round((0.6 * (index + 1)) * FPS),
  frames: Math.round(0.4 * FPS),
}));
const inOverlap = (frame: number) => transitions.some(({ first, frames }) => frame >= first && frame < first + frames);

const spec: ExportSpec = { resolution: '720p', format: 'mp4', quality: 'high', watermark: false };
const SMALL = { width: 90, height: 160 };

interface GraphRun {
  /** framemd5's line for each output frame: its timestamps, size and hash. */
  frames: string[];
  /** Each frame in grey at 90x160. */
  small: Buffer[];
  /** The sound, stereo interleaved. */
  sound: Float32Array;
}

/**
 * The export's own inputs and filter graph run by `binaries`, with `filters` as its transition filters: the pictures
 * hashed frame by frame (and shrunk to grey to compare), the sound as raw samples. Nothing is encoded, so frames
 * the two graphs make alike are equal to the bit.
 */
async function runGraph(binaries: FfmpegBinaries, filters: TransitionFilters, name: string): Promise<GraphRun> {
  const workDir = path.join(dir, name);
  await fs.mkdir(workDir);
  const sources = new Map(
    await Promise.all(
      [...sourceFiles].map(async ([mediaId, file]) => [mediaId, { file, probe: await probeMedia(binaries, file) }] as const),
    ),
  );
  const command = buildExportCommand({ sources, outputFile: path.join(workDir, 'unused.mp4'), workDir, filters }, editorState, spec);
  const graphFile = path.join(workDir, 'graph.txt');
  await fs.writeFile(graphFile, `${command.filterGraph};\n[v]split[hashed][shrink];\n[shrink]scale=${SMALL.width}:${SMALL.height},format=gray[small]`);
  const out = (file: string) => path.join(workDir, file);
  await run(binaries.ffmpegPath, [
    '-v', 'error',
    ...command.args.slice(0, command.args.indexOf('-filter_complex_script')),
    '-filter_complex_script', graphFile,
    '-map', '[hashed]', '-f', 'framemd5', out('frames.txt'),
    '-map', '[small]', '-f', 'rawvideo', out('small.raw'),
    '-map', '[a]', '-c:a', 'pcm_f32le', '-f', 'f32le', out('sound.raw'),
  ]);
  const frames = (await fs.readFile(out('frames.txt'), 'utf8')).split('\n').filter((line) => line && !line.startsWith('#'));
  const raw = await fs.readFile(out('small.raw'));
  const size = SMALL.width * SMALL.height;
  const small = Array.from({ length: raw.length / size }, (_, index) => raw.subarray(index * size, (index + 1) * size));
  const sound = await fs.readFile(out('sound.raw'));
  return { frames, small, sound: new Float32Array(sound.buffer, sound.byteOffset, sound.byteLength / 4) };
}

let sourceFiles: Map<string, string>;
let xfade: GraphRun;
let fallback: GraphRun;
let old: GraphRun;

/** The columns of framemd5's line but the hash: stream, dts, pts, duration, size. */
const timing = (line: string) => line.split(',').slice(0, -1).join(',');

/**
 * Mean grey-level difference (0–255, at 90x160) from xfade's frame that the fallback may show in each transition,
 * over its overlap: what it measured (decision 039, "Without xfade") with a margin. Outside the overlaps the frames
 * are the same to the bit.
 */
const MOST_DIFFERENT = { crossfade: 1.5, 'fade-black': 12, 'slide-left': 2, 'slide-up': 1, zoom: 10 } as const;

describe('transitions without xfade and acrossfade (older ffmpeg), drawn by the fallback', () => {
  beforeAll(async () => {
    system = await testFfmpeg();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'transition-fallback-test-'));
    sourceFiles = new Map([
      ['a', await cachedFixture('sequence-a-testsrc2-180x320-30fps-2s-sine440.mp4', makeA)],
      ['b', await cachedFixture('sequence-b-testsrc2-negated-320x180-25fps-2s-silent.mp4', makeB)],
    ]);
    // The npm-shipped build is an ffmpeg of 2018 (4.1's time), without xfade: the fallback as it will really run.
    const npm = await testFfmpegOn('/nonexistent');
    expect(npm.filters?.xfade).toBe(false);
    [xfade, fallback, old] = await Promise.all([
      runGraph(system, { xfade: true, acrossfade: true }, 'xfade'),
      runGraph(system, { xfade: false, acrossfade: false }, 'fallback'),
      runGraph(npm, { xfade: false, acrossfade: false }, 'old'),
    ]);
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('lasts as long as with xfade, to the frame and the sample, every frame at the same time', () => {
    expect(xfade.frames).toHaveLength(OUTPUT_FRAMES);
    expect(fallback.frames.map(timing)).toEqual(xfade.frames.map(timing));
    expect(fallback.sound.length).toBe(xfade.sound.length);
  });

  it('shows the very same frames outside the transitions, so every shot sits where xfade puts it', () => {
    const outside = xfade.frames.map((_, frame) => frame).filter((frame) => !inOverlap(frame));
    expect(outside).toHaveLength(OUTPUT_FRAMES - 5 * 12);
    expect(outside.map((frame) => fallback.frames[frame])).toEqual(outside.map((frame) => xfade.frames[frame]));
  });

  it.each(transitions)('draws the $kind close to xfade’s (the crossfade’s midpoint within 1.5 levels)', ({ kind, first, frames }) => {
    const differences = Array.from({ length: frames }, (_, offset) => meanDifference(fallback.small[first + offset]!, xfade.small[first + offset]!));
    expect(Math.max(...differences)).toBeLessThan(MOST_DIFFERENT[kind]);
    // The two shots differ by far more than that: the comparison sees a wrong frame.
    expect(meanDifference(xfade.small[first - 1]!, xfade.small[first + frames]!)).toBeGreaterThan(20);
    if (kind === 'crossfade') expect(differences[frames / 2]).toBeLessThan(1.5);
  });

  it('crossfades the sound as acrossfade does, to within a millionth-scale rounding', () => {
    let most = 0;
    for (let index = 0; index < xfade.sound.length; index++) most = Math.max(most, Math.abs(xfade.sound[index]! - fallback.sound[index]!));
    // afade's envelope runs one sample ahead of acrossfade's: 1/19200 of the tone's 0.125 at most.
    expect(most).toBeLessThan(1e-5);
  });

  it('runs on the old build alike: the same length, and the crossfade as close', () => {
    expect(old.frames.map(timing)).toEqual(xfade.frames.map(timing));
    expect(old.sound.length).toBe(xfade.sound.length);
    const middle = transitions[0]!.first + transitions[0]!.frames / 2;
    // Its scaler alone puts ~1.9 levels between its frames and 5.1's away from any transition; the crossfade adds nothing.
    expect(meanDifference(old.small[middle]!, xfade.small[middle]!)).toBeLessThan(3);
  });
});
