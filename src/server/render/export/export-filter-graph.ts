import path from 'node:path';
import type { TransitionKind } from '../../../shared/editor/editor-constants.ts';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import { exportFrameSize, fitInside } from '../../../shared/editor/frame-geometry.ts';
import { cssFilter, referenceScale } from '../../../shared/editor/looks.ts';
import { BT709_OUTPUT_TAGS, type HdrColor, hdrColorOf, toneMapToBt709 } from '../hdr-tone-map.ts';
import { h264AacOutputArgs } from '../media-operations.ts';
import type { MediaProbe } from '../probe-media.ts';
import { exportFrameRate } from '../frame-rate.ts';
import { type ExportSources, type JoinLink, type ShotInput, joinInOrder, joinWith, planShots, readShots } from './export-shots.ts';
import type { TransitionFilters } from '../ffmpeg-binaries.ts';
import { type JoinFrame, pictureTransitionWithoutXfade } from './transition-fallback.ts';
import { type ExportPlatform, exportPlatform } from '../../../shared/export-platforms.ts';
import { type CssFilterFunction, colorFilters, parseCssFilter } from './css-color-math.ts';
import { mainPassAudio, planAudio } from './export-audio.ts';
import { exportContainerArgs } from './export-container.ts';
import { type ExportSpec, exportEncoding } from './export-spec.ts';
import { createInputs, type ImageSequenceInput } from './ffmpeg-inputs.ts';
import { filter, formatNumber } from './filter-syntax.ts';
import type { MusicFile } from './music-mix.ts';
import { MAX_ANIMATION_FPS, type PlacedTextImage, type TextImageOptions, placed, planTextImages } from './overlay-images.ts';

/** How the source's YUV turns into RGB: its tags, or what Chromium assumes for an untagged video. */
interface SourceColor {
  matrix: 'bt709' | 'bt601' | 'bt2020' | 'smpte240m' | 'fcc';
  range: 'tv' | 'pc';
  /** An HDR source (one stored before uploads were tone-mapped) is tone-mapped to BT.709 first, as processing does now. */
  hdr?: HdrColor;
}

/** Chromium shows untagged H.264 as BT.709, limited range; so does the export. */
const UNTAGGED_SOURCE_COLOR: SourceColor = { matrix: 'bt709', range: 'tv' };

const MATRICES: Record<string, SourceColor['matrix']> = {
  bt709: 'bt709',
  smpte170m: 'bt601',
  bt470bg: 'bt601',
  bt2020nc: 'bt2020',
  bt2020c: 'bt2020',
  smpte240m: 'smpte240m',
  fcc: 'fcc',
};

/** The source's colour as the export reads it from its tags; untagged (what our own renders write) means BT.709 limited. */
export function sourceColorOf(probe: MediaProbe): SourceColor {
  const fullRange = probe.colorRange === 'pc' || /^yuvj/.test(probe.pixelFormat);
  const hdr = hdrColorOf(probe);
  return {
    matrix: MATRICES[probe.colorSpace ?? ''] ?? UNTAGGED_SOURCE_COLOR.matrix,
    range: fullRange ? 'pc' : 'tv',
    ...(hdr ? { hdr } : {}),
  };
}

export interface ExportInput {
  /** Every shot's media asset, downloaded, by media id. */
  sources: ExportSources;
  outputFile: string;
  /** Directory the caller writes `files` into before running ffmpeg (the job's scratch dir). */
  workDir: string;
  /** The music lane's tracks by track id (a clip whose track is missing is left out). */
  music?: ReadonlyMap<string, MusicFile>;
  /** The voice lane's media assets' files by media id (a clip whose file is missing is left out). */
  voice?: ReadonlyMap<string, MusicFile>;
  /** With music or voice: the gain the measuring pass found (buildLoudnessPassCommand), 0 before it has run. */
  loudnessGainDb?: number;
  /** Which transition filters the ffmpeg that runs it has (FfmpegBinaries.filters); absent: both. */
  filters?: TransitionFilters;
  /** The text's pictures as drawTextImages planned (and drew) them from exportTextImageOptions; absent: planned here. */
  textImages?: PlacedTextImage[];
}

