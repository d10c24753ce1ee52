import { GlobalFonts } from '@napi-rs/canvas';
import { ALL_FONT_FACES } from '../../../shared/editor/fonts.ts';
import { FontFilesMissingError, fontFilePath } from '../font-files.ts';

let registered = false;

/**
 * Gives Skia the served font files under the CSS family names the browser knows them by, once per
 * process, so the export's canvas finds exactly the faces (and fallbacks) the preview draws with.
 */
export function registerCanvasFonts(): void {
  if (registered) return;
  for (const face of ALL_FONT_FACES) {
    const file = fontFilePath(face.file);
    if (!file || !GlobalFonts.registerFromPath(file, face.cssFamily)) {
      throw new FontFilesMissingError(`Font file is missing or unreadable (${face.file}): run npm install.`);
    }
  }
  registered = true;
}
