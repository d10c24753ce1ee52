/**
 * Pair kerning from a font's GPOS `kern` feature (lookup type 2, also inside type 9 extensions), which
 * is the only kerning most Google Fonts carry and the one Chromium (HarfBuzz) applies. Advances only:
 * placements move ink, not the line's width.
 */

type Tables = ReadonlyMap<string, { offset: number; length: number }>;

const X_ADVANCE = 0x0004;

function valueRecordSize(format: number): number {
  let size = 0;
  for (let bit = format; bit; bit >>= 1) size += (bit & 1) * 2;
  return size;
}

/** The X advance adjustment of a value record, or 0 when the format has none. */
function xAdvance(view: DataView, record: number, format: number): number {
  if (!(format & X_ADVANCE)) return 0;
  return view.getInt16(record + valueRecordSize(format & (X_ADVANCE - 1)));
}

function coverageIndex(view: DataView, coverage: number, glyph: number): number {
  const format = view.getUint16(coverage);
  const count = view.getUint16(coverage + 2);
  if (format === 1) {
    for (let i = 0; i < count; i++) if (view.getUint16(coverage + 4 + 2 * i) === glyph) return i;
  } else if (format === 2) {
    for (let i = 0; i < count; i++) {
      const range = coverage + 4 + 6 * i;
      const start = view.getUint16(range);
      if (glyph >= start && glyph <= view.getUint16(range + 2)) return view.getUint16(range + 4) + glyph - start;
    }
  }
  return -1;
}

function glyphClass(view: DataView, classDef: number, glyph: number): number {
  const format = view.getUint16(classDef);
  if (format === 1) {
    const start = view.getUint16(classDef + 2);
    const count = view.getUint16(classDef + 4);
    return glyph >= start && glyph < start + count ? view.getUint16(classDef + 6 + 2 * (glyph - start)) : 0;
  }
  if (format === 2) {
    const count = view.getUint16(classDef + 2);
    for (let i = 0; i < count; i++) {
      const range = classDef + 4 + 6 * i;
      if (glyph >= view.getUint16(range) && glyph <= view.getUint16(range + 2)) return view.getUint16(range + 4);
    }
  }
  return 0;
}

/** The adjustment one PairPos subtable gives (left, right), or undefined when it does not cover `left`. */
function pairAdjustment(view: DataView, subtable: number, left: number, right: number): number | undefined {
  const format = view.getUint16(subtable);
  const index = coverageIndex(view, subtable + view.getUint16(subtable + 2), left);
  if (index < 0) return undefined;
  const format1 = view.getUint16(subtable + 4);
  const format2 = view.getUint16(subtable + 6);
  const size1 = valueRecordSize(format1);
  const pairSize = size1 + valueRecordSize(format2);
  if (format === 1) {
    const pairSet = subtable + view.getUint16(subtable + 10 + 2 * index);
    const count = view.getUint16(pairSet);
    for (let i = 0; i < count; i++) {
      const record = pairSet + 2 + i * (2 + pairSize);
      if (view.getUint16(record) === right) {
        return xAdvance(view, record + 2, format1) + xAdvance(view, record + 2 + size1, format2);
      }
    }
    return undefined; // format 1 lets a later subtable try the pair
  }
  if (format === 2) {
    const class1 = glyphClass(view, subtable + view.getUint16(subtable + 8), left);
    const class2 = glyphClass(view, subtable + view.getUint16(subtable + 10), right);
    const class2Count = view.getUint16(subtable + 14);
    const record = subtable + 16 + (class1 * class2Count + class2) * pairSize;
    return xAdvance(view, record, format1) + xAdvance(view, record + size1, format2);
  }
  return undefined;
}

/** PairPos subtables of each lookup the `kern` feature uses, in lookup order; empty when there are none. */
function kernLookups(view: DataView, gpos: number): number[][] {
  const featureList = gpos + view.getUint16(gpos + 6);
  const lookupList = gpos + view.getUint16(gpos + 8);
  const indices = new Set<number>();
  for (let f = view.getUint16(featureList) - 1; f >= 0; f--) {
    const record = featureList + 2 + 6 * f;
    if (String.fromCharCode(...[0, 1, 2, 3].map((k) => view.getUint8(record + k))) !== 'kern') continue;
    const feature = featureList + view.getUint16(record + 4);
    for (let i = view.getUint16(feature + 2) - 1; i >= 0; i--) indices.add(view.getUint16(feature + 4 + 2 * i));
  }
  return [...indices]
    .sort((a, b) => a - b)
    .map((index) => {
      const lookup = lookupList + view.getUint16(lookupList + 2 + 2 * index);
      const type = view.getUint16(lookup);
      const subtables: number[] = [];
      for (let s = 0; s < view.getUint16(lookup + 4); s++) {
        const subtable = lookup + view.getUint16(lookup + 6 + 2 * s);
        if (type === 2) subtables.push(subtable);
        else if (type === 9 && view.getUint16(subtable + 2) === 2) subtables.push(subtable + view.getUint32(subtable + 4));
      }
      return subtables;
    })
    .filter((subtables) => subtables.length > 0);
}

/** Kerning of a glyph pair in font units from GPOS, or undefined when the font's GPOS has no `kern` feature. */
export function readGposKerning(view: DataView, tables: Tables): ((left: number, right: number) => number) | undefined {
  const gpos = tables.get('GPOS');
  if (!gpos) return undefined;
  const lookups = kernLookups(view, gpos.offset);
  if (lookups.length === 0) return undefined;
  const memo = new Map<number, number>();
  return (left, right) => {
    const key = left * 0x10000 + right;
    let value = memo.get(key);
    if (value === undefined) {
      value = 0;
      for (const subtables of lookups) {
        for (const subtable of subtables) {
          const adjustment = pairAdjustment(view, subtable, left, right);
          if (adjustment !== undefined) {
            value += adjustment;
            break;
          }
        }
      }
      memo.set(key, value);
    }
    return value;
  };
}
