import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditorState, defaultEditorState, newTextOverlay } from '../../../shared/editor/editor-state.ts';
import type { FfmpegBinaries } from '../ffmpeg-binaries.ts';
import { FfmpegError, runFfmpeg } from '../ffmpeg-runner.ts';
import { h264AacOutputArgs } from '../media-operations.ts';
import { isFaststart, probeMedia } from '../probe-media.ts';
import { scratchRoot } from '../scratch-dir.ts';
import { colourTags, expectPictureLike, makeHdrClip, makeSdrPicture } from '../../test-support/hdr-clips.ts';
import { clipEdit } from '../../test-support/clip-edit.ts';
import { mediaFacts } from '../../test-support/media-facts.ts';
import { sourceColorOf } from './export-filter-graph.ts';
import { type ExportSpec, lowQualityKbps } from './export-spec.ts';
import { type RenderExportOptions, renderExport } from './render-export.ts';
import { meanDifference } from '../../test-support/picture-difference.ts';
import { testFfmpegOn } from '../../test-support/test-ffmpeg.ts';

const run = promisify(execFile);
let binaries: FfmpegBinaries;
let dir: string;
const file = (name: string) => path.join(dir, name);

/** A small stored-style clip: the test pattern (its clock shows the time) at 10 fps, with a tone unless silent. */
async function clip(name: string, size: string, seconds: number, { audio = true } = {}): Promise<string> {
  const output = file(name);
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', `testsrc2=s=${size}:r=10:d=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=f=330:r=48000:d=${seconds}`] : []),
    '-t', String(seconds), ...h264AacOutputArgs(), output,
  ]);
  return output;
}

/**
 * A 1.2 s 30 fps clip, black but for one white frame at 0.5 s, silent but for a 1 kHz beep from 0.5 s: its sound
 * `late` seconds after its picture, as a camera that starts audio late writes it (an edit list in the source).
 */
async function flashAndBeep(name: string, late: number): Promise<string> {
  const output = file(name);
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', "color=black:s=90x160:r=30:d=1.2,format=yuv420p,geq=lum='if(between(T,0.5,0.52),235,16)':cb=128:cr=128",
    '-itsoffset', String(late), '-f', 'lavfi', '-i', "aevalsrc='if(between(t,0.5,0.55),0.8*sin(2*PI*1000*t),0)':s=48000:d=1.2",
    ...h264AacOutputArgs(), output,
  ]);
  return output;
}

