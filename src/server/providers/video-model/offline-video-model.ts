import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { standardSize } from '../../../shared/editor/frame-geometry.ts';
import { SEGMENT_SECONDS } from '../../../shared/generation.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { FfmpegError, runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { h264AacOutputArgs } from '../../render/media-operations.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { SpeechError, type SpeechSynthesizer } from '../speech/speech.ts';
import { type SpokenDialogue, dialogueAudioChains, speakDialogue } from './offline-dialogue.ts';
import { type SegmentRequest, type VideoModel, VideoModelError } from './video-model.ts';

/**
 * The video model used without an API key (DESIGN §5, Offline engines): a real clip rendered with ffmpeg whose
 * palette, motion and chord come from the prompt's words, marked by a small "Offline preview" label in its
 * top-left corner (the prompt is not burnt in: the caption area is the creator's). Only filters that ffmpeg 4.1
 * (the npm fallback) also has are used: the moving gradient is a `geq` on a tiny frame scaled up (no `gradients`,
 * and no full-size per-pixel work), the glows are overlays of a small sprite, the label is `drawtext`.
 */

type Rgb = readonly [number, number, number];

interface Palette {
  /** Dark, middle and light stops of the background gradient. */
  stops: readonly [Rgb, Rgb, Rgb];
  /** Colour of the floating glows. */
  glow: Rgb;
  minor: boolean;
}

type OrbPath = 'float' | 'rise' | 'fall' | 'orbit';

interface Motion {
  /** A value in 0..1 from {x} and {y} (both 0..1 across the frame) and the time {t}. */
  field: string;
  orbs: OrbPath;
}

const PALETTES = {
  sunset: { stops: [[52, 18, 82], [232, 84, 72], [255, 196, 92]], glow: [255, 226, 150], minor: false },
  ocean: { stops: [[6, 28, 74], [16, 118, 168], [120, 222, 230]], glow: [200, 245, 255], minor: false },
  neon: { stops: [[18, 6, 48], [226, 30, 200], [40, 230, 255]], glow: [255, 150, 255], minor: true },
  forest: { stops: [[8, 40, 22], [34, 122, 64], [176, 214, 96]], glow: [230, 255, 170], minor: false },
  snow: { stops: [[120, 150, 190], [204, 222, 242], [250, 252, 255]], glow: [255, 255, 255], minor: false },
  city: { stops: [[16, 20, 38], [66, 84, 120], [255, 178, 80]], glow: [255, 200, 120], minor: true },
  fire: { stops: [[60, 6, 4], [214, 64, 16], [255, 206, 60]], glow: [255, 220, 120], minor: true },
  space: { stops: [[4, 4, 20], [70, 30, 130], [230, 120, 220]], glow: [220, 210, 255], minor: true },
  desert: { stops: [[120, 66, 30], [214, 152, 84], [250, 226, 170]], glow: [255, 244, 210], minor: false },
  bloom: { stops: [[120, 30, 80], [240, 128, 170], [190, 236, 150]], glow: [255, 230, 240], minor: false },
  autumn: { stops: [[70, 24, 10], [196, 92, 28], [238, 184, 74]], glow: [255, 210, 140], minor: true },
  storm: { stops: [[22, 28, 40], [78, 92, 112], [170, 186, 204]], glow: [220, 232, 255], minor: true },
  lagoon: { stops: [[0, 60, 70], [0, 160, 150], [250, 230, 160]], glow: [255, 250, 220], minor: false },
  candy: { stops: [[110, 60, 200], [255, 120, 180], [255, 220, 140]], glow: [255, 255, 255], minor: false },
  mint: { stops: [[20, 70, 80], [80, 200, 160], [220, 255, 230]], glow: [240, 255, 250], minor: false },
  royal: { stops: [[20, 10, 70], [60, 60, 200], [250, 210, 90]], glow: [255, 230, 150], minor: true },
  citrus: { stops: [[200, 70, 20], [250, 170, 30], [250, 250, 150]], glow: [255, 255, 220], minor: false },
  dusk: { stops: [[30, 20, 60], [110, 70, 140], [240, 160, 150]], glow: [255, 210, 220], minor: true },
  coral: { stops: [[90, 20, 50], [250, 110, 100], [255, 210, 170]], glow: [255, 235, 220], minor: false },
  slate: { stops: [[30, 40, 50], [90, 120, 140], [220, 200, 180]], glow: [250, 240, 220], minor: true },
} satisfies Record<string, Palette>;

