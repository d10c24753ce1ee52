import { FONT_FACES, FALLBACK_FACES, FONT_URL_PREFIX } from '@shared/editor/fonts';

export type FontStatus = 'loading' | 'ready' | 'error';

interface Face {
  cssFamily: string;
  file: string;
}

const EMOJI_FAMILY = 'PromptReel Emoji';
/** The eight faces (Impact and Anton share a file), and the Arabic and Hebrew fallbacks: small, always loaded. */
const ALWAYS: Face[] = [...Object.values(FONT_FACES), ...FALLBACK_FACES.filter((face) => face.cssFamily !== EMOJI_FAMILY)];
/** The colour emoji face is about 25 MB: it is fetched only once some overlay holds an emoji. */
const EMOJI: Face[] = FALLBACK_FACES.filter((face) => face.cssFamily === EMOJI_FAMILY);

const EMOJI_PATTERN = /\p{Extended_Pictographic}/u;

export function hasEmoji(text: string): boolean {
  return EMOJI_PATTERN.test(text);
}

const faceStates = new Map<string, 'loading' | 'loaded' | 'failed'>();
const listeners = new Set<() => void>();
let status: FontStatus = 'loading';

function publish(): void {
  const states = [...faceStates.values()];
  const next: FontStatus = states.includes('failed') ? 'error' : states.includes('loading') ? 'loading' : 'ready';
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function loadFace({ cssFamily, file }: Face): void {
  if (faceStates.has(cssFamily)) return;
  faceStates.set(cssFamily, 'loading');
  const face = new FontFace(cssFamily, `url('${FONT_URL_PREFIX}${file}') format('truetype')`, { display: 'block' });
  document.fonts.add(face);
  face.load().then(
    () => {
      faceStates.set(cssFamily, 'loaded');
      publish();
    },
    () => {
      faceStates.set(cssFamily, 'failed');
      publish();
    },
  );
}

/**
 * Loads the faces overlays are drawn with, each once, through the FontFace API from the files the
 * export draws with too. Text waits for them: a face the browser substituted would lay out lines the
 * export does not produce. Status is 'loading' again while a face asked for later (emoji) arrives.
 */
export function loadEditorFonts({ emoji }: { emoji: boolean }): void {
  for (const face of emoji ? [...ALWAYS, ...EMOJI] : ALWAYS) loadFace(face);
  publish();
}

export function fontStatus(): FontStatus {
  return status;
}

export function subscribeFontStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The CSS family of a font the UI names, quoted for a style attribute. */
export function cssFontFamily(family: keyof typeof FONT_FACES): string {
  return `'${FONT_FACES[family].cssFamily}'`;
}
