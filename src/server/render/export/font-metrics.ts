import { readGposKerning } from './gpos-kerning.ts';

/**
 * The few numbers of a TrueType font the export needs to place text where Chromium places it: the
 * vertical metrics CSS line boxes are built from, and advance widths (with pair kerning) for the width
 * of a multi-line block. A pure parse of the file's bytes; no shaping (see lineWidth).
 */

export interface FontMetrics {
  unitsPerEm: number;
  /** What Chromium (Skia on FreeType) lays lines out with, in font units: hhea, or OS/2 typo when USE_TYPO_METRICS is set. */
  ascender: number;
  /** Below the baseline, positive. */
  descender: number;
  lineGap: number;
  /** Where `ascender`/`descender` came from. */
  source: 'hhea' | 'typo' | 'win';
  /** The head table's box around every glyph, in font units, y up from the baseline. */
  bounds: { xMin: number; yMin: number; xMax: number; yMax: number };
  advanceOf(codePoint: number): number;
  /** Kerning between two code points, in font units (negative brings them closer). */
  kerningOf(left: number, right: number): number;
}

export class FontParseError extends Error {
  override name = 'FontParseError';
}

type Tables = Map<string, { offset: number; length: number }>;

const USE_TYPO_METRICS = 1 << 7;

function readTables(view: DataView): Tables {
  const magic = view.getUint32(0);
  if (magic !== 0x00010000 && magic !== 0x74727565) throw new FontParseError('Not a TrueType font');
  const tables: Tables = new Map();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + 16 * i;
    const tag = String.fromCharCode(...[0, 1, 2, 3].map((k) => view.getUint8(record + k)));
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    if (offset + length > view.byteLength) throw new FontParseError(`The ${tag} table runs past the end of the file`);
    tables.set(tag, { offset, length });
  }
  return tables;
}

function table(tables: Tables, tag: string): { offset: number; length: number } {
  const found = tables.get(tag);
  if (!found) throw new FontParseError(`The font has no ${tag} table`);
  return found;
}

/** cmap format 4 (BMP) and 12 (all planes), Windows Unicode subtables; glyph 0 for anything missing. */
function readCmap(view: DataView, cmapOffset: number): (codePoint: number) => number {
  const count = view.getUint16(cmapOffset + 2);
  let format4: number | undefined;
  let format12: number | undefined;
  for (let i = 0; i < count; i++) {
    const record = cmapOffset + 4 + 8 * i;
    const platform = view.getUint16(record);
    const encoding = view.getUint16(record + 2);
    const subtable = cmapOffset + view.getUint32(record + 4);
    const format = view.getUint16(subtable);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 4) format4 ??= subtable;
    if (format === 12) format12 ??= subtable;
  }
  if (format12 !== undefined) {
    const groups = view.getUint32(format12 + 12);
    return (codePoint) => {
      for (let g = 0; g < groups; g++) {
        const group = format12 + 16 + 12 * g;
        const start = view.getUint32(group);
        if (codePoint >= start && codePoint <= view.getUint32(group + 4)) {
          return view.getUint32(group + 8) + (codePoint - start);
        }
      }
      return 0;
    };
  }
  if (format4 === undefined) throw new FontParseError('The font has no Unicode cmap');
  const subtable = format4;
  const segments = view.getUint16(subtable + 6) / 2;
  const endCodes = subtable + 14;
  const startCodes = endCodes + 2 * segments + 2;
  const deltas = startCodes + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (codePoint > view.getUint16(endCodes + 2 * s)) continue;
      const start = view.getUint16(startCodes + 2 * s);
      if (codePoint < start) return 0;
      const delta = view.getInt16(deltas + 2 * s);
      const rangeOffset = view.getUint16(rangeOffsets + 2 * s);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyphAddress = rangeOffsets + 2 * s + rangeOffset + 2 * (codePoint - start);
      const glyph = view.getUint16(glyphAddress);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** The legacy `kern` table, version 0, horizontal format-0 subtables: (left glyph << 16 | right glyph) -> value. */