export interface ExportCommand {
  /** For runFfmpeg, which adds -progress and the like. */
  args: string[];
  /** The sequence's length: the output's duration, for progress. */
  durationSeconds: number;
  width: number;
  height: number;
  /** The filter graph, which ffmpeg reads from its file among `files` (-filter_complex_script); kept for logs. */
  filterGraph: string;
  /**
   * Files to write before running: the filter graph, so the argument list stays small whatever the
   * editor state (a graph passed as an argument fails with E2BIG past 128 KiB).
   */
  files: Array<{ path: string; contents: string }>;
  /** The text as pictures (PNGs in workDir) that ffmpeg lays over the video: drawTextImages writes them before running. */
  images: PlacedTextImage[];
}

/** gblur's recursive filter approaches a Gaussian with more passes: 3 keeps a hard edge within ~6 levels of CSS blur. */
const GBLUR_STEPS = 3;

/** A source whose frame rate ffprobe cannot tell is taken as 30 fps for drawing animations and the 'low' rate. */
const UNKNOWN_FRAME_RATE = 30;

/**
 * CSS blur(r) on the <video>: a Gaussian of standard deviation r in which everything outside the
 * element is transparent, so the frame's edges darken towards the black behind it. Padding with
 * black by 3 sigma, blurring and cropping back does the same.
 */
function blurFilters(radius: number, frame: { width: number; height: number }): string[] {
  if (radius <= 0) return [];
  const margin = Math.ceil(3 * radius);
  return [
    filter('pad', [
      ['w', frame.width + 2 * margin],
      ['h', frame.height + 2 * margin],
      ['x', margin],
      ['y', margin],
      ['color', 'black'],
    ]),
    filter('gblur', [['sigma', formatNumber(radius)], ['steps', GBLUR_STEPS]]),
    filter('crop', [['w', frame.width], ['h', frame.height], ['x', margin], ['y', margin]]),
  ];
}

/** The CSS functions after the first blur, in order (cssFilter puts blur last, so colour never follows it). */
function afterPadding(functions: CssFilterFunction[], frame: { width: number; height: number }): string[] {
  const filters: string[] = [];
  let colour: CssFilterFunction[] = [];
  for (const fn of functions) {
    if (fn.kind === 'blur') {
      filters.push(...colorFilters(colour), ...blurFilters(fn.radius, frame));
      colour = [];
    } else {
      colour.push(fn);
    }
  }
  return [...filters, ...colorFilters(colour)];
}

function seconds(value: number): string {
  return formatNumber(value);
}

/** Up to this many runs the show times are nested ifs (each picture's expression stops at its run). */
const NESTED_RUNS = 40;

/**
 * setpts's expression that stamps picture N with its `shownFrom`: runs of pictures one frame apart
 * (an entrance, an exit) as one linear piece each, the rest one by one.
 */
function showTimes(pictures: PlacedTextImage['pictures'], fps: number): string {
  const runs: Array<{ first: number; count: number; from: number }> = [];
  pictures.forEach((picture, index) => {
    const run = runs.at(-1);
    if (run && index > 0 && Math.abs(picture.shownFrom - (run.from + run.count / fps)) < 1e-6) run.count++;
    else runs.push({ first: index, count: 1, from: picture.shownFrom });
  });
  const piece = (run: (typeof runs)[number]): string =>
    run.count === 1 ? seconds(run.from) : `${seconds(run.from)}+(N-${run.first})/${formatNumber(fps)}`;
  // ffmpeg's expression parser nests at most 100 deep: many runs (a long edit's captions) are a flat sum instead.
  if (runs.length > NESTED_RUNS) return runs.map((run) => `between(N,${run.first},${run.first + run.count - 1})*(${piece(run)})`).join('+');
  return runs.reduceRight(
    (otherwise, run, index) => (index === runs.length - 1 ? piece(run) : `if(lt(N,${run.first + run.count}),${piece(run)},${otherwise})`),
    '',
  );
}

/**
 * Lays one overlay's pictures over the frame, only while it is shown ([from, to) on the output
 * timeline); each picture stays until the next one's time (overlay keeps the latest frame).
 */
function overlayImage(image: PlacedTextImage, input: ImageSequenceInput, base: string, output: string, fps: number, duration: number): string[] {
  const whole = image.from <= 0 && image.to >= duration;
  const place = filter('overlay', [
    ['x', image.box.left],
    ['y', image.box.top],
    ['format', 'gbrp'],
    ...(whole ? [] : ([['enable', `gte(t,${seconds(image.from)})*lt(t,${seconds(image.to)})`]] as const)),
  ]);
  if (image.pictures.length === 1) return [`${base}${input.video}${place}${output}`];
  const timed = `[image${input.index}]`;
  return [
    `${input.video}settb=AVTB,${filter('setpts', [['expr', `(${showTimes(image.pictures, fps)})/TB`]])}${timed}`,
    `${base}${timed}${place}${output}`,
  ];
}

