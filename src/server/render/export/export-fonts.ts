import fs from 'node:fs';
import { FontFilesMissingError, fontFilePath } from '../font-files.ts';
import { parseFontMetrics } from './font-metrics.ts';
import type { ExportFont } from './text-layout.ts';

/** Finds the TTF behind a served font file name and its metrics; buildExportCommand takes one of these. */
export type FontLookup = (servedFile: string) => ExportFont;

const cache = new Map<string, ExportFont>();

/**
 * The served fonts, read and parsed once per process. A missing file throws rather than letting
 * drawtext fall back to another face (DESIGN §5 Fonts).
 */
export const loadExportFont: FontLookup = (servedFile) => {
  const cached = cache.get(servedFile);
  if (cached) return cached;
  const file = fontFilePath(servedFile);
  if (!file || !fs.existsSync(file)) {
    throw new FontFilesMissingError(`Font file is missing (${servedFile}): run npm install.`);
  }
  const font = { file, metrics: parseFontMetrics(fs.readFileSync(file)) };
  cache.set(servedFile, font);
  return font;
};
