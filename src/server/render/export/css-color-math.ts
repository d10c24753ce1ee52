import { filter, formatNumber } from './filter-syntax.ts';

/**
 * The CSS filter functions the preview uses (Filter Effects Module Level 1, §"Filter Functions"), as
 * numbers, and the ffmpeg filters that compute the same thing. Colours are gamma-encoded sRGB in
 * 0..1, as Chromium filters them; each function's result is clamped to 0..1 (Skia clamps after every
 * colour filter), so a chain of functions is not one matrix in general.
 */

/** Row-major 3x3: out = M · (r, g, b). */
export type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];
export type Rgb = readonly [number, number, number];

export type CssFilterFunction =
  | { kind: 'matrix'; name: 'grayscale' | 'sepia' | 'saturate'; matrix: Matrix3 }
  /** feComponentTransfer type=linear, the same on r, g and b: c' = slope·c + intercept. */
  | { kind: 'linear'; name: 'brightness' | 'contrast'; slope: number; intercept: number }
  /** A Gaussian whose standard deviation is `radius` px. */
  | { kind: 'blur'; radius: number };

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

/** grayscale(a): the spec's matrix with (1 - a), a clamped to 0..1. */
export function grayscaleMatrix(amount: number): Matrix3 {
  const k = 1 - clamp01(amount);
  return [
    0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k,
    0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k,
    0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k,
  ];
}

/** sepia(a): the spec's matrix with (1 - a), a clamped to 0..1. */
export function sepiaMatrix(amount: number): Matrix3 {
  const k = 1 - clamp01(amount);
  return [
    0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k,
    0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k,
    0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k,
  ];
}

/** saturate(s): feColorMatrix type=saturate (note its 0.213/0.715/0.072, not grayscale's 0.2126/…). */
export function saturateMatrix(amount: number): Matrix3 {
  const s = Math.max(0, amount);
  return [
    0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s,
    0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s,
    0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s,
  ];
}

export function multiplyMatrices(after: Matrix3, before: Matrix3): Matrix3 {
  const out: number[] = [];
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 3; column++) {
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += (after[row * 3 + k] as number) * (before[k * 3 + column] as number);
      out.push(sum);
    }
  }
  return out as unknown as Matrix3;
}

/** A CSS amount: `1.2`, `120%`, or empty for the default of 1. */
function parseAmount(argument: string): number {
  const text = argument.trim();
  if (text === '') return 1;
  const value = Number(text.endsWith('%') ? text.slice(0, -1) : text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`Bad CSS filter amount: ${argument}`);
  return text.endsWith('%') ? value / 100 : value;
}

function parseLength(argument: string): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)(px)?\s*$/.exec(argument);
  if (!match?.[1] || (match[1] !== '0' && !match[2])) throw new Error(`Bad CSS blur radius: ${argument}`);
  return Number(match[1]);
}

/** The functions of a CSS `filter` value as cssFilter() writes it (`none`, or functions separated by spaces). */
export function parseCssFilter(filter: string): CssFilterFunction[] {
  const text = filter.trim();
  if (text === '' || text === 'none') return [];
  const functions: CssFilterFunction[] = [];
  const pattern = /([a-z-]+)\(([^)]*)\)\s*/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const [, name = '', argument = ''] = match;
    if (name === 'grayscale') functions.push({ kind: 'matrix', name, matrix: grayscaleMatrix(parseAmount(argument)) });
    else if (name === 'sepia') functions.push({ kind: 'matrix', name, matrix: sepiaMatrix(parseAmount(argument)) });
    else if (name === 'saturate') functions.push({ kind: 'matrix', name, matrix: saturateMatrix(parseAmount(argument)) });
    else if (name === 'brightness') functions.push({ kind: 'linear', name, slope: parseAmount(argument), intercept: 0 });
    else if (name === 'contrast') {
      const c = parseAmount(argument);
      functions.push({ kind: 'linear', name, slope: c, intercept: 0.5 - 0.5 * c });
    } else if (name === 'blur') functions.push({ kind: 'blur', radius: parseLength(argument) });
    else throw new Error(`Unsupported CSS filter function: ${name}`);
    if (pattern.lastIndex === text.length) return functions;
  }
  throw new Error(`Cannot read CSS filter: ${filter}`);
}