type PaletteName = keyof typeof PALETTES;
const GENERIC_PALETTES: PaletteName[] = ['lagoon', 'candy', 'mint', 'royal', 'citrus', 'dusk', 'coral', 'slate'];

const MOTIONS = {
  waves: {
    field: '0.5+0.5*sin(6.283*(1.6*{y}+0.18*sin(6.283*(1.2*{x}+0.07*{t})))-0.55*{t})',
    orbs: 'float',
  },
  pulse: { field: '0.5+0.5*sin(14*hypot({x}-0.5,{y}-0.5)-1.6*{t})', orbs: 'orbit' },
  drift: {
    field: '0.5+0.25*sin(6.283*(0.9*{x}+0.35*{y})+0.45*{t})+0.25*sin(6.283*(1.3*{y}-0.4*{x})-0.3*{t})',
    orbs: 'float',
  },
  swirl: {
    field: '0.5+0.5*sin(3*atan2({y}-0.5,{x}-0.5)+9*hypot({x}-0.5,{y}-0.5)-0.9*{t})',
    orbs: 'orbit',
  },
  aurora: {
    field: '0.5+0.5*sin(6.283*(1.1*{x}+0.25*sin(5*{y}+0.5*{t}))+0.35*{t})*(1-0.4*{y})',
    orbs: 'float',
  },
  plasma: {
    field: '0.5+(sin(9*{x}+{t})+sin(7*{y}-0.8*{t})+sin(5*({x}+{y})+1.3*{t}))/6',
    orbs: 'float',
  },
  horizon: {
    field: 'clip(0.1+0.9*{y}+0.06*sin(6.283*(2*{x}+0.15*{t}))+0.05*sin(1.5*{t}+4*{y}),0,1)',
    orbs: 'rise',
  },
  rise: { field: '0.5+0.5*sin(6.283*(1.4*{y}+0.25*sin(9*{x}+0.4*{t}))+1.2*{t})', orbs: 'rise' },
  snowfall: {
    field: 'clip(0.25+0.75*{y}+0.08*sin(6.283*({x}+0.05*{t})),0,1)',
    orbs: 'fall',
  },
} satisfies Record<string, Motion>;

type MotionName = keyof typeof MOTIONS;
const MOTION_NAMES = Object.keys(MOTIONS) as MotionName[];

/** Words that pick a fitting look; the first one in the prompt sets the palette, a second one the motion. */
const THEMES: Array<{ words: string[]; palette: PaletteName; motion: MotionName }> = [
  { words: ['sunset', 'sunrise', 'dusk', 'dawn', 'golden', 'evening', 'sun'], palette: 'sunset', motion: 'horizon' },
  { words: ['ocean', 'sea', 'wave', 'beach', 'underwater', 'water', 'surf', 'lake', 'river'], palette: 'ocean', motion: 'waves' },
  { words: ['neon', 'cyberpunk', 'cyber', 'synthwave', 'club', 'glow', 'arcade', 'disco'], palette: 'neon', motion: 'pulse' },
  { words: ['forest', 'jungle', 'tree', 'wood', 'woods', 'nature', 'moss', 'leaf'], palette: 'forest', motion: 'drift' },
  { words: ['snow', 'snowy', 'winter', 'ice', 'frost', 'arctic', 'glacier', 'frozen'], palette: 'snow', motion: 'snowfall' },
  { words: ['city', 'urban', 'street', 'skyline', 'downtown', 'traffic', 'night'], palette: 'city', motion: 'drift' },
  { words: ['fire', 'flame', 'lava', 'volcano', 'burning', 'ember', 'dragon'], palette: 'fire', motion: 'rise' },
  { words: ['space', 'galaxy', 'star', 'cosmic', 'nebula', 'universe', 'planet', 'astronaut'], palette: 'space', motion: 'swirl' },
  { words: ['desert', 'sand', 'dune', 'canyon', 'safari'], palette: 'desert', motion: 'aurora' },
  { words: ['flower', 'spring', 'blossom', 'garden', 'bloom', 'rose', 'cherry'], palette: 'bloom', motion: 'plasma' },
  { words: ['autumn', 'fall', 'leaves', 'harvest', 'pumpkin'], palette: 'autumn', motion: 'drift' },
  { words: ['rain', 'storm', 'cloud', 'thunder', 'fog', 'rainy', 'cloudy'], palette: 'storm', motion: 'aurora' },
];

