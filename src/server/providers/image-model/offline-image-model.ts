import fs from 'node:fs/promises';
import path from 'node:path';
import { fontFilePath } from '../../render/font-files.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { FfmpegError, runFfmpeg } from '../../render/ffmpeg-runner.ts';
import { withScratchDir } from '../../render/scratch-dir.ts';
import { AiModelError } from '../text-model/text-model.ts';
import type { ImageModel } from './image-model.ts';
import { pngSize } from './png-info.ts';

/**
 * The image model used without an API key (DESIGN §5, Offline engines): a real PNG rendered with
 * ffmpeg — a soft gradient and glowing shapes in a palette chosen from the prompt's words, with a
 * short caption from the prompt in Anton. The caption reaches drawtext through `textfile=`, never
 * inline. Only filters ffmpeg 4.1 (the npm fallback) has: `geq` on a tiny grid scaled up, overlays.
 */

type Rgb = readonly [number, number, number];

interface Palette {
  /** Dark, middle and light stops of the background. */
  stops: readonly [Rgb, Rgb, Rgb];
  /** Colours of the soft shapes. */
  accents: readonly Rgb[];
}

const PALETTES = {
  sunset: { stops: [[58, 20, 84], [236, 92, 74], [255, 204, 110]], accents: [[255, 232, 160], [255, 140, 90], [190, 70, 140]] },
  ocean: { stops: [[4, 30, 70], [18, 120, 170], [130, 226, 232]], accents: [[210, 248, 255], [40, 180, 200], [10, 70, 140]] },
  neon: { stops: [[16, 6, 44], [214, 30, 196], [44, 228, 255]], accents: [[255, 120, 250], [80, 255, 240], [255, 230, 90]] },
  forest: { stops: [[10, 42, 24], [40, 124, 66], [184, 220, 110]], accents: [[230, 255, 170], [90, 170, 80], [250, 210, 120]] },
  snow: { stops: [[110, 140, 186], [204, 222, 244], [252, 253, 255]], accents: [[255, 255, 255], [170, 200, 240], [230, 240, 255]] },
  city: { stops: [[14, 18, 36], [70, 86, 124], [255, 180, 86]], accents: [[255, 204, 120], [120, 170, 255], [255, 110, 90]] },
  fire: { stops: [[62, 8, 4], [216, 68, 18], [255, 210, 70]], accents: [[255, 236, 150], [255, 120, 40], [160, 20, 10]] },
  space: { stops: [[4, 4, 22], [72, 32, 134], [232, 124, 222]], accents: [[226, 214, 255], [120, 200, 255], [255, 150, 220]] },
  desert: { stops: [[122, 68, 32], [216, 156, 88], [252, 230, 176]], accents: [[255, 246, 214], [230, 130, 70], [180, 100, 60]] },
  bloom: { stops: [[118, 32, 82], [242, 132, 172], [196, 238, 156]], accents: [[255, 236, 244], [255, 170, 200], [250, 250, 170]] },
  autumn: { stops: [[72, 26, 10], [198, 96, 30], [240, 188, 80]], accents: [[255, 214, 140], [220, 80, 30], [150, 60, 20]] },
  storm: { stops: [[20, 26, 38], [80, 94, 114], [176, 190, 208]], accents: [[226, 236, 255], [120, 140, 170], [60, 70, 90]] },
  lagoon: { stops: [[0, 58, 70], [0, 162, 152], [250, 232, 164]], accents: [[255, 252, 222], [60, 220, 190], [0, 110, 120]] },
  candy: { stops: [[108, 62, 198], [255, 124, 182], [255, 222, 146]], accents: [[255, 255, 255], [150, 230, 255], [255, 170, 120]] },
  mint: { stops: [[20, 72, 82], [84, 202, 162], [222, 255, 232]], accents: [[244, 255, 250], [140, 230, 200], [40, 140, 130]] },
  royal: { stops: [[20, 12, 72], [62, 64, 204], [252, 212, 94]], accents: [[255, 232, 150], [140, 150, 255], [190, 90, 220]] },
  citrus: { stops: [[198, 72, 22], [250, 172, 34], [250, 250, 156]], accents: [[255, 255, 224], [255, 210, 60], [120, 200, 60]] },
  dusk: { stops: [[30, 22, 62], [112, 72, 142], [242, 164, 152]], accents: [[255, 214, 222], [180, 120, 200], [250, 190, 120]] },
} satisfies Record<string, Palette>;

type PaletteName = keyof typeof PALETTES;
const GENERIC_PALETTES: PaletteName[] = ['lagoon', 'candy', 'mint', 'royal', 'citrus', 'dusk'];