/** ffmpeg's xfade transition for each of the editor's. */
const XFADE_TRANSITIONS: Record<Exclude<TransitionKind, 'cut'>, string> = {
  crossfade: 'fade',
  'fade-black': 'fadeblack',
  'slide-left': 'slideleft',
  'slide-up': 'slideup',
  zoom: 'zoomin',
};

/**
 * How shot `shot` joins the pictures before it: xfade over its transition's overlap, at its start on the output
 * (or the same transition drawn from older filters where the ffmpeg has no xfade); concat at a cut.
 */
function pictureJoin(shot: ShotInput, link: JoinLink, frame: JoinFrame, xfade: boolean): string[] {
  if (shot.overlap <= 0 || shot.transition === 'cut') return joinWith(filter('concat', [['n', 2], ['v', 1], ['a', 0]]), link);
  if (!xfade) return pictureTransitionWithoutXfade(shot, frame, link);
  const options = [['transition', XFADE_TRANSITIONS[shot.transition]], ['duration', seconds(shot.overlap)], ['offset', seconds(shot.start)]] as const;
  return joinWith(filter('xfade', options), link);
}

/**
 * The output's frame rate, and whether the shots are converted to it. A variable or too slow rate is converted first
 * (exportFrameRate): its frames then land on k/fps exactly. Shots are joined at one rate, the first shot's: every
 * shot of a sequence of several is converted to it.
 */
function outputRate(shots: ShotInput[], platform: ExportPlatform | undefined): { outputFps: number; resample: boolean } {
  const rate = exportFrameRate(shots[0]!.probe, platform?.minFrameRate);
  return { outputFps: rate.fps > 0 ? rate.fps : UNKNOWN_FRAME_RATE, resample: rate.resample || shots.length > 1 };
}

function outputFrame(shots: ShotInput[], spec: ExportSpec, platform: ExportPlatform | undefined) {
  return exportFrameSize(shots[0]!.probe, spec.resolution, Math.min(platform?.maxWidth ?? Infinity, spec.maxWidth ?? Infinity));
}

/**
 * What the export's text is planned with (planTextImages): the output's frame and length, and the rate animations
 * are drawn at — once per output frame, at most MAX_ANIMATION_FPS, one picture per frame they change in.
 */
export function exportTextImageOptions(input: Pick<ExportInput, 'sources' | 'workDir'>, editorState: EditorState, spec: ExportSpec): TextImageOptions {
  const { shots, durationSeconds } = planShots(input.sources, editorState);
  if (!(durationSeconds > 0)) throw new Error('Nothing to export: the trimmed clip is empty');
  const platform = spec.platform ? exportPlatform(spec.platform) : undefined;
  const { outputFps, resample } = outputRate(shots, platform);
  return {
    frame: outputFrame(shots, spec, platform),
    timing: { fps: Math.min(MAX_ANIMATION_FPS, outputFps), trimStart: resample ? 0 : shots[0]!.in },
    duration: durationSeconds,
    watermark: spec.watermark,
    captions: spec.captions !== 'none',
    workDir: input.workDir,
  };
}

/**
 * The one ffmpeg invocation that turns a sequence and its saved editor state into the exported file
 * (STYLE §7): each shot cut accurately from its asset and fitted into the output frame (the first shot's
 * shape) with the preview's colour maths in RGB, the shots joined by their transitions, blur, the text overlays
 * and watermark where the preview draws them, the shots' sound at their volumes with the music mixed in
 * (export-audio.ts), H.264 + AAC.
 * No file is written here; laying the text out needs the fonts registered with Skia (read once per
 * process, `registerCanvasFonts`).
 */
