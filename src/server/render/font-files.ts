import fs from 'node:fs';
import { createRequire } from 'node:module';
import { ALL_FONT_FACES } from '../../shared/editor/fonts.ts';

const require = createRequire(import.meta.url);

/** The TTF behind each served font file: the same file the browser shows and the export burns in. */
const SOURCES: Record<string, string> = {
  'anton.ttf': '@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf',
  'bebas-neue.ttf': '@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf',
  'lobster.ttf': '@expo-google-fonts/lobster/400Regular/Lobster_400Regular.ttf',
  'oswald-bold.ttf': '@expo-google-fonts/oswald/700Bold/Oswald_700Bold.ttf',
  'roboto-condensed-bold.ttf': '@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf',
  'montserrat-extrabold.ttf': '@expo-google-fonts/montserrat/800ExtraBold/Montserrat_800ExtraBold.ttf',
  'permanent-marker.ttf': '@expo-google-fonts/permanent-marker/400Regular/PermanentMarker_400Regular.ttf',
  'noto-color-emoji.ttf': '@expo-google-fonts/noto-color-emoji/400Regular/NotoColorEmoji_400Regular.ttf',
  'noto-sans-arabic-bold.ttf': '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  'noto-sans-hebrew-bold.ttf': '@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf',
  'noto-sans-symbols-bold.ttf': '@expo-google-fonts/noto-sans-symbols/700Bold/NotoSansSymbols_700Bold.ttf',
  'noto-sans-symbols-2.ttf': '@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf',
};

export class FontFilesMissingError extends Error {
  override name = 'FontFilesMissingError';
}

/** Absolute path of a served font file name, or undefined for a name we do not serve. */
export function fontFilePath(file: string): string | undefined {
  const source = Object.hasOwn(SOURCES, file) ? SOURCES[file] : undefined;
  if (!source) return undefined;
  try {
    return require.resolve(source);
  } catch {
    return undefined;
  }
}

/** Every file the editor draws text with: the eight fonts and their fallbacks. */
const SERVED_FONT_FILES: readonly string[] = [
  ...new Set(ALL_FONT_FACES.map((face) => face.file)),
];

/**
 * A missing font file would silently draw with another face (or as empty boxes), so start-up
 * checks that every font the editor offers is on disk.
 */
export function assertFontFilesPresent(): void {
  const missing = SERVED_FONT_FILES.filter((file) => {
    const found = fontFilePath(file);
    return !found || !fs.existsSync(found);
  });
  if (missing.length > 0) {
    throw new FontFilesMissingError(`Font files are missing (${missing.join(', ')}): run npm install.`);
  }
}