const THEMES: Array<{ words: string[]; palette: PaletteName }> = [
  { words: ['sunset', 'sunrise', 'dusk', 'dawn', 'golden', 'evening', 'sun', 'summer'], palette: 'sunset' },
  { words: ['ocean', 'sea', 'wave', 'beach', 'underwater', 'water', 'surf', 'lake', 'river', 'whale', 'fish'], palette: 'ocean' },
  { words: ['neon', 'cyberpunk', 'cyber', 'synthwave', 'club', 'glow', 'arcade', 'disco', 'party'], palette: 'neon' },
  { words: ['forest', 'jungle', 'tree', 'trees', 'wood', 'woods', 'nature', 'moss', 'leaf', 'meadow', 'grass'], palette: 'forest' },
  { words: ['snow', 'snowy', 'winter', 'ice', 'frost', 'arctic', 'glacier', 'frozen', 'christmas'], palette: 'snow' },
  { words: ['city', 'urban', 'street', 'skyline', 'downtown', 'traffic', 'night', 'cafe'], palette: 'city' },
  { words: ['fire', 'flame', 'lava', 'volcano', 'burning', 'ember', 'dragon', 'campfire'], palette: 'fire' },
  { words: ['space', 'galaxy', 'star', 'stars', 'cosmic', 'nebula', 'universe', 'planet', 'astronaut', 'moon'], palette: 'space' },
  { words: ['desert', 'sand', 'dune', 'canyon', 'safari', 'cactus'], palette: 'desert' },
  { words: ['flower', 'flowers', 'spring', 'blossom', 'garden', 'bloom', 'rose', 'cherry', 'pink'], palette: 'bloom' },
  { words: ['autumn', 'fall', 'leaves', 'harvest', 'pumpkin', 'coffee'], palette: 'autumn' },
  { words: ['rain', 'storm', 'cloud', 'thunder', 'fog', 'rainy', 'cloudy', 'noir', 'detective'], palette: 'storm' },
];

const SPRITE = 64;

/** 32-bit FNV-1a: the same prompt always gives the same picture. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** mulberry32, seeded from the prompt. */
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

/** The palette for a prompt: the first themed word decides, else the prompt's hash. */
export function choosePalette(prompt: string): { name: PaletteName; seed: number } {
  const words = prompt.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const seed = hash(words.join(' '));
  for (const word of words) {
    const theme = THEMES.find((candidate) => candidate.words.includes(word));
    if (theme) return { name: theme.palette, seed };
  }
  return { name: GENERIC_PALETTES[seed % GENERIC_PALETTES.length] as PaletteName, seed };
}

/**
 * The caption: the prompt upper-cased, stripped of control characters and symbols the font lacks, wrapped
 * into at most `maxLines` lines of `maxChars`, with an ellipsis when it does not fit.
 */
