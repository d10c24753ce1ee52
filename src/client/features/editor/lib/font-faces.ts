import { FONT_FAMILIES } from '@shared/editor/editor-constants';
import { FONT_FACES, FONT_URL_PREFIX } from '@shared/editor/fonts';

export type FontStatus = 'loading' | 'ready' | 'error';

let status: FontStatus = 'loading';
let started = false;
const listeners = new Set<() => void>();

function setStatus(next: FontStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

function fontFaceRules(): string {
  return FONT_FAMILIES.map((family) => {
    const { cssFamily, file } = FONT_FACES[family];
    return `@font-face { font-family: '${cssFamily}'; src: url('${FONT_URL_PREFIX}${file}') format('truetype'); font-display: block; }`;
  }).join('\n');
}

function isLoaded(cssFamily: string): boolean {
  for (const face of document.fonts) {
    if (face.family.replace(/^["']|["']$/g, '') === cssFamily && face.status === 'loaded') return true;
  }
  return false;
}

/**
 * Registers the eight editor faces once and loads them all. Overlays wait for this, so none is
 * ever measured or shown in a fallback font that the export would not use.
 */
export function loadEditorFonts(): void {
  if (started) return;
  started = true;
  const style = document.createElement('style');
  style.dataset.editorFonts = '';
  style.textContent = fontFaceRules();
  document.head.append(style);
  const families = FONT_FAMILIES.map((family) => FONT_FACES[family].cssFamily);
  Promise.all(families.map((cssFamily) => document.fonts.load(`32px '${cssFamily}'`)))
    .then(() => {
      setStatus(families.every(isLoaded) ? 'ready' : 'error');
    })
    .catch(() => {
      setStatus('error');
    });
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
