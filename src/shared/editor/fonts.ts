import type { FontFamily } from './editor-constants.ts';

/**
 * How each of the eight fonts reaches the browser: a file the server serves from /fonts, under a
 * CSS family name of our own, so no overlay ever falls back to a font the user's machine happens to
 * have (DESIGN §5 Fonts). 'Impact' cannot be redistributed: it is Anton's file under our name.
 */
export const FONT_FACES: Record<FontFamily, { cssFamily: string; file: string }> = {
  Impact: { cssFamily: 'PromptReel Impact', file: 'anton.ttf' },
  Anton: { cssFamily: 'PromptReel Anton', file: 'anton.ttf' },
  'Bebas Neue': { cssFamily: 'PromptReel Bebas Neue', file: 'bebas-neue.ttf' },
  Lobster: { cssFamily: 'PromptReel Lobster', file: 'lobster.ttf' },
  Oswald: { cssFamily: 'PromptReel Oswald', file: 'oswald-bold.ttf' },
  'Roboto Condensed': { cssFamily: 'PromptReel Roboto Condensed', file: 'roboto-condensed-bold.ttf' },
  Montserrat: { cssFamily: 'PromptReel Montserrat', file: 'montserrat-extrabold.ttf' },
  'Permanent Marker': { cssFamily: 'PromptReel Permanent Marker', file: 'permanent-marker.ttf' },
};

export const FONT_URL_PREFIX = '/fonts/';

/** The colour emoji face: about 25 MB, so the editor fetches it only once some overlay holds an emoji. */
export const EMOJI_FACE = { cssFamily: 'PromptReel Emoji', file: 'noto-color-emoji.ttf' } as const;

/**
 * Faces for what the eight fonts have no glyphs for (emoji, Arabic, Hebrew, symbols such as ✓ ★ ♪ ➜), in
 * the order they are tried: emoji first, so a character both have (❤ ☀) shows in colour. Preview and export
 * load these very files, so a fallback glyph looks the same in both.
 */
export const FALLBACK_FACES = [
  EMOJI_FACE,
  { cssFamily: 'PromptReel Arabic', file: 'noto-sans-arabic-bold.ttf' },
  { cssFamily: 'PromptReel Hebrew', file: 'noto-sans-hebrew-bold.ttf' },
  { cssFamily: 'PromptReel Symbols', file: 'noto-sans-symbols-bold.ttf' },
  { cssFamily: 'PromptReel Symbols 2', file: 'noto-sans-symbols-2.ttf' },
] as const;

/** Every face text is drawn with: the eight fonts (Impact and Anton share a file) and the fallbacks. */
export const ALL_FONT_FACES: ReadonlyArray<{ cssFamily: string; file: string }> = [...Object.values(FONT_FACES), ...FALLBACK_FACES];

/** The fallback faces as a CSS font-family list, to follow a first choice. */
export const FALLBACK_FAMILIES = FALLBACK_FACES.map((face) => `'${face.cssFamily}'`).join(', ');

/** The CSS font-family list an overlay is drawn with: its own face, then the fallbacks. */
export function overlayFontFamilies(fontFamily: FontFamily): string {
  return `'${FONT_FACES[fontFamily].cssFamily}', ${FALLBACK_FAMILIES}`;
}