export function captionLines(prompt: string, maxChars: number, maxLines = 3): string[] {
  const clean = prompt
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\p{P}\p{Zs}$+<=>^`|~]/gu, ' ')
    .toUpperCase();
  const words = clean
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word));
  const lines: string[] = [];
  let index = 0;
  while (index < words.length && lines.length < maxLines) {
    let line = words[index++] as string;
    while (index < words.length && line.length + 1 + (words[index] as string).length <= maxChars) line += ` ${words[index++]}`;
    lines.push(line);
  }
  if (index < words.length && lines.length > 0) {
    const last = lines.pop() as string;
    lines.push(last.length + 1 <= maxChars ? `${last}…` : `${last.slice(0, maxChars - 1)}…`);
  }
  return lines;
}

/** Escapes a value for a filter option inside a filter graph (both of ffmpeg's escaping levels). */
function filterValue(value: string): string {
  const optionLevel = value.replace(/[\\':]/g, (char) => `\\${char}`);
  return optionLevel.replace(/[\\'[\],;]/g, (char) => `\\${char}`);
}

function gradientChain(palette: Palette, width: number, height: number, random: () => number): string {
  const short = Math.min(width, height);
  const gridWidth = Math.max(2, Math.round((width / short) * 24));
  const gridHeight = Math.max(2, Math.round((height / short) * 24));
  const angle = (random() * 2 * Math.PI).toFixed(3);
  const waves = (1 + random() * 2).toFixed(2);
  const phase = (random() * 6.283).toFixed(3);
  const field =
    `clip(0.5+1.1*(cos(${angle})*(X/W-0.5)+sin(${angle})*(Y/H-0.5))` +
    `+0.09*sin(6.283*(${waves}*Y/H+0.3*X/W)+${phase}),0,1)`;
  const vignette = '(1-0.7*(pow(X/W-0.5,2)+pow(Y/H-0.5,2)))';
  const channel = (index: 0 | 1 | 2) => {
    const [a, b, c] = palette.stops.map((stop) => stop[index]) as [number, number, number];
    return `clip(${vignette}*if(lt(${field},0.5),${a}+(${b - a})*2*${field},${b}+(${c - b})*(2*${field}-1)),0,255)`;
  };
  return (
    `color=c=black:s=${gridWidth}x${gridHeight}:r=1:d=1,format=gbrp,` +
    `geq=r='${channel(0)}':g='${channel(1)}':b='${channel(2)}',scale=${width}:${height}:flags=bicubic,format=gbrp[bg]`
  );
}

interface Shape {
  colour: Rgb;
  opacity: number;
  size: number;
  x: number;
  y: number;
}

function shapes(palette: Palette, width: number, height: number, random: () => number): Shape[] {
  const short = Math.min(width, height);
  const count = 5 + Math.floor(random() * 3);
  const placed: Shape[] = Array.from({ length: count }, (_, i) => {
    const size = Math.round(short * (0.18 + 0.5 * random()));
    return {
      colour: palette.accents[i % palette.accents.length] as Rgb,
      opacity: 0.35 + 0.35 * random(),
      size,
      x: Math.round(width * (0.1 + 0.8 * random()) - size / 2),
      y: Math.round(height * (0.08 + 0.7 * random()) - size / 2),
    };
  });
  // A broad dark glow rising from the bottom grounds the picture and keeps the caption readable.
  const ground = Math.round(width * 1.5);
  placed.push({ colour: palette.stops[0], opacity: 0.75, size: ground, x: Math.round((width - ground) / 2), y: Math.round(height * 0.68) });
  return placed;
}

function shapeChains(list: Shape[]): { chains: string[]; output: string } {
  const chains: string[] = [];
  let base = 'bg';
  list.forEach((shape, i) => {
    const [r, g, b] = shape.colour;
    const alpha = `${Math.round(255 * shape.opacity)}*pow(max(0,1-hypot(X-${SPRITE / 2 - 0.5},Y-${SPRITE / 2 - 0.5})/${SPRITE / 2}),2)`;
    chains.push(
      `color=c=black@0:s=${SPRITE}x${SPRITE}:r=1:d=1,format=gbrap,geq=r=${r}:g=${g}:b=${b}:a='${alpha}',` +
        `scale=${shape.size}:${shape.size}:flags=bicubic[shape${i}]`,
    );
    chains.push(`[${base}][shape${i}]overlay=x=${shape.x}:y=${shape.y}:format=rgb[layer${i}]`);
    base = `layer${i}`;
  });
  return { chains, output: base };
}

interface RenderPlan {
  args: string[];
  captionFiles: Array<{ file: string; text: string }>;
}

function planRender(prompt: string, width: number, height: number, fontFile: string, dir: string, output: string): RenderPlan {
  const { name, seed } = choosePalette(prompt);
  const palette: Palette = PALETTES[name];
  const random = randomSequence(seed);
  const short = Math.min(width, height);
  const chains = [gradientChain(palette, width, height, random)];
  const layered = shapeChains(shapes(palette, width, height, random));
  chains.push(...layered.chains);

  const landscape = width > height;
  const lines = captionLines(prompt, landscape ? 24 : width === height ? 16 : 13, 2);
  const fontSize = Math.max(10, Math.round(short * 0.085));
  const lineHeight = Math.round(fontSize * 1.25);
  const top = Math.round(height * 0.82 - (lines.length * lineHeight) / 2);
  const captionFiles = lines.map((text, i) => ({ file: path.join(dir, `caption-${i}.txt`), text }));
  const drawtexts = captionFiles.map(
    ({ file }, i) =>
      `drawtext=fontfile=${filterValue(fontFile)}:textfile=${filterValue(file)}:expansion=none:fontsize=${fontSize}` +
      `:fontcolor=white:x=(w-text_w)/2:y=${top + i * lineHeight}:borderw=${Math.max(1, Math.round(fontSize * 0.06))}` +
      `:bordercolor=black@0.55:shadowcolor=black@0.4:shadowx=2:shadowy=2`,
  );
  chains.push(`[${layered.output}]${[...drawtexts, 'format=rgb24'].join(',')}[out]`);

  return {
    args: ['-filter_complex', chains.join(';'), '-map', '[out]', '-frames:v', '1', '-c:v', 'png', '-f', 'image2', '-update', '1', output],
    captionFiles,
  };
}

/** The offline ImageModel: renders each image locally with ffmpeg. */
export function createOfflineImageModel(binaries: FfmpegBinaries): ImageModel {
  const fontFile = fontFilePath('anton.ttf');
  // drawtext would silently fall back to another font, so a missing file fails here, at start-up.
  if (!fontFile) throw new Error('The Anton font file is missing: run npm install.');
  return {
    kind: 'offline',
    async generate({ prompt, width, height }) {
      if (![width, height].every((side) => Number.isInteger(side) && side >= 64 && side <= 4096)) {
        throw new AiModelError(`Images are 64 to 4096 pixels on each side, not ${width}x${height}.`, 400);
      }
      return withScratchDir('promptreel-image', async (dir) => {
        const output = path.join(dir, 'image.png');
        const plan = planRender(prompt, width, height, fontFile, dir, output);
        await Promise.all(plan.captionFiles.map(({ file, text }) => fs.writeFile(file, text, 'utf8')));
        try {
          await runFfmpeg(binaries, plan.args);
        } catch (error) {
          if (!(error instanceof FfmpegError)) throw error;
          const failure = new AiModelError('The offline image renderer failed. Please try again.', 500);
          failure.cause = error;
          throw failure;
        }
        const png = await fs.readFile(output);
        const size = pngSize(png);
        if (size?.width !== width || size.height !== height) {
          throw new AiModelError('The offline image renderer made an image of the wrong size.', 500);
        }
        return png;
      });
    },
  };
}
