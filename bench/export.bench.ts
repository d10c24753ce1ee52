/**
 * Times renderExport on a typical edit (two overlays, vintage, a grade, trim, volume, watermark) against
 * one hand-written ffmpeg command doing the same work, for an 8 s 720p and a 30 s 1080p clip; then a
 * 30 s 1080p export with 10 animated overlays against the same with 10 still ones; then the typical edit
 * with a music track under it (looped, faded, ducked, normalised: decision 018) against the same without; then a
 * sequence of three shots with two crossfades against one clip of the same length. Run with
 * `npx tsx bench/export.bench.ts [--runs=3] [--npm] [--only=typical|animation|music|sequence]`; prints markdown tables for
 * docs/benchmarks.md. Runs alternate (A, B, A, …) so a change in the machine's load hits both alike.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { newShot, newTextOverlay, type EditorState, type TextOverlay } from '../src/shared/editor/editor-state.ts';
import { EDITOR_DOCUMENT_VERSION, TEXT_ANIMATIONS } from '../src/shared/editor/editor-constants.ts';
import { newMusicClip } from '../src/shared/editor/music-placement.ts';
import { type FfmpegBinaries, locateFfmpeg } from '../src/server/render/ffmpeg-binaries.ts';
import { runFfmpeg } from '../src/server/render/ffmpeg-runner.ts';
import { h264AacOutputArgs } from '../src/server/render/media-operations.ts';
import { withScratchDir } from '../src/server/render/scratch-dir.ts';
import { buildLoudnessPassCommand } from '../src/server/render/export/export-audio.ts';
import { renderExport } from '../src/server/render/export/render-export.ts';
import { probeMedia } from '../src/server/render/probe-media.ts';
import type { ExportSpec } from '../src/server/render/export/export-spec.ts';
import { fontFilePath } from '../src/server/render/font-files.ts';
import { median, numberArgument, stringArgument, timed } from './support/measure.ts';
import { loadAverage, machineLine, tableHeader, tableRow } from './support/report.ts';

const runs = Math.ceil(numberArgument('runs', 3));
const useNpmBuild = process.argv.includes('--npm');
const only = stringArgument('only');

interface Clip {
  label: string;
  seconds: number;
  width: number;
  height: number;
  resolution: ExportSpec['resolution'];
}

const clips: Clip[] = [
  { label: '8 s 9:16 720p', seconds: 8, width: 720, height: 1280, resolution: '720p' },
  { label: '30 s 9:16 1080p', seconds: 30, width: 1080, height: 1920, resolution: '1080p' },
];

/** The media id the bench's source goes by: a one-shot sequence of it, as a project's own clip. */
const CLIP = 'clip';

function typicalEdit(seconds: number): EditorState {
  return {
    version: EDITOR_DOCUMENT_VERSION,
    shots: [{ ...newShot('shot-1', CLIP, seconds), in: 0.5, out: seconds - 0.5, volume: 0.8 }],
    audioClips: [],
    captions: null,
    textOverlays: [
      { ...newTextOverlay('title', 8), text: 'WAIT FOR IT', fontFamily: 'Impact', fontSize: 72, position: { x: 50, y: 18 } },
      {
        ...newTextOverlay('caption', 8),
        text: 'Best sunset of the year\nfollow for part 2',
        fontFamily: 'Montserrat',
        fontSize: 40,
        color: '#FFD700',
        position: { x: 50, y: 78 },
      },
    ],
    visualEffect: 'vintage',
    colorGrading: { brightness: 110, contrast: 105, saturation: 120 },
  };
}

/**
 * What an engineer would type for the same look: one -vf chain with the same colour numbers (those of
 * typicalEdit's grade, then vintage's sepia/contrast/brightness/saturate, in RGB: change both
 * together), the same drawtexts with inline text, the watermark with drawtext's own alpha, the same
 * encoder settings.
 */
