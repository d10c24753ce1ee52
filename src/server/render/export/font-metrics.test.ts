import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fontFilePath } from '../font-files.ts';
import { FontParseError, lineWidth, parseFontMetrics } from './font-metrics.ts';

function metricsOf(servedFile: string) {
  return parseFontMetrics(fs.readFileSync(fontFilePath(servedFile) as string));
}

describe('parseFontMetrics', () => {
  it('reads the vertical metrics Chromium lays lines out with', () => {
    // Anton sets USE_TYPO_METRICS, so Skia takes OS/2 typo (2409/-674), not hhea.
    expect(metricsOf('anton.ttf')).toMatchObject({ unitsPerEm: 2048, ascender: 2409, descender: 674, lineGap: 0, source: 'typo' });
    expect(metricsOf('bebas-neue.ttf')).toMatchObject({ unitsPerEm: 1000, ascender: 900, descender: 300, source: 'hhea' });
    expect(metricsOf('montserrat-extrabold.ttf')).toMatchObject({ unitsPerEm: 1000, ascender: 968, descender: 251, source: 'typo' });
    expect(metricsOf('permanent-marker.ttf')).toMatchObject({ unitsPerEm: 1024, ascender: 1136, descender: 325, lineGap: 31, source: 'hhea' });
    expect(metricsOf('anton.ttf').bounds.yMax).toBeGreaterThan(0);
  });

  it('kerns from GPOS (most fonts) or the legacy kern table (Permanent Marker)', () => {
    expect(metricsOf('oswald-bold.ttf').kerningOf(0x41, 0x56)).toBeLessThan(0); // "AV"
    expect(metricsOf('permanent-marker.ttf').kerningOf(0x41, 0x56)).toBe(-41);
    expect(metricsOf('oswald-bold.ttf').kerningOf(0x48, 0x48)).toBe(0); // "HH"
  });

  it('rejects a file that is not TrueType', () => {
    expect(() => parseFontMetrics(new TextEncoder().encode('<svg>not a font</svg>'))).toThrow(FontParseError);
  });
});

describe('lineWidth', () => {
  // Widths Chromium 156 gives these spans at font-size 100px (getBoundingClientRect, same served TTFs).
  it.each([
    ['anton.ttf', 'AVATAR TOWN WAVY', 736.8],
    ['bebas-neue.ttf', 'AVATAR TOWN WAVY', 596.0],
    ['oswald-bold.ttf', 'AVATAR TOWN WAVY', 807.2],
    ['roboto-condensed-bold.ttf', 'AVATAR TOWN WAVY', 860.8],
    ['montserrat-extrabold.ttf', 'Made with PromptReel', 1228.1],
    ['permanent-marker.ttf', 'Hello World', 647.7],
    ['lobster.ttf', 'Hello World', 480.7],
  ])('measures %s "%s" as the browser does', (file, text, chromium) => {
    expect(lineWidth(metricsOf(file), text, 100)).toBeCloseTo(chromium, 0);
  });

  it('advances a tab to the next stop of eight spaces', () => {
    const metrics = metricsOf('anton.ttf');
    const space = lineWidth(metrics, ' ', 100);
    expect(lineWidth(metrics, '\t', 100)).toBeCloseTo(8 * space, 6);
    expect(lineWidth(metrics, '  \t', 100)).toBeCloseTo(8 * space, 6);
  });
});