function readKernTable(view: DataView, tables: Tables): Map<number, number> {
  const pairs = new Map<number, number>();
  const kern = tables.get('kern');
  if (!kern || view.getUint16(kern.offset) !== 0) return pairs;
  let subtable = kern.offset + 4;
  for (let t = view.getUint16(kern.offset + 2); t > 0; t--) {
    const length = view.getUint16(subtable + 2);
    const coverage = view.getUint16(subtable + 4);
    const horizontalFormat0 = (coverage & 0x1) === 1 && coverage >> 8 === 0 && (coverage & 0x4) === 0;
    if (horizontalFormat0) {
      const count = view.getUint16(subtable + 6);
      for (let p = 0; p < count; p++) {
        const pair = subtable + 14 + 6 * p;
        pairs.set(view.getUint16(pair) * 0x10000 + view.getUint16(pair + 2), view.getInt16(pair + 4));
      }
    }
    subtable += length;
  }
  return pairs;
}

export function parseFontMetrics(bytes: Uint8Array): FontMetrics {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = readTables(view);
  const head = table(tables, 'head');
  const hhea = table(tables, 'hhea');
  const hmtx = table(tables, 'hmtx');
  const unitsPerEm = view.getUint16(head.offset + 18);
  if (unitsPerEm < 16) throw new FontParseError(`Implausible unitsPerEm ${unitsPerEm}`);

  let ascender = view.getInt16(hhea.offset + 4);
  let descender = -view.getInt16(hhea.offset + 6);
  let lineGap = view.getInt16(hhea.offset + 8);
  let source: FontMetrics['source'] = 'hhea';
  const os2 = tables.get('OS/2');
  if (os2 && os2.length >= 78) {
    const fsSelection = view.getUint16(os2.offset + 62);
    const typo = {
      ascender: view.getInt16(os2.offset + 68),
      descender: -view.getInt16(os2.offset + 70),
      lineGap: view.getInt16(os2.offset + 72),
    };
    // Skia honours USE_TYPO_METRICS; FreeType (and so Skia otherwise) takes hhea, or typo, or win when hhea is zero.
    if (fsSelection & USE_TYPO_METRICS || (ascender === 0 && descender === 0 && (typo.ascender || typo.descender))) {
      ({ ascender, descender, lineGap } = typo);
      source = 'typo';
    } else if (ascender === 0 && descender === 0) {
      ascender = view.getUint16(os2.offset + 74);
      descender = view.getUint16(os2.offset + 76);
      lineGap = 0;
      source = 'win';
    }
  }

  const metricsCount = view.getUint16(hhea.offset + 34);
  const glyphOf = readCmap(view, table(tables, 'cmap').offset);
  const advanceOfGlyph = (glyph: number): number =>
    view.getUint16(hmtx.offset + 4 * Math.min(glyph, metricsCount - 1));
  // HarfBuzz applies the legacy kern table only when GPOS has no kern feature.
  const gpos = readGposKerning(view, tables);
  const kernPairs = gpos ? new Map<number, number>() : readKernTable(view, tables);

  return {
    unitsPerEm,
    ascender,
    descender,
    lineGap,
    source,
    bounds: {
      xMin: view.getInt16(head.offset + 36),
      yMin: view.getInt16(head.offset + 38),
      xMax: view.getInt16(head.offset + 40),
      yMax: view.getInt16(head.offset + 42),
    },
    advanceOf: (codePoint) => advanceOfGlyph(glyphOf(codePoint)),
    kerningOf: (left, right) => {
      const l = glyphOf(left);
      const r = glyphOf(right);
      if (gpos) return gpos(l, r);
      return kernPairs.get(l * 0x10000 + r) ?? 0;
    },
  };
}

/** CSS `tab-size` default: a tab advances to the next multiple of eight spaces (drawtext's `tabsize` is set to match). */
export const TAB_SIZE = 8;

/**
 * A line's advance width in pixels at `fontSize` (px per em): the sum of the advances plus pair
 * kerning, as the browser measures a `white-space: pre` line. No ligatures or contextual
 * alternates (GSUB), so a script face that swaps glyphs can measure a little differently.
 */
export function lineWidth(metrics: FontMetrics, line: string, fontSize: number): number {
  const tabStop = TAB_SIZE * metrics.advanceOf(0x20);
  let units = 0;
  let previous: number | undefined;
  for (const character of line) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (codePoint === 0x09) {
      units = tabStop > 0 ? (Math.floor(units / tabStop + 1e-9) + 1) * tabStop : units;
      previous = undefined;
      continue;
    }
    units += metrics.advanceOf(codePoint);
    if (previous !== undefined) units += metrics.kerningOf(previous, codePoint);
    previous = codePoint;
  }
  return (units * fontSize) / metrics.unitsPerEm;
}