function handWrittenArgs(input: string, output: string, clip: Clip): string[] {
  const anton = fontFilePath('anton.ttf') as string;
  const montserrat = fontFilePath('montserrat-extrabold.ttf') as string;
  const s = Math.min(clip.width, clip.height) / 1080;
  const px = (value: number) => Math.round(value * s);
  const w = clip.width;
  const h = clip.height;
  const vf = [
    `scale=${w}:${h}:in_color_matrix=bt709:in_range=tv`,
    'format=gbrp',
    "lutrgb=r='clip(clip(val*1.1,0,255)*1.05-6.375,0,255)':g='clip(clip(val*1.1,0,255)*1.05-6.375,0,255)':b='clip(clip(val*1.1,0,255)*1.05-6.375,0,255)'",
    'colorchannelmixer=rr=1.1574:rg=-0.143:rb=-0.0144:gr=-0.0426:gg=1.057:gb=-0.0144:br=-0.0426:bg=-0.143:bb=1.1856',
    'colorchannelmixer=rr=0.72685:rg=0.34605:rb=0.08505:gr=0.15705:gg=0.8587:gb=0.0756:br=0.1224:bg=0.2403:bb=0.60895',
    "lutrgb=r='clip(clip(val*1.1-12.75,0,255)*0.95,0,255)':g='clip(clip(val*1.1-12.75,0,255)*0.95,0,255)':b='clip(clip(val*1.1-12.75,0,255)*0.95,0,255)'",
    'colorchannelmixer=rr=0.88195:rg=0.10725:rb=0.0108:gr=0.03195:gg=0.95725:gb=0.0108:br=0.03195:bg=0.10725:bb=0.8608',
    `drawtext=fontfile=${anton}:text='WAIT FOR IT':fontsize=${px(72)}:fontcolor=white:borderw=${px(3)}:bordercolor=black:x=(w-text_w)/2:y=${Math.round(h * 0.18)}-ascent`,
    `drawtext=fontfile=${montserrat}:text='Best sunset of the year':fontsize=${px(40)}:fontcolor=0xFFD700:borderw=${px(3)}:bordercolor=black:x=(w-text_w)/2:y=${Math.round(h * 0.78 - px(12))}-ascent`,
    `drawtext=fontfile=${montserrat}:text='follow for part 2':fontsize=${px(40)}:fontcolor=0xFFD700:borderw=${px(3)}:bordercolor=black:x=(w-text_w)/2:y=${Math.round(h * 0.78 + px(36))}-ascent`,
    `drawtext=fontfile=${montserrat}:text='Made with PromptReel':fontsize=${px(30)}:fontcolor=white:alpha=0.8:borderw=${Math.max(1, px(2))}:bordercolor=black:x=w-text_w-${px(36)}:y=h-${px(44 + 8)}-ascent`,
    'scale=out_color_matrix=bt709:out_range=tv',
    'format=yuv420p',
  ].join(',');
  return [
    '-ss', '0.5', '-i', input, '-t', String(clip.seconds - 1),
    '-vf', vf, '-af', 'volume=0.8',
    ...h264AacOutputArgs({ video: { crf: 18 } }),
    '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv',
    output,
  ];
}

async function sourceOf(binaries: FfmpegBinaries, clip: Clip, dir: string): Promise<string> {
  const source = path.join(dir, `source-${clip.height}.mp4`);
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', `testsrc2=s=${clip.width}x${clip.height}:r=30:d=${clip.seconds}`,
    '-f', 'lavfi', '-i', `sine=f=330:r=48000:d=${clip.seconds}`,
    '-t', String(clip.seconds), ...h264AacOutputArgs(), source,
  ]);
  return source;
}

