import { ALL_FONT_FACES, EMOJI_FACE, FALLBACK_FAMILIES, FONT_FACES, FONT_URL_PREFIX } from '@shared/editor/fonts';

export type FontStatus = 'loading' | 'ready' | 'error';

interface Face {
  cssFamily: string;
  file: string;
}

/** Every face but the emoji one: small, always loaded. */
const ALWAYS: Face[] = ALL_FONT_FACES.filter((face) => face.cssFamily !== EMOJI_FACE.cssFamily);
const EMOJI: Face[] = [EMOJI_FACE];

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

/**
 * The UI's own sans-serif, then the overlays' fallback faces: an overlay's text quoted in a list or on a
 * timeline bar shows its emoji and symbols (✓ ★ ♪) as the frame does, where the system has no font for them.
 */
export const UI_TEXT_FONT_FAMILY = `ui-sans-serif, system-ui, sans-serif, ${FALLBACK_FAMILIES}`;

/** The CSS family of a font the UI names, quoted for a style attribute. */
export function cssFontFamily(family: keyof typeof FONT_FACES): string {
  return `'${FONT_FACES[family].cssFamily}'`;
}