/** The reference model: one colour (0..1 per channel) through the colour functions, clamping after each (blur ignored). */
export function applyCssColorFilters(functions: readonly CssFilterFunction[], rgb: Rgb): Rgb {
  let [r, g, b] = rgb;
  for (const fn of functions) {
    if (fn.kind === 'matrix') {
      const m = fn.matrix;
      [r, g, b] = [
        clamp01(m[0] * r + m[1] * g + m[2] * b),
        clamp01(m[3] * r + m[4] * g + m[5] * b),
        clamp01(m[6] * r + m[7] * g + m[8] * b),
      ];
    } else if (fn.kind === 'linear') {
      [r, g, b] = [r, g, b].map((c) => clamp01(fn.slope * c + fn.intercept)) as [number, number, number];
    }
  }
  return [r, g, b];
}

/** True when the matrix maps every colour in 0..1 into 0..1, so clamping after it changes nothing. */
export function staysInRange(matrix: Matrix3): boolean {
  for (let row = 0; row < 3; row++) {
    const coefficients = matrix.slice(row * 3, row * 3 + 3);
    if (coefficients.some((c) => c < -1e-9)) return false;
    if (coefficients.reduce((sum, c) => sum + c, 0) > 1 + 1e-9) return false;
  }
  return true;
}

const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/**
 * A chain of linear transfers, clamped after each, as a `lutrgb` expression on 0..255 (`val`), rounded
 * to the nearest level (lutrgb itself would truncate).
 */
function lutExpression(transfers: ReadonlyArray<{ slope: number; intercept: number }>): string {
  let expression = 'val';
  for (const { slope, intercept } of transfers) {
    const offset = formatNumber(intercept * 255);
    const term = offset === '0' ? '' : offset.startsWith('-') ? offset : `+${offset}`;
    expression = `clip(${expression}*${formatNumber(slope)}${term},0,255)`;
  }
  return `round(${expression})`;
}

function channelMixer(m: Matrix3): string {
  const names = ['rr', 'rg', 'rb', 'gr', 'gg', 'gb', 'br', 'bg', 'bb'];
  return filter(
    'colorchannelmixer',
    names.map((name, i) => [name, formatNumber(m[i] as number)] as const),
  );
}

/**
 * ffmpeg filters (for an RGB pixel format) computing the colour functions: runs of linear transfers
 * become one `lutrgb` (clamps included, exact on 8-bit levels), matrices become `colorchannelmixer`
 * (whose output is clamped to 0..255 like CSS), and a matrix that cannot leave 0..1 is multiplied
 * into the next one, since a clamp between them would change nothing. Blur is not a colour function:
 * the caller places it (it needs the frame's edges, see export-filter-graph.ts).
 */
export function colorFilters(functions: readonly CssFilterFunction[]): string[] {
  const filters: string[] = [];
  let pendingMatrix: Matrix3 | undefined;
  let pendingTransfers: Array<{ slope: number; intercept: number }> = [];
  const flushMatrix = (): void => {
    if (pendingMatrix && pendingMatrix.some((value, i) => Math.abs(value - (IDENTITY[i] as number)) > 1e-9)) {
      filters.push(channelMixer(pendingMatrix));
    }
    pendingMatrix = undefined;
  };
  const flushTransfers = (): void => {
    const effective = pendingTransfers.filter((t) => t.slope !== 1 || t.intercept !== 0);
    if (effective.length > 0) {
      const lut = lutExpression(effective);
      filters.push(filter('lutrgb', [['r', lut], ['g', lut], ['b', lut]]));
    }
    pendingTransfers = [];
  };

  for (const fn of functions) {
    if (fn.kind === 'blur') throw new Error('colorFilters takes colour functions only; place blur separately');
    if (fn.kind === 'linear') {
      flushMatrix();
      pendingTransfers.push({ slope: fn.slope, intercept: fn.intercept });
      continue;
    }
    flushTransfers();
    if (pendingMatrix && staysInRange(pendingMatrix)) {
      pendingMatrix = multiplyMatrices(fn.matrix, pendingMatrix);
    } else {
      flushMatrix();
      pendingMatrix = fn.matrix;
    }
  }
  flushMatrix();
  flushTransfers();
  return filters;
}