async function benchClip(binaries: FfmpegBinaries, clip: Clip, dir: string): Promise<string> {
  const source = await sourceOf(binaries, clip, dir);
  const spec: ExportSpec = { resolution: clip.resolution, format: 'mp4', quality: 'high', watermark: true };
  const ours: Array<{ wall: number; cpu: number; own: number }> = [];
  const hand: Array<{ wall: number; cpu: number; own: number }> = [];
  for (let run = 0; run < runs; run++) {
    ours.push(
      await timed(() =>
        renderExport(binaries, { sourceFiles: new Map([[CLIP, source]]), outputFile: path.join(dir, 'ours.mp4'), editorState: typicalEdit(clip.seconds), spec }),
      ),
    );
    hand.push(await timed(() => runFfmpeg(binaries, handWrittenArgs(source, path.join(dir, 'hand.mp4'), clip))));
  }
  const oursWall = median(ours.map((r) => r.wall));
  const handWall = median(hand.map((r) => r.wall));
  // ffmpeg's CPU and this process's (drawing the text happens here).
  const oursCpu = median(ours.map((r) => r.cpu + r.own));
  const handCpu = median(hand.map((r) => r.cpu + r.own));
  return tableRow([
    `${useNpmBuild ? 'npm' : 'system'} ${binaries.version}`,
    clip.label,
    runs,
    `${oursWall.toFixed(2)} s`,
    `${handWall.toFixed(2)} s`,
    `**${(oursWall / handWall).toFixed(2)}**`,
    `${oursCpu.toFixed(2)} s`,
    `${handCpu.toFixed(2)} s`,
    (oursCpu / handCpu).toFixed(2),
  ]);
}

/**
 * Ten captions, one after another every 2.5 s, each on screen for 5 s at its own place: animated, each
 * enters and leaves with one of the four animations (0.5 s each); still, the same without animation.
 */
function captions(animated: boolean): TextOverlay[] {
  const kinds = TEXT_ANIMATIONS.filter((kind) => kind !== 'none');
  return Array.from({ length: 10 }, (_, index) => ({
    ...newTextOverlay(`caption-${index}`, 30),
    text: `Caption number ${index + 1} says something`,
    fontFamily: 'Montserrat',
    position: { x: 50, y: 15 + 7 * index },
    start: 2.5 * index,
    end: 2.5 * index + 5,
    enter: { kind: animated ? kinds[index % kinds.length]! : 'none', duration: 0.5 },
    exit: { kind: animated ? kinds[(index + 1) % kinds.length]! : 'none', duration: 0.5 },
  }));
}

async function benchAnimation(binaries: FfmpegBinaries, dir: string): Promise<string> {
  const clip = clips[1]!;
  const source = await sourceOf(binaries, clip, dir);
  const spec: ExportSpec = { resolution: clip.resolution, format: 'mp4', quality: 'high', watermark: true };
  const whole = typicalEdit(clip.seconds).shots.map((shot) => ({ ...shot, in: 0, out: clip.seconds }));
  const edit = (animated: boolean): EditorState => ({ ...typicalEdit(clip.seconds), shots: whole, textOverlays: captions(animated) });
  const animated: Array<{ wall: number; cpu: number; own: number }> = [];
  const still: Array<{ wall: number; cpu: number; own: number }> = [];
  for (let run = 0; run < runs; run++) {
    for (const [results, moving] of [[animated, true], [still, false]] as const) {
      results.push(
        await timed(() => renderExport(binaries, { sourceFiles: new Map([[CLIP, source]]), outputFile: path.join(dir, 'captions.mp4'), editorState: edit(moving), spec })),
      );
    }
  }
  const wall = (results: typeof still) => median(results.map((r) => r.wall));
  const cpu = (results: typeof still) => median(results.map((r) => r.cpu + r.own));
  return tableRow([
    `${useNpmBuild ? 'npm' : 'system'} ${binaries.version}`,
    clip.label,
    runs,
    `${wall(animated).toFixed(2)} s`,
    `${wall(still).toFixed(2)} s`,
    `**${(wall(animated) / wall(still)).toFixed(2)}**`,
    `${cpu(animated).toFixed(2)} s`,
    `${cpu(still).toFixed(2)} s`,
    (cpu(animated) / cpu(still)).toFixed(2),
  ]);
}

/**
 * The typical edit of each clip with and without music: a 20 s track (a chord with a beat) looped under the
 * whole output with the new-track defaults (fade-out, ducking under the clip's tone). The measuring pass
 * alone is timed too (buildLoudnessPassCommand run by itself), so the table shows how the extra splits.
 */
