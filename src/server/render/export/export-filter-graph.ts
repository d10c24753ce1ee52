import path from 'node:path';
import type { EditorState } from '../../../shared/editor/editor-state.ts';
import { clampTrim } from '../../../shared/editor/editor-state.ts';
import { FONT_FACES } from '../../../shared/editor/fonts.ts';
import { exportFrameSize, fitInside } from '../../../shared/editor/frame-geometry.ts';
import { WATERMARK_STYLE, cssFilter, referenceScale } from '../../../shared/editor/looks.ts';
import { WATERMARK_TEXT } from '../../../shared/product.ts';
import { h264AacOutputArgs } from '../media-operations.ts';
import { type MediaProbe, VIDEO_DEMUXERS } from '../probe-media.ts';
import { type CssFilterFunction, colorFilters, formatNumber, parseCssFilter } from './css-color-math.ts';
import type { FontLookup } from './export-fonts.ts';
import { CRF_BY_QUALITY, type ExportSpec } from './export-spec.ts';
import { filter } from './filter-syntax.ts';
import { type TextLine, layoutOverlay, layoutWatermark } from './text-layout.ts';
import { textCanvas, textLineFilter } from './text-filters.ts';

/** How the source's YUV turns into RGB: its tags, or what Chromium assumes for an untagged video. */
export interface SourceColor {
  matrix: 'bt709' | 'bt601' | 'bt2020' | 'smpte240m' | 'fcc';
  range: 'tv' | 'pc';
}

/** Chromium shows untagged H.264 as BT.709, limited range; so does the export. */
export const UNTAGGED_SOURCE_COLOR: SourceColor = { matrix: 'bt709', range: 'tv' };

export interface ExportInput {
  inputFile: string;
  outputFile: string;
  probe: MediaProbe;
  /** Directory the caller writes `files` into before running ffmpeg (the job's scratch dir). */
  workDir: string;
  /** The served font files and their metrics (export-fonts.ts reads them; tests may pass their own). */
  fonts: FontLookup;
  sourceColor?: SourceColor;
}

export interface ExportCommand {
  /** For runFfmpeg, which adds -progress and the like. */
  args: string[];
  /** The trimmed length: the output's duration, for progress. */
  durationSeconds: number;
  width: number;
  height: number;
  /** The filter graph, which ffmpeg reads from its file among `files` (-filter_complex_script); kept for logs. */
  filterGraph: string;
  /**
   * Files to write before running: the filter graph, so the argument list stays small whatever the
   * editor state (a graph passed as an argument fails with E2BIG past 128 KiB), and the text files
   * drawtext reads (user text never enters the filter graph).
   */
  files: Array<{ path: string; contents: string }>;
}

/** The export is tagged BT.709 limited range so every player (and Chromium) decodes it as it was encoded. */
const OUTPUT_COLOR_ARGS = ['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv'];

/** gblur's recursive filter approaches a Gaussian with more passes: 3 keeps a hard edge within ~6 levels of CSS blur. */
const GBLUR_STEPS = 3;

/** Control characters other than tab would draw as missing-glyph boxes; the browser shows nothing for them. */
function visibleText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}

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

/**
 * The one ffmpeg invocation that turns a clip and its saved editor state into the exported file
 * (STYLE §7): accurate trim, the source fitted into the output frame, the preview's colour maths in
 * RGB, blur, the text overlays and watermark where the preview draws them, volume, H.264 + AAC.
 * Pure: no file is read or written here.
 */
