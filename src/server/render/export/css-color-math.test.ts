import { describe, expect, it } from 'vitest';
import {
  type Matrix3,
  applyCssColorFilters,
  colorFilters,
  grayscaleMatrix,
  multiplyMatrices,
  parseCssFilter,
  saturateMatrix,
  sepiaMatrix,
  staysInRange,
} from './css-color-math.ts';

function expectMatrix(actual: Matrix3, expected: number[]): void {
  expected.forEach((value, i) => expect(actual[i]).toBeCloseTo(value, 10));
}

/** The numbers of a colorchannelmixer filter string, by option name. */
function mixerNumbers(text: string): Record<string, number> {
  expect(text.startsWith('colorchannelmixer=')).toBe(true);
  return Object.fromEntries(
    text
      .slice('colorchannelmixer='.length)
      .split(':')
      .map((pair) => pair.split('='))
      .map(([name, value]) => [name as string, Number(value)]),
  );
}

describe('the CSS Filter Effects matrices', () => {
  it('grayscale(1) is the luminance row three times; grayscale(0) is the identity', () => {
    expectMatrix(grayscaleMatrix(1), [0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722, 0.2126, 0.7152, 0.0722]);
    expectMatrix(grayscaleMatrix(0), [1, 0, 0, 0, 1, 0, 0, 0, 1]);
    // grayscale(0.5): 0.2126 + 0.7874 x 0.5 = 0.6063, 0.7152 - 0.7152 x 0.5 = 0.3576, ...
    expectMatrix(grayscaleMatrix(0.5), [0.6063, 0.3576, 0.0361, 0.1063, 0.8576, 0.0361, 0.1063, 0.3576, 0.5361]);
    expectMatrix(grayscaleMatrix(7), grayscaleMatrix(1) as unknown as number[]); // amounts above 1 clamp
  });

  it('sepia(1) is the spec matrix; sepia(0.45) interpolates with (1 - a) = 0.55', () => {
    expectMatrix(sepiaMatrix(1), [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131]);
    // 0.393 + 0.607 x 0.55 = 0.72685; 0.769 - 0.769 x 0.55 = 0.34605; 0.189 x 0.45 = 0.08505 ...
    expectMatrix(sepiaMatrix(0.45), [0.72685, 0.34605, 0.08505, 0.15705, 0.8587, 0.0756, 0.1224, 0.2403, 0.60895]);
  });

  it('saturate(s) uses feColorMatrix saturate coefficients 0.213/0.715/0.072', () => {
    // saturate(1.5): 0.213 + 0.787 x 1.5 = 1.3935; 0.715 - 0.715 x 1.5 = -0.3575; 0.072 - 0.108 = -0.036 ...
    expectMatrix(saturateMatrix(1.5), [1.3935, -0.3575, -0.036, -0.1065, 1.1425, -0.036, -0.1065, -0.3575, 1.464]);
    expectMatrix(saturateMatrix(0), [0.213, 0.715, 0.072, 0.213, 0.715, 0.072, 0.213, 0.715, 0.072]);
  });

  it('knows which matrices can never leave 0..1', () => {
    expect(staysInRange(grayscaleMatrix(1))).toBe(true);
    expect(staysInRange(saturateMatrix(0.85))).toBe(true);
    expect(staysInRange(saturateMatrix(1.2))).toBe(false); // negative coefficients
    expect(staysInRange(sepiaMatrix(1))).toBe(false); // the red row sums to 1.351
  });
});

describe('parseCssFilter', () => {
  it('reads what cssFilter writes', () => {
    expect(parseCssFilter('none')).toEqual([]);
    const functions = parseCssFilter('brightness(120%) contrast(80%) saturate(150%) sepia(0.45) blur(5.33px)');
    expect(functions.map((fn) => (fn.kind === 'matrix' || fn.kind === 'linear' ? fn.name : fn.kind))).toEqual([
      'brightness', 'contrast', 'saturate', 'sepia', 'blur',
    ]);
    expect(functions[0]).toEqual({ kind: 'linear', name: 'brightness', slope: 1.2, intercept: 0 });
    // contrast(c): slope c, intercept 0.5 - 0.5c = 0.1
    expect(functions[1]).toMatchObject({ kind: 'linear', name: 'contrast', slope: 0.8 });
    expect((functions[1] as { intercept: number }).intercept).toBeCloseTo(0.1, 12);
    expect(functions[4]).toEqual({ kind: 'blur', radius: 5.33 });
  });

  it('refuses what it does not understand', () => {
    expect(() => parseCssFilter('hue-rotate(90deg)')).toThrow(/Unsupported/);
    expect(() => parseCssFilter('brightness(1.2) garbage')).toThrow(/Cannot read/);
    expect(() => parseCssFilter('blur(3em)')).toThrow(/blur radius/);
  });
});