export function buildExportCommand(input: ExportInput, editorState: EditorState, spec: ExportSpec): ExportCommand {
  const { shots: planned, durationSeconds } = planShots(input.sources, editorState);
  if (!(durationSeconds > 0)) throw new Error('Nothing to export: the trimmed clip is empty');
  const inputs = createInputs();
  const shots = readShots(inputs, planned);

  const platform = spec.platform ? exportPlatform(spec.platform) : undefined;
  const frame = outputFrame(shots, spec, platform);
  const scale = referenceScale(frame.width, frame.height);
  const functions = parseCssFilter(cssFilter(editorState.colorGrading, editorState.visualEffect, scale));
  const firstBlur = functions.findIndex((fn) => fn.kind === 'blur');
  const beforePadding = firstBlur < 0 ? functions : functions.slice(0, firstBlur);

  const files: ExportCommand['files'] = [];
  const textFile = (name: string, contents: string): string => {
    const file = path.join(input.workDir, name);
    files.push({ path: file, contents });
    return file;
  };

  const { outputFps, resample } = outputRate(shots, platform);
  const fps = Math.min(MAX_ANIMATION_FPS, outputFps);
  const images = input.textImages ?? placed(planTextImages(editorState, exportTextImageOptions(input, editorState, spec)));

  // Each shot into the output frame, in RGB with the grade; a sequence's shots also to one rate and exactly their length.
  const shotChain = (shot: ShotInput): string[] => {
    const fit = fitInside(shot.probe, frame);
    const source = sourceColorOf(shot.probe);
    // What the tone map makes of an HDR source is BT.709 limited.
    const color = source.hdr ? UNTAGGED_SOURCE_COLOR : source;
    return [
      ...(resample ? [filter('fps', [['fps', formatNumber(outputFps)]])] : []),
      ...(source.hdr ? [...toneMapToBt709(source.hdr), 'format=yuv420p'] : []),
      // One swscale pass resizes and converts to RGB with the source's own matrix and range.
      filter('scale', [['w', fit.width], ['h', fit.height], ['in_color_matrix', color.matrix], ['in_range', color.range]]),
      'format=gbrp',
      ...colorFilters(beforePadding),
      ...(fit.width === frame.width && fit.height === frame.height
        ? []
        : [filter('pad', [['w', frame.width], ['h', frame.height], ['x', fit.x], ['y', fit.y], ['color', 'black']])]),
      'setsar=1',
      ...(shots.length > 1
        ? [
            filter('tpad', [['stop_mode', 'clone'], ['stop_duration', seconds(shot.length)]]),
            filter('trim', [['duration', seconds(shot.length)]]),
            'setpts=PTS-STARTPTS',
            // concat's output (a cut) counts in microseconds; xfade joins only pictures of one time base.
            'settb=AVTB',
          ]
        : []),
    ];
  };
  const video = firstBlur < 0 ? [] : afterPadding(functions.slice(firstBlur), frame);
  const toYuv = [filter('scale', [['out_color_matrix', 'bt709'], ['out_range', 'tv']]), 'format=yuv420p'];

  const audio = planAudio(input, editorState, { shots, durationSeconds, inputs });
  const graph = shots.map((shot, index) => `${shot.input.video}${shotChain(shot).join(',')}[picture${index}]`);
  graph.push(
    ...joinInOrder(
      shots,
      shots.map((_, index) => `[picture${index}]`),
      {
        join: (shot, link) => pictureJoin(shot, link, { ...frame, fps: outputFps }, input.filters?.xfade ?? true),
        prefix: 'joined',
        output: '[joined]',
        passThrough: 'null',
      },
    ),
  );
  if (images.length === 0) {
    graph.push(`[joined]${[...video, ...toYuv].join(',')}[v]`);
  } else {
    graph.push(`[joined]${video.length > 0 ? video.join(',') : 'null'}[text0]`);
    images.forEach((image, index) => {
      graph.push(...overlayImage(image, inputs.imageSequence(image.file), `[text${index}]`, `[text${index + 1}]`, fps, durationSeconds));
    });
    graph.push(`[text${images.length}]${toYuv.join(',')}[v]`);
  }
  graph.push(...mainPassAudio(audio, input.loudnessGainDb ?? 0));

  const filterGraph = graph.join(';\n');
  const args = [
    ...inputs.args(),
    '-filter_complex_script', textFile('filter-graph.txt', filterGraph),
    '-map', '[v]', '-map', audio.output,
    '-t', seconds(durationSeconds),
    ...h264AacOutputArgs(exportEncoding(spec, frame, outputFps)),
    // Tagged BT.709 limited range so every player (and Chromium) decodes it as it was encoded.
    ...BT709_OUTPUT_TAGS,
    ...exportContainerArgs(spec.format, input.outputFile),
  ];
  return { args, durationSeconds, width: frame.width, height: frame.height, filterGraph, files, images };
}