const signed = (value: number) => `${value < 0 ? '−' : '+'}${Math.abs(value).toFixed(2)}`;

async function benchMusic(binaries: FfmpegBinaries, clip: Clip, dir: string): Promise<string> {
  const source = await sourceOf(binaries, clip, dir);
  const music = { file: path.join(dir, 'music.m4a'), durationSeconds: 20 };
  const tracks = new Map([['bench', music]]);
  await runFfmpeg(binaries, [
    '-f', 'lavfi', '-i', 'aevalsrc=0.2*sin(2*PI*220*t)+0.15*sin(2*PI*277*t)+0.3*sin(2*PI*60*t)*lt(mod(t\\,0.5)\\,0.1):s=48000:d=20',
    '-c:a', 'aac', '-b:a', '160k', '-ac', '2', music.file,
  ]);
  const spec: ExportSpec = { resolution: clip.resolution, format: 'mp4', quality: 'high', watermark: true };
  const plain = typicalEdit(clip.seconds);
  const withMusic: EditorState = { ...plain, audioClips: [newMusicClip('music', { id: 'bench', duration: music.durationSeconds }, clip.seconds - 1, true)] };
  const sourceFiles = new Map([[CLIP, source]]);
  const sources = new Map([[CLIP, { file: source, probe: await probeMedia(binaries, source) }]]);
  const measuring = async () => {
    const pass = buildLoudnessPassCommand({ sources, workDir: dir, music: tracks }, withMusic)!;
    await Promise.all(pass.files.map((file) => fs.writeFile(file.path, file.contents, 'utf8')));
    await runFfmpeg(binaries, pass.args);
  };
  const results = { with: [] as Array<Awaited<ReturnType<typeof timed>>>, without: [] as Array<Awaited<ReturnType<typeof timed>>>, pass: [] as Array<Awaited<ReturnType<typeof timed>>> };
  for (let run = 0; run < runs; run++) {
    const output = path.join(dir, 'music-out.mp4');
    results.with.push(await timed(() => renderExport(binaries, { sourceFiles, outputFile: output, editorState: withMusic, spec, music: tracks })));
    results.without.push(await timed(() => renderExport(binaries, { sourceFiles, outputFile: output, editorState: plain, spec })));
    results.pass.push(await timed(measuring));
  }
  const wall = (list: typeof results.with) => median(list.map((r) => r.wall));
  const cpu = (list: typeof results.with) => median(list.map((r) => r.cpu + r.own));
  return tableRow([
    `${useNpmBuild ? 'npm' : 'system'} ${binaries.version}`,
    clip.label,
    runs,
    `${wall(results.with).toFixed(2)} s`,
    `${wall(results.without).toFixed(2)} s`,
    `**${signed(wall(results.with) - wall(results.without))} s**`,
    `${wall(results.pass).toFixed(2)} s`,
    `${cpu(results.with).toFixed(2)} s`,
    `${cpu(results.without).toFixed(2)} s`,
    `${signed(cpu(results.with) - cpu(results.without))} s`,
    `${cpu(results.pass).toFixed(2)} s`,
  ]);
}

/**
 * A sequence of three 7 s shots from three 1080p sources joined by two 0.5 s crossfades (20 s out) against one 20 s
 * clip, both with the typical edit's look and text: what cutting, fitting and joining shots adds to an export
 * (issue 26: at most 1.15 times the one clip's wall time).
 */