describe('applyCssColorFilters (the reference model)', () => {
  const colour = [0.2, 0.4, 0.8] as const; // #3366CC

  it('matches hand-computed values', () => {
    // grayscale(1): 0.2126 x 0.2 + 0.7152 x 0.4 + 0.0722 x 0.8 = 0.38636
    expect(applyCssColorFilters(parseCssFilter('grayscale(1)'), colour)[0]).toBeCloseTo(0.38636, 10);
    // sepia(1): r = 0.393 x 0.2 + 0.769 x 0.4 + 0.189 x 0.8 = 0.5374; g = 0.4786; b = 0.3728
    const sepia = applyCssColorFilters(parseCssFilter('sepia(1)'), colour);
    [0.5374, 0.4786, 0.3728].forEach((value, i) => expect(sepia[i]).toBeCloseTo(value, 10));
    // saturate(150%): r = 1.3935 x 0.2 - 0.3575 x 0.4 - 0.036 x 0.8 = 0.1069; b = -0.0213 - 0.143 + 1.1712 = 1.0069 -> 1
    const saturated = applyCssColorFilters(parseCssFilter('saturate(150%)'), colour);
    expect(saturated[0]).toBeCloseTo(0.1069, 10);
    expect(saturated[2]).toBe(1);
    // contrast(80%): 0.8c + 0.1 -> 0.26, 0.42, 0.74
    const contrast = applyCssColorFilters(parseCssFilter('contrast(80%)'), colour);
    [0.26, 0.42, 0.74].forEach((value, i) => expect(contrast[i]).toBeCloseTo(value, 10));
  });

  it('clamps after every function, as Chromium does', () => {
    // brightness(2) takes 0.8 to 1.6 -> 1, and brightness(0.5) then gives 0.5 (not 0.8).
    expect(applyCssColorFilters(parseCssFilter('brightness(2) brightness(0.5)'), colour)[2]).toBe(0.5);
    // contrast(3) pushes 0.2 to -0.4 -> 0; contrast(0.5) then gives 0.25.
    expect(applyCssColorFilters(parseCssFilter('contrast(3) contrast(0.5)'), colour)[0]).toBeCloseTo(0.25, 12);
  });
});

describe('colorFilters (the ffmpeg side)', () => {
  it('turns runs of linear transfers into one lutrgb that clamps after each and rounds', () => {
    const [lut, ...rest] = colorFilters(parseCssFilter('brightness(120%) contrast(80%)'));
    expect(rest).toEqual([]);
    // 255 x (0.5 - 0.5 x 0.8) = 25.5
    const expression = 'round(clip(clip(val*1.2,0,255)*0.8+25.5,0,255))';
    expect(lut).toBe(`lutrgb=r=\\'${expression.replace(/,/g, '\\,')}\\':g=\\'${expression.replace(/,/g, '\\,')}\\':b=\\'${expression.replace(/,/g, '\\,')}\\'`);
  });

  it('writes a matrix as colorchannelmixer with the spec numbers', () => {
    const [mixer] = colorFilters(parseCssFilter('sepia(1)'));
    expect(mixerNumbers(mixer as string)).toEqual({
      rr: 0.393, rg: 0.769, rb: 0.189, gr: 0.349, gg: 0.686, gb: 0.168, br: 0.272, bg: 0.534, bb: 0.131,
    });
  });

  it('multiplies a matrix into the next only when no clamp could happen between them', () => {
    // grayscale then sepia: grayscale never leaves 0..1, so one mixer with sepia x grayscale.
    const merged = colorFilters(parseCssFilter('grayscale(1) sepia(1)'));
    expect(merged).toHaveLength(1);
    const product = multiplyMatrices(sepiaMatrix(1), grayscaleMatrix(1));
    const numbers = mixerNumbers(merged[0] as string);
    expect(numbers.rr).toBeCloseTo(product[0], 5);
    expect(numbers.bb).toBeCloseTo(product[8], 5);
    // sepia clamps (its red row sums to 1.351), so sepia then grayscale stays two mixers.
    expect(colorFilters(parseCssFilter('sepia(1) grayscale(1)'))).toHaveLength(2);
    // saturate above 1 has negative coefficients: it clamps too.
    expect(colorFilters(parseCssFilter('saturate(150%) sepia(0.45)'))).toHaveLength(2);
  });

  it("composes vintage as the preview does: sepia(0.45), then contrast and brightness, then saturate(0.85)", () => {
    const filters = colorFilters(parseCssFilter('sepia(0.45) contrast(1.1) brightness(0.95) saturate(0.85)'));
    expect(filters.map((f) => f.split('=')[0])).toEqual(['colorchannelmixer', 'lutrgb', 'colorchannelmixer']);
    expect(mixerNumbers(filters[0] as string).rr).toBe(0.72685);
    // contrast(1.1): intercept 255 x (0.5 - 0.55) = -12.75
    expect(filters[1]).toContain('clip(clip(val*1.1-12.75\\,0\\,255)*0.95\\,0\\,255)');
    expect(mixerNumbers(filters[2] as string).rr).toBeCloseTo(0.213 + 0.787 * 0.85, 6);
  });

  it('leaves out what does nothing', () => {
    expect(colorFilters([])).toEqual([]);
    expect(colorFilters(parseCssFilter('brightness(100%) saturate(1)'))).toEqual([]);
    expect(() => colorFilters(parseCssFilter('blur(2px)'))).toThrow(/blur/);
  });
});