export function buildExportCommand(input: ExportInput, editorState: EditorState, spec: ExportSpec): ExportCommand {
  const { probe } = input;
  const trim = clampTrim(editorState.trim, probe.durationSeconds);
  const durationSeconds = trim.end - trim.start;
  if (!(durationSeconds > 0)) throw new Error('Nothing to export: the trimmed clip is empty');

  const frame = exportFrameSize(probe, spec.resolution);
  const fit = fitInside(probe, frame);
  const scale = referenceScale(frame.width, frame.height);
  const functions = parseCssFilter(cssFilter(editorState.colorGrading, editorState.visualEffect, scale));
  const firstBlur = functions.findIndex((fn) => fn.kind === 'blur');
  const beforePadding = firstBlur < 0 ? functions : functions.slice(0, firstBlur);
  const color = input.sourceColor ?? UNTAGGED_SOURCE_COLOR;

  const files: ExportCommand['files'] = [];
  const textFile = (name: string, contents: string): string => {
    const file = path.join(input.workDir, name);
    files.push({ path: file, contents });
    return file;
  };

  const overlayLines = editorState.textOverlays.flatMap((overlay, index) => {
    const font = input.fonts(FONT_FACES[overlay.fontFamily].file);
    return layoutOverlay({ ...overlay, text: visibleText(overlay.text) }, frame, font).map(
      (line, lineIndex): [TextLine, string] => [line, textFile(`overlay-${index + 1}-line-${lineIndex + 1}.txt`, line.text)],
    );
  });

  const video = [
    // One swscale pass resizes and converts to RGB with the source's own matrix and range.
    filter('scale', [['w', fit.width], ['h', fit.height], ['in_color_matrix', color.matrix], ['in_range', color.range]]),
    'format=gbrp',
    ...colorFilters(beforePadding),
    ...(fit.width === frame.width && fit.height === frame.height
      ? []
      : [filter('pad', [['w', frame.width], ['h', frame.height], ['x', fit.x], ['y', fit.y], ['color', 'black']])]),
    'setsar=1',
    ...(firstBlur < 0 ? [] : afterPadding(functions.slice(firstBlur), frame)),
    ...overlayLines.map(([line, file]) => textLineFilter(line, file)),
  ];
  const toYuv = [filter('scale', [['out_color_matrix', 'bt709'], ['out_range', 'tv']]), 'format=yuv420p'];

  const graph: string[] = [];
  if (spec.watermark) {
    const font = input.fonts(FONT_FACES[WATERMARK_STYLE.fontFamily].file);
    const line = layoutWatermark(WATERMARK_TEXT, frame, font);
    const canvas = textCanvas(line, font.metrics, frame, textFile('watermark.txt', line.text));
    graph.push(
      `[0:v:0]${video.join(',')}[base]`,
      ...canvas.chains,
      `[base]${canvas.overlayInput}${canvas.overlay},${toYuv.join(',')}[v]`,
    );
  } else {
    graph.push(`[0:v:0]${[...video, ...toYuv].join(',')}[v]`);
  }

  const volume = editorState.audio.isMuted ? 0 : editorState.audio.volume;
  const audioMap: string[] = [];
  if (probe.audioCodec) {
    graph.push(`[0:a:0]${volume === 1 ? 'anull' : filter('volume', [['volume', formatNumber(volume)]])}[a]`);
    audioMap.push('-map', '[a]');
  } else {
    audioMap.push('-map', '1:a:0');
  }

  const filterGraph = graph.join(';\n');
  const args = [
    ...(trim.start > 0 ? ['-ss', seconds(trim.start)] : []),
    '-format_whitelist', VIDEO_DEMUXERS,
    '-i', input.inputFile,
    // A source without sound gets a silent track: every stored video has audio (DESIGN §5 Media).
    ...(probe.audioCodec ? [] : ['-f', 'lavfi', '-t', seconds(durationSeconds), '-i', 'anullsrc=r=48000:cl=stereo']),
    '-filter_complex_script', textFile('filter-graph.txt', filterGraph),
    '-map', '[v]', ...audioMap,
    '-t', seconds(durationSeconds),
    ...h264AacOutputArgs(CRF_BY_QUALITY[spec.quality]),
    ...OUTPUT_COLOR_ARGS,
    '-map_metadata', '-1',
    '-f', spec.format,
    input.outputFile,
  ];
  return { args, durationSeconds, width: frame.width, height: frame.height, filterGraph, files };
}