const FPS = 24;
/** How long a shot that continues another takes to dissolve from that shot's frame into its own picture. */
const START_FRAME_DISSOLVE_SECONDS = 1;

/** 32-bit FNV-1a: the same prompt always gives the same look, on every machine. */
function hashWords(words: readonly string[]): number {
  let hash = 0x811c9dc5;
  for (const char of words.join(' ')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A small deterministic random sequence (mulberry32) for orb placement. */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function promptWords(prompt: string): string[] {
  return prompt.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function themeOf(word: string): (typeof THEMES)[number] | undefined {
  return THEMES.find((theme) => theme.words.includes(word) || (word.endsWith('s') && theme.words.includes(word.slice(0, -1))));
}

export interface OfflineLook {
  palette: PaletteName;
  motion: MotionName;
  seed: number;
}

/** Palette and motion for a prompt: themed words first (the first sets the palette, a second the motion), else a hash. */
export function chooseOfflineLook(prompt: string): OfflineLook {
  const words = promptWords(prompt);
  const seed = hashWords(words);
  const themes = [...new Set(words.map(themeOf).filter((theme) => theme !== undefined))];
  const [first, second] = themes;
  const palette = first?.palette ?? (GENERIC_PALETTES[seed % GENERIC_PALETTES.length] as PaletteName);
  const motion = second?.motion ?? first?.motion ?? (MOTION_NAMES[(seed >>> 8) % MOTION_NAMES.length] as MotionName);
  return { palette, motion, seed };
}

/** Escapes a value for a filter option inside a filter graph (both of ffmpeg's escaping levels). */
function filterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (char) => `\\${char}`);
  return optionLevel.replace(/[\\'[\],;]/g, (char) => `\\${char}`);
}

/** The motion's field at each cell as a grey level, 0–255 for 0–1 (rounded): the costly expression, once a cell. */
function fieldExpression(field: string, timeOffset: number): string {
  // No st()/ld(): ffmpeg 4.1 runs geq in slices that share those variables, which garbles cells at random.
  const value = field.replaceAll('{x}', '(X/W)').replaceAll('{y}', '(Y/H)').replaceAll('{t}', `(T+${timeOffset})`);
  return `clip(255*(${value})+0.5,0,255)`;
}

/** One channel of the palette for a grey level `val` (a lutrgb table, made once): the three stops, evenly spaced. */
function paletteExpression(stops: Palette['stops'], channel: 0 | 1 | 2): string {
  const [a, b, c] = stops.map((stop) => stop[channel]) as [number, number, number];
  const step = (from: number, to: number) => `${from}+(${to - from})`;
  return `if(lt(val,127.5),${step(a, b)}*2*val/255,${step(b, c)}*(2*val/255-1))+0.5`;
}

/** Darker towards the corners, as a grey level multiplied into the picture. */
const VIGNETTE = '255*(1-0.8*(pow(X/W-0.5,2)+pow(Y/H-0.5,2)))+0.5';

interface Orb {
  size: number;
  x: string;
  y: string;
}

function orbs(path: OrbPath, seed: number, shortSide: number, timeOffset: number): Orb[] {
  const random = randomSequence(seed);
  const T = `(t+${timeOffset})`;
  const count = { float: 4, orbit: 4, rise: 7, fall: 12 }[path];
  return Array.from({ length: count }, () => {
    const [r1, r2, r3, r4, r5] = [random(), random(), random(), random(), random()];
    const phase = (6.283 * r5).toFixed(3);
    switch (path) {
      case 'float': {
        const n = (value: number) => value.toFixed(3);
        return {
          size: Math.round(shortSide * (0.22 + 0.18 * r1)),
          x: `W*(${n(0.15 + 0.7 * r2)}+${n(0.08 + 0.12 * r3)}*sin(${n(0.15 + 0.25 * r4)}*${T}+${phase}))-w/2`,
          y: `H*(${n(0.15 + 0.7 * r3)}+${n(0.05 + 0.1 * r1)}*cos(${n(0.12 + 0.2 * r2)}*${T}+${phase}))-h/2`,
        };
      }
      case 'orbit': {
        const radius = (0.15 + 0.25 * r2).toFixed(3);
        const speed = ((r3 < 0.5 ? -1 : 1) * (0.2 + 0.25 * r4)).toFixed(3);
        return {
          size: Math.round(shortSide * (0.18 + 0.16 * r1)),
          x: `W/2+min(W,H)*${radius}*cos(${speed}*${T}+${phase})-w/2`,
          y: `H/2+min(W,H)*${radius}*sin(${speed}*${T}+${phase})-h/2`,
        };
      }
      case 'rise':
      case 'fall': {
        const period = (path === 'fall' ? 5 + 5 * r1 : 4 + 4 * r1).toFixed(2);
        const travel = `mod(${T}/${period}+${r2.toFixed(3)},1)`;
        return {
          size: Math.round(shortSide * (path === 'fall' ? 0.025 + 0.035 * r4 : 0.06 + 0.08 * r4)),
          x: `W*(${(0.05 + 0.9 * r3).toFixed(3)}+0.04*sin(0.8*${T}+${phase}))-w/2`,
          y: path === 'fall' ? `H*(1.3*${travel}-0.15)-h/2` : `H*(1.15-1.3*${travel})-h/2`,
        };
      }
    }
  });
}

/** What marks every offline clip as the offline engine's, small in a top corner so the caption area stays the creator's. */
const OFFLINE_LABEL = 'Offline preview';

interface PictureOptions {
  width: number;
  height: number;
  /** Seconds of picture to make (one frame's worth for a still). */
  duration: number;
  /** Where on the prompt's time axis the picture starts. */
  timeOffset: number;
  fadeIn: boolean;
  fadeOut: boolean;
  /** Appended to every link label, so several pictures can share one filter graph; the result is `[v<suffix>]`. */
  suffix?: string;
}

/** The filter chains that draw the picture into `[v]`: the moving gradient, the glows, the corner label and the fades. */
function pictureChains(look: OfflineLook, fontFile: string, options: PictureOptions): string[] {
  const { width, height, duration, timeOffset, suffix = '' } = options;
  const palette: Palette = PALETTES[look.palette];
  const motion: Motion = MOTIONS[look.motion];
  const shortSide = Math.min(width, height);
  // The gradient is computed on a grid of ~36 cells across the short side; bicubic scaling makes it smooth.
  const gridWidth = 2 * Math.round((width / shortSide) * 18);
  const gridHeight = 2 * Math.round((height / shortSide) * 18);
  const source = (size: string, colour: string) => `color=c=${colour}:s=${size}:r=${FPS}:d=${duration}`;

  const chains: string[] = [];
  // The field is one geq a cell, copied to the three planes; the palette is a table and the vignette one still frame
  // that blend repeats. (A geq of each channel evaluated the field six times a cell: 80 % of a segment's work.)
  const grid = `${gridWidth}x${gridHeight}`;
  const [r, g, b] = [0, 1, 2].map((channel) => paletteExpression(palette.stops, channel as 0 | 1 | 2));
  const fields = [0, 1, 2].map((plane) => `[field${plane}${suffix}]`).join('');
  chains.push(
    `${source(grid, 'black')},format=gray,geq=lum='${fieldExpression(motion.field, timeOffset)}',split=3${fields}`,
    `${fields}mergeplanes=0x001020:gbrp,lutrgb=r='${r}':g='${g}':b='${b}'[palette${suffix}]`,
    `color=c=black:s=${grid}:r=${FPS}:d=1,format=gbrp,geq=r='${VIGNETTE}':g='${VIGNETTE}':b='${VIGNETTE}',trim=end_frame=1[vignette${suffix}]`,
    `[palette${suffix}][vignette${suffix}]blend=all_mode=multiply,format=yuv420p,scale=${width}:${height}:flags=bicubic[bg${suffix}]`,
  );

  const glows = orbs(motion.orbs, look.seed, shortSide, timeOffset);
  const [gr, gg, gb] = palette.glow;
  const opacity = motion.orbs === 'fall' ? 230 : motion.orbs === 'rise' ? 200 : 140;
  chains.push(
    `${source('32x32', 'black@0')},format=gbrap,` +
      `geq=r=${gr}:g=${gg}:b=${gb}:a='${opacity}*pow(max(0,1-hypot(X-15.5,Y-15.5)/16),2)',` +
      `split=${glows.length}${glows.map((_, i) => `[sprite${i}${suffix}]`).join('')}`,
  );
  let base = `bg${suffix}`;
  glows.forEach((orb, i) => {
    chains.push(`[sprite${i}${suffix}]scale=${orb.size}:${orb.size}:flags=bicubic[orb${i}${suffix}]`);
    chains.push(`[${base}][orb${i}${suffix}]overlay=x='${orb.x}':y='${orb.y}'[layer${i}${suffix}]`);
    base = `layer${i}${suffix}`;
  });

  // A small label instead of the prompt as a caption: the clip stays plainly the offline engine's, and the
  // middle and bottom of the frame, where creators put their own text, stay free (issue 17, item 7).
  const fontSize = Math.max(10, Math.round(shortSide * 0.03));
  const margin = Math.round(shortSide * 0.035);
  const label =
    `drawtext=fontfile=${filterValue(fontFile)}:text=${filterValue(OFFLINE_LABEL)}:expansion=none:fontsize=${fontSize}` +
    `:fontcolor=white@0.85:x=${margin}:y=${margin}:box=1:boxcolor=black@0.35:boxborderw=${Math.round(fontSize * 0.35)}`;
  const fade = Math.min(0.6, duration / 4);
  const videoFilters = [
    label,
    ...(options.fadeIn ? [`fade=t=in:st=0:d=${fade}`] : []),
    ...(options.fadeOut ? [`fade=t=out:st=${(duration - fade).toFixed(3)}:d=${fade}`] : []),
  ];
  chains.push(`[${base}]${videoFilters.join(',')}[v${suffix}]`);
  return chains;
}

/** The seed shifts each prompt's starting phase; continuing the same time axis makes joined segments flow. */
function segmentTimeOffset(look: OfflineLook, segmentIndex: number): number {
  return (look.seed % 97) + segmentIndex * SEGMENT_SECONDS;
}

/** The segment's frame: the standard size, or within `maxSide` on its long side (even sides, same shape). */
function segmentSize(request: SegmentRequest, maxSide: number | undefined): { width: number; height: number } {
  const standard = standardSize(request.aspectRatio, request.resolution);
  const scale = maxSide === undefined ? 1 : Math.min(1, maxSide / Math.max(standard.width, standard.height));
  if (scale === 1) return standard;
  return { width: 2 * Math.round((standard.width * scale) / 2), height: 2 * Math.round((standard.height * scale) / 2) };
}

/** The whole ffmpeg command for one segment, as an argument array; `dialogue` is spoken over its chord. */
function segmentArgs(request: SegmentRequest, fontFile: string, output: string, maxSide: number | undefined, dialogue?: SpokenDialogue): string[] {
  const { width, height } = segmentSize(request, maxSide);
  const duration = request.durationSeconds;
  const look = chooseOfflineLook(request.prompt);
  const timeOffset = segmentTimeOffset(look, request.segmentIndex);
  const first = request.segmentIndex === 0;
  const last = request.segmentIndex >= request.totalSegments - 1;
  const start = request.startFrameFile;
  // A shot that continues another starts on its frame and dissolves into its own picture; no fade from black.
  const chains = pictureChains(look, fontFile, { width, height, duration, timeOffset, fadeIn: first && !start, fadeOut: last, suffix: start ? '_own' : '' });
  const inputs: string[] = [];
  if (start) {
    const dissolve = Math.min(START_FRAME_DISSOLVE_SECONDS, duration / 2);
    inputs.push('-loop', '1', '-framerate', String(FPS), '-t', dissolve.toFixed(3), '-i', start);
    chains.push(
      `[0:v]scale=${width}:${height}:force_original_aspect_ratio=increase:flags=bicubic,crop=${width}:${height},setsar=1,format=yuva420p,fade=t=out:st=0:d=${dissolve.toFixed(3)}:alpha=1[start]`,
      // The still fades out over the shot's own picture, whose timing it leaves as it is.
      `[v_own][start]overlay=eof_action=pass:format=auto,format=yuv420p[v]`,
    );
  }
  const sound = chord(look, PALETTES[look.palette].minor, duration, timeOffset, first, last);
  if (dialogue) {
    chains.push(`${sound}[bed]`, ...dialogueAudioChains(dialogue, start ? 1 : 0));
    inputs.push('-i', dialogue.file);
  } else {
    chains.push(`${sound}[a]`);
  }
  return [
    ...inputs,
    '-filter_complex', chains.join(';'),
    '-map', '[v]', '-map', '[a]',
    '-t', duration.toFixed(3), '-r', String(FPS), '-g', String(FPS * 2),
    ...h264AacOutputArgs(),
    output,
  ];
}

/** One frame of a clip, for a poster: what `generateSegment` of the same prompt shows at `atSeconds`. */
interface StillRequest {
  prompt: string;
  aspectRatio: SegmentRequest['aspectRatio'];
  resolution: SegmentRequest['resolution'];
  /** The time in a first segment whose frame this is; past the fade-in (0.6 s at most). */
  atSeconds: number;
  /** The JPEG is scaled to fit this many pixels on its long side. */
  maxSide: number;
  outputFile: string;
}

/**
 * One command for several JPEG frames: each still is its segment's picture graph started at `atSeconds`, one
 * frame long, with no video encoder and no sound. One ffmpeg for all of them, because starting ffmpeg costs
 * more than drawing a frame (0.2-0.5 s of wall time each on a busy machine, for 0.05 s of CPU).
 */
function stillsArgs(stills: ReadonlyArray<StillRequest & { rendered: string }>, fontFile: string): string[] {
  const graph: string[] = [];
  const outputs: string[] = [];
  stills.forEach((still, index) => {
    const { width, height } = standardSize(still.aspectRatio, still.resolution);
    const look = chooseOfflineLook(still.prompt);
    const timeOffset = segmentTimeOffset(look, 0) + still.atSeconds;
    const suffix = `_${index}`;
    const options = { width, height, duration: 1 / FPS, timeOffset, fadeIn: false, fadeOut: false, suffix };
    const scale = Math.min(1, still.maxSide / Math.max(width, height));
    const [w, h] = [width, height].map((side) => 2 * Math.round((side * scale) / 2));
    graph.push(...pictureChains(look, fontFile, options), `[v${suffix}]scale=${w}:${h}:flags=bicubic[still${suffix}]`);
    outputs.push('-map', `[still_${index}]`, '-frames:v', '1', '-q:v', '3', '-update', '1', still.rendered);
  });
  return ['-filter_complex', graph.join(';'), ...outputs];
}

const ROOTS = [130.81, 146.83, 164.81, 174.61, 196.0, 220.0];

/** A soft chord that swells slowly, unlabelled; time runs on across segments so joins do not click in the middle. */
function chord(look: OfflineLook, minor: boolean, duration: number, timeOffset: number, first: boolean, last: boolean): string {
  const root = ROOTS[look.seed % ROOTS.length] as number;
  const ratios = [1, minor ? 1.18921 : 1.25992, 1.49831, 2];
  const gains = [0.07, 0.05, 0.05, 0.03];
  const T = `(t+${timeOffset})`;
  const channel = (detune: number) =>
    `(0.7+0.3*sin(0.785*${T}))*(` +
    ratios.map((ratio, i) => `${gains[i]}*sin(2*PI*${(root * ratio * detune).toFixed(3)}*${T})`).join('+') +
    ')';
  const fade = Math.min(1.5, duration / 3);
  const fades = [
    ...(first ? [`afade=t=in:st=0:d=${fade}`] : []),
    ...(last ? [`afade=t=out:st=${(duration - fade).toFixed(3)}:d=${fade}`] : []),
  ];
  return `aevalsrc='${channel(1)}|${channel(1.003)}':s=48000:c=stereo:d=${duration}${fades.map((f) => `,${f}`).join('')}`;
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.copyFile(from, to); // the scratch dir is on another filesystem than the output
  }
}

/** The offline VideoModel, which can also render a single frame of a clip without encoding the clip. */
export interface OfflineVideoModel extends VideoModel {
  /** Renders each still's frame in one ffmpeg run. */
  renderStills(stills: readonly StillRequest[], signal?: AbortSignal): Promise<void>;
}

async function runRender(binaries: FfmpegBinaries, args: string[], options: { expectedDurationSeconds?: number; signal?: AbortSignal }) {
  try {
    await runFfmpeg(binaries, args, options);
  } catch (error) {
    if (!(error instanceof FfmpegError)) throw error;
    const failure = new VideoModelError(`The offline renderer failed: ${error.message}`, false);
    failure.cause = error;
    throw failure;
  }
}

export interface OfflineRenderOptions {
  /** The offline voice that speaks the dialogue quoted in a prompt; without it, clips have only their chord. */
  voice?: SpeechSynthesizer;
  /**
   * Renders segments smaller than their standard size, with this many pixels at most on the long side: for
   * tests about the picture's motion and colours rather than its frame (offline-video-model.test.ts). Unset
   * in the app, which always renders the standard size.
   */
  maxSide?: number;
}

/** The offline VideoModel: renders each segment locally with ffmpeg. */
export function createOfflineVideoModel(binaries: FfmpegBinaries, options: OfflineRenderOptions = {}): OfflineVideoModel {
  // Resolving fails loudly if the font package is missing; drawtext would otherwise fall back to a system font.
  const fontFile = createRequire(import.meta.url).resolve('@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf');

  /**
   * The first segment speaks the prompt's quoted dialogue; the ones that continue it do not say it again. A voice
   * that fails leaves the clip with its chord alone: the picture is what was asked for, the speech an extra.
   */
  async function dialogueFor(request: SegmentRequest, dir: string): Promise<SpokenDialogue | undefined> {
    if (!options.voice || request.segmentIndex > 0) return undefined;
    try {
      return await speakDialogue(options.voice, { prompt: request.prompt, durationSeconds: request.durationSeconds, dir, signal: request.signal });
    } catch (error) {
      if (!(error instanceof SpeechError)) throw error;
      request.logger?.warn({ err: error }, 'The offline voice could not speak the prompt’s dialogue; the clip has no speech');
      return undefined;
    }
  }

  return {
    kind: 'offline',
    model: 'offline',
    async generateSegment(request) {
      if (!(request.durationSeconds > 0) || request.durationSeconds > 60) {
        throw new VideoModelError(`A segment lasts between 0 and 60 seconds, not ${request.durationSeconds}`, false);
      }
      await fs.mkdir(path.dirname(request.outputFile), { recursive: true });
      return withScratchDir('promptreel-offline', async (dir) => {
        const dialogue = await dialogueFor(request, dir);
        const rendered = path.join(dir, 'segment.mp4');
        await runRender(binaries, segmentArgs(request, fontFile, rendered, options.maxSide, dialogue), {
          expectedDurationSeconds: request.durationSeconds,
          signal: request.signal,
        });
        await moveFile(rendered, request.outputFile);
        return dialogue ? { dialogueWords: dialogue.words } : {};
      });
    },
    async renderStills(stills, signal) {
      if (stills.length === 0) return;
      await withScratchDir('promptreel-offline', async (dir) => {
        const planned = stills.map((still, index) => ({ ...still, rendered: path.join(dir, `still-${index}.jpg`) }));
        await runRender(binaries, stillsArgs(planned, fontFile), { signal });
        for (const still of planned) {
          await fs.mkdir(path.dirname(still.outputFile), { recursive: true });
          await moveFile(still.rendered, still.outputFile);
        }
      });
    },
  };
}