/** When the white frame shows and the beep starts, in seconds, as a player that ignores edit lists plays the file. */
async function flashAndBeepTimes(media: string): Promise<{ flash: number; beep: number }> {
  const { stdout } = await run(binaries.ffmpegPath, [
    '-v', 'error', '-ignore_editlist', '1', '-i', media, '-map', '0:v:0',
    '-vf', 'signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-', '-f', 'null', '-',
  ], { maxBuffer: 64 * 1024 * 1024 });
  const frames = [...stdout.matchAll(/pts_time:([\d.]+)\s+lavfi\.signalstats\.YAVG=([\d.]+)/g)];
  const flash = Number(frames.find((frame) => Number(frame[2]) > 100)?.[1]);
  const { stdout: raw } = await run(
    binaries.ffmpegPath,
    ['-v', 'error', '-ignore_editlist', '1', '-i', media, '-map', '0:a:0', '-ac', '1', '-ar', '48000', '-f', 'f32le', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const samples = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
  return { flash, beep: samples.findIndex((sample) => Math.abs(sample) > 0.1) / 48_000 };
}

const spec = (overrides: Partial<ExportSpec> = {}): ExportSpec => ({
  resolution: '720p',
  format: 'mp4',
  quality: 'low',
  watermark: false,
  ...overrides,
});

/** A one-shot edit's sources: its clip is media 'clip'. */
const oneClip = (source: string) => new Map([['clip', source]]);

/** Renders the export and answers the exported file's probe. */
async function renderAndProbe(binaries: FfmpegBinaries, options: RenderExportOptions) {
  await renderExport(binaries, options);
  return probeMedia(binaries, options.outputFile);
}

/** The `seconds` long clip cut to [start, end). */
const trimmed = (seconds: number, start: number, end: number): EditorState => clipEdit('clip', seconds, { start, end });

const builds = [
  ['the system ffmpeg', process.env.PATH],
  ['the npm-shipped ffmpeg 4.1', '/nonexistent'],
] as const;

describe.each(builds)('renderExport with %s', (build, searchPath) => {

  beforeAll(async () => {
    binaries = await testFfmpegOn(searchPath);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'render-export-test-'));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('renders a full edit (overlays, grade, vintage, watermark, volume) as H.264 yuv420p + AAC, faststart', async () => {
    const source = await clip('full.mp4', '90x160', 1);
    const cut = trimmed(1, 0.2, 0.8);
    const editorState: EditorState = {
      ...cut,
      shots: cut.shots.map((shot) => ({ ...shot, volume: 0.5 })),
      textOverlays: [{ ...newTextOverlay('a', 8), text: 'Hello\nthere' }],
      visualEffect: 'vintage',
      colorGrading: { brightness: 110, contrast: 90, saturation: 120 },
    };
    const fractions: number[] = [];
    const probe = await renderAndProbe(binaries, {
      sourceFiles: oneClip(source),
      outputFile: file('full-out.mp4'),
      editorState,
      spec: spec({ watermark: true }),
      onProgress: (fraction) => fractions.push(fraction),
    });
    expect(probe).toMatchObject({ width: 720, height: 1280, videoCodec: 'h264', pixelFormat: 'yuv420p', audioCodec: 'aac' });
    expect(probe.videoDurationSeconds).toBeCloseTo(0.6, 1);
    expect(await isFaststart(file('full-out.mp4'))).toBe(true);
    const { video, audio } = await mediaFacts(binaries, file('full-out.mp4'));
    expect(video).toMatchObject({ color_space: 'bt709', color_transfer: 'bt709', color_primaries: 'bt709', color_range: 'tv' });
    expect(audio).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  it.each([
    ['in step', 0],
    ['whose sound starts 0.5 s late', 0.5],
  ])('writes a source %s without edit lists, in sync within a frame for a player that ignores them', async (_name, late) => {
    const source = await flashAndBeep(`sync-${late}.mp4`, late);
    const output = file(`sync-${late}-out.mp4`);
    await renderExport(binaries, { sourceFiles: oneClip(source), outputFile: output, editorState: defaultEditorState('clip', 1.2), spec: spec() });
    expect((await fs.readFile(output)).includes('elst')).toBe(false);
    const { flash, beep } = await flashAndBeepTimes(output);
    expect(flash).toBeCloseTo(0.5, 2);
    expect(Math.abs(beep - (0.5 + late))).toBeLessThan(1 / 30);
  });

  /** The SDR picture the HDR clips are made from, and its own export: made once per build, compared by HLG and PQ. */
  let sdrPicture: Promise<{ sdr: string; exported: string }> | undefined;
  // The first 0.5 s (6 source frames) are as good a picture to compare as the whole 2 s.
  const hdrCut = () => clipEdit('clip', 2, { start: 0, end: 0.5 });
  const sdrExport = () => (sdrPicture ??= (async () => {
    const sdr = await makeSdrPicture(binaries, file('sdr.mp4'));
    await renderExport(binaries, { sourceFiles: oneClip(sdr), outputFile: file('sdr-out.mp4'), editorState: hdrCut(), spec: spec() });
    return { sdr, exported: file('sdr-out.mp4') };
  })());

  it.each([
    ['HLG', 'arib-std-b67'],
    ['PQ', 'smpte2084'],
  ] as const)('exports a %s clip stored before uploads were tone-mapped (8-bit, HDR tags) like the SDR picture it was made from', async (_name, transfer) => {
    const { sdr, exported } = await sdrExport();
    const stored = await makeHdrClip(binaries, sdr, file(`stored-${transfer}.mp4`), { transfer, bits: 8 });
    await renderExport(binaries, { sourceFiles: oneClip(stored), outputFile: file(`${transfer}-out.mp4`), editorState: hdrCut(), spec: spec() });
    await expectPictureLike(binaries, file(`${transfer}-out.mp4`), exported);
    expect(await colourTags(binaries, file(`${transfer}-out.mp4`))).toEqual({ space: 'bt709', transfer: 'bt709', primaries: 'bt709', range: 'tv' });
  });

  // Cases about the command itself, not the build: they run once, on the system ffmpeg.
  if (build === 'the system ffmpeg') {
    describe('command details', () => {
      it('exports the largest caption the document accepts: ten long lines of mixed scripts, line height 2.5, box 100 %, a 3 s pop', async () => {
        const source = await clip('caption.mp4', '90x160', 0.5);
        const line = 'Hello 👋🏽 مرحبا بالعالم שלום עולם ✓ wraps on'.padEnd(49, '!');
        const caption = {
          ...newTextOverlay('caption', 0.5), text: Array.from({ length: 10 }, () => line).join('\n'), fontSize: 120, lineHeight: 2.5,
          boxWidth: 100, enter: { kind: 'pop' as const, duration: 3 },
        };
        const probe = await renderAndProbe(binaries, {
          sourceFiles: oneClip(source),
          outputFile: file('caption-out.mp4'),
          editorState: { ...defaultEditorState('clip', 0.5), textOverlays: [caption] },
          spec: spec({ resolution: '1080p' }),
        });
        expect([probe.width, probe.height]).toEqual([1080, 1920]);
      });

      it('exports a 15 fps recording at 30 fps, each frame shown twice: TikTok and Instagram take 23 to 60', async () => {
        const source = await clip('slow.mp4', '90x160', 1);
        await runFfmpeg(binaries, ['-i', source, '-vf', 'fps=15', ...h264AacOutputArgs(), file('slow-15.mp4')]);
        await renderExport(binaries, { sourceFiles: oneClip(file('slow-15.mp4')), outputFile: file('slow-out.mp4'), editorState: defaultEditorState('clip', 1), spec: spec() });
        const { video } = await mediaFacts(binaries, file('slow-out.mp4'));
        expect(video).toMatchObject({ r_frame_rate: '30/1', avg_frame_rate: '30/1', nb_frames: '30' });
      });

      it("exports 'low' at a set rate (x264 ABR at lowQualityKbps), not at CRF 28, which gave a simple 720p clip about 150 kbit/s", async () => {
        // A slowly moving gradient: little detail, where x264's CRF spends almost nothing and the platforms' re-encode bands it.
        const source = file('gradient.mp4');
        await runFfmpeg(binaries, [
          '-f', 'lavfi', '-i', 'gradients=s=180x320:r=30:d=2:speed=0.02', '-f', 'lavfi', '-i', 'sine=f=330:r=48000:d=2',
          ...h264AacOutputArgs(), source,
        ]);
        await renderExport(binaries, { sourceFiles: oneClip(source), outputFile: file('gradient-out.mp4'), editorState: defaultEditorState('clip', 2), spec: spec({ quality: 'low' }) });
        const { video } = await mediaFacts(binaries, file('gradient-out.mp4'));
        expect(video).toMatchObject({ width: 720, height: 1280 });
        // What the file's rate is on 2 s of gradient depends on how x264's frame threads are scheduled (one-pass ABR
        // undershoots: 1.15 Mbit/s of the set 1.38 on an idle machine, 0.58 at a load of 16, 0.24 once in CI), so the
        // settings x264 wrote into the stream are what tells a set rate from CRF.
        const settings = /x264 - core \d+[^\0]*/.exec((await fs.readFile(file('gradient-out.mp4'))).toString('latin1'))?.[0] ?? '';
        expect(settings).toMatch(/ rc=abr /);
        expect(settings).toContain(` bitrate=${String(lowQualityKbps({ width: 720, height: 1280 }, 30))} `);
      });

      it.each([
        ['90x160', '720p', 720, 1280],
        ['90x160', '1080p', 1080, 1920],
        ['90x160', '4K', 2160, 3840],
        ['160x90', '720p', 1280, 720],
        ['160x90', '1080p', 1920, 1080],
        ['160x90', '4K', 3840, 2160],
        ['100x100', '1080p', 1080, 1080],
      ] as const)('exports a %s clip at %s as %ix%i', async (size, resolution, width, height) => {
        const source = await clip(`size-${size}.mp4`, size, 0.2);
        const probe = await renderAndProbe(binaries, {
          sourceFiles: oneClip(source),
          outputFile: file(`size-${size}-${resolution}.mp4`),
          editorState: defaultEditorState('clip', 0.2),
          spec: spec({ resolution }),
        });
        expect([probe.width, probe.height]).toEqual([width, height]);
      });

      it('lasts the trimmed length and starts on the trim-start frame', async () => {
        const source = await clip('trim.mp4', '160x90', 2);
        const probe = await renderAndProbe(binaries, {
          sourceFiles: oneClip(source),
          outputFile: file('trim-out.mp4'),
          editorState: trimmed(2, 0.5, 1.7),
          spec: spec({ quality: 'high' }),
        });
        expect(Math.abs(probe.videoDurationSeconds - 1.2)).toBeLessThanOrEqual(0.1); // one frame at 10 fps
        expect(Math.abs(probe.durationSeconds - 1.2)).toBeLessThanOrEqual(0.1);
        // The first exported frame is the source's frame at 0.5 s, not a neighbour (testsrc2 draws a clock).
        const first = await grey(file('trim-out.mp4'), 0);
        const distances = await Promise.all([0.4, 0.5, 0.6].map(async (at) => meanDifference(first, await grey(source, at))));
        expect(distances.indexOf(Math.min(...distances))).toBe(1);
      });

      it('writes a MOV container for format mov, dated when it was made, and adds silence to a silent source', async () => {
        const source = await clip('silent.mp4', '160x90', 1, { audio: false });
        const started = Date.now();
        const probe = await renderAndProbe(binaries, {
          sourceFiles: oneClip(source),
          outputFile: file('silent-out.mov'),
          editorState: trimmed(1, 0, 0.6),
          spec: spec({ format: 'mov' }),
        });
        expect(probe.audioCodec).toBe('aac');
        const { format, audio } = await mediaFacts(binaries, file('silent-out.mov'));
        expect(format.tags?.major_brand?.trim()).toBe('qt');
        // Whole seconds in the file: the date lies within the render, give or take the second it was cut to.
        const created = Date.parse(format.tags?.creation_time ?? '');
        expect(created).toBeGreaterThanOrEqual(started - 1000);
        expect(created).toBeLessThanOrEqual(Date.now());
        expect(Number(audio?.duration)).toBeCloseTo(0.6, 1);
      });

      it('reads colour tags, and takes an untagged source as BT.709 limited', async () => {
        const source = await clip('tags.mp4', '160x90', 0.2);
        expect(sourceColorOf(await probeMedia(binaries, source))).toEqual({ matrix: 'bt709', range: 'tv' });
        const tagged = file('tagged.mp4');
        await runFfmpeg(binaries, ['-i', source, '-c', 'copy', '-bsf:v', 'h264_metadata=matrix_coefficients=6:video_full_range_flag=1', tagged]);
        expect(sourceColorOf(await probeMedia(binaries, tagged))).toEqual({ matrix: 'bt601', range: 'pc' });
      });

      it("fails with ffmpeg's reason, removes the partial output and its scratch dir", async () => {
        const source = await clip('fail.mp4', '160x90', 0.2);
        const scratchBefore = await scratchDirs();
        const outputFile = file('no-such-dir/out.mp4');
        const failure = renderExport(binaries, { sourceFiles: oneClip(source), outputFile, editorState: defaultEditorState('clip', 0.2), spec: spec() });
        await expect(failure).rejects.toBeInstanceOf(FfmpegError);
        await expect(failure).rejects.toThrow(/No such file or directory/);
        expect(await scratchDirs()).toEqual(scratchBefore);
      });

      it('stops when aborted', async () => {
        const source = await clip('abort.mp4', '160x90', 1);
        const controller = new AbortController();
        controller.abort(new Error('cancelled by the user'));
        await expect(
          renderExport(binaries, {
            sourceFiles: oneClip(source),
            outputFile: file('abort-out.mp4'),
            editorState: defaultEditorState('clip', 1),
            spec: spec(),
            signal: controller.signal,
          }),
        ).rejects.toThrow('cancelled by the user');
      });
    });
  }
});

async function scratchDirs(): Promise<string[]> {
  const names = await fs.readdir(scratchRoot()).catch(() => []);
  return names.filter((name) => name.startsWith(`${process.pid}-promptreel-export-`)).sort();
}

/** One frame as 160x90 grey levels. */
async function grey(media: string, atSeconds: number): Promise<Buffer> {
  const raw = file(`grey-${path.basename(media)}-${atSeconds}.raw`);
  await runFfmpeg(binaries, [
    '-ss', String(atSeconds), '-i', media, '-frames:v', '1', '-vf', 'scale=160:90,format=gray', '-f', 'rawvideo', raw,
  ]);
  return fs.readFile(raw);
}