async function benchSequence(binaries: FfmpegBinaries, dir: string): Promise<string> {
  const one: Clip = { label: '20 s 9:16 1080p', seconds: 20, width: 1080, height: 1920, resolution: '1080p' };
  const single = await sourceOf(binaries, one, dir);
  const shotSources = await Promise.all(
    // The one clip's picture (so the encoder has as much to do), each shot in other colours.
    [0, 120, 240].map(async (hue, index) => {
      const file = path.join(dir, `shot-${index}.mp4`);
      await runFfmpeg(binaries, [
        '-f', 'lavfi', '-i', `testsrc2=s=1080x1920:r=30:d=7,hue=h=${hue}`,
        '-f', 'lavfi', '-i', `sine=f=${330 + 110 * index}:r=48000:d=7`,
        '-t', '7', ...h264AacOutputArgs(), file,
      ]);
      return [`shot-${index}`, file] as const;
    }),
  );
  const spec: ExportSpec = { resolution: '1080p', format: 'mp4', quality: 'high', watermark: true };
  const look = typicalEdit(one.seconds);
  const sequence: EditorState = {
    ...look,
    shots: shotSources.map(([mediaId], index) => ({
      ...newShot(`s${index}`, mediaId, 7),
      transition: { kind: index === 0 ? 'cut' : 'crossfade', duration: 0.5 },
    })),
  };
  const clip: EditorState = { ...look, shots: [newShot('s0', CLIP, one.seconds)] };
  const results = { sequence: [] as Array<Awaited<ReturnType<typeof timed>>>, clip: [] as Array<Awaited<ReturnType<typeof timed>>> };
  for (let run = 0; run < runs; run++) {
    const outputFile = path.join(dir, 'sequence-out.mp4');
    results.sequence.push(await timed(() => renderExport(binaries, { sourceFiles: new Map(shotSources), outputFile, editorState: sequence, spec })));
    results.clip.push(await timed(() => renderExport(binaries, { sourceFiles: new Map([[CLIP, single]]), outputFile, editorState: clip, spec })));
  }
  const wall = (list: typeof results.clip) => median(list.map((r) => r.wall));
  const cpu = (list: typeof results.clip) => median(list.map((r) => r.cpu + r.own));
  return tableRow([
    `${useNpmBuild ? 'npm' : 'system'} ${binaries.version}`,
    '3 shots of 7 s, 2 crossfades (20 s, 1080p)',
    runs,
    `${wall(results.sequence).toFixed(2)} s`,
    `${wall(results.clip).toFixed(2)} s`,
    `**${(wall(results.sequence) / wall(results.clip)).toFixed(2)}**`,
    `${cpu(results.sequence).toFixed(2)} s`,
    `${cpu(results.clip).toFixed(2)} s`,
    (cpu(results.sequence) / cpu(results.clip)).toFixed(2),
  ]);
}

const binaries = await locateFfmpeg({ ffmpeg: {} }, useNpmBuild ? '/nonexistent' : process.env.PATH);
console.log(machineLine());
await withScratchDir('promptreel-export-bench', async (dir) => {
  if (only === undefined || only === 'typical') {
    console.log('');
    console.log(tableHeader(['ffmpeg', 'clip', 'runs', 'renderExport (median wall)', 'hand-written', 'ratio', 'CPU ours', 'CPU hand', 'CPU ratio']));
    for (const clip of clips) console.log(await benchClip(binaries, clip, dir));
  }
  if (only === undefined || only === 'music') {
    console.log('');
    console.log(
      tableHeader(['ffmpeg', 'clip', 'runs', 'with music (median wall)', 'without', 'extra', 'measuring pass alone', 'CPU with', 'CPU without', 'CPU extra', 'CPU measuring pass']),
    );
    for (const clip of clips) console.log(await benchMusic(binaries, clip, dir));
  }
  if (only === undefined || only === 'sequence') {
    console.log('');
    console.log(tableHeader(['ffmpeg', 'sequence', 'runs', 'sequence (median wall)', 'one 20 s clip', 'ratio', 'CPU sequence', 'CPU clip', 'CPU ratio']));
    console.log(await benchSequence(binaries, dir));
  }
  if (only === undefined || only === 'animation') {
    console.log('');
    console.log(tableHeader(['ffmpeg', 'clip', 'runs', '10 animated overlays (median wall)', '10 still overlays', 'ratio', 'CPU animated', 'CPU still', 'CPU ratio']));
    console.log(await benchAnimation(binaries, dir));
  }
});
console.log(`\nLoad average at end ${loadAverage()}`);
