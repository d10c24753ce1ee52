import { type EditorState, outputDuration } from '../../shared/editor/editor-state.ts';

/** The longest sequence captions are timed in: the recogniser's and the aligner's own limit (ten minutes). */
const MAX_CAPTIONED_SECONDS = 600;

/**
 * Why a sequence is too long to caption, or null. Read from the edit, before its sound is rendered: rendering
 * an hour's sound only to have the recogniser refuse it costs most of a processor minute.
 */
export function overlongForCaptions(state: EditorState): string | null {
  return outputDuration(state) > MAX_CAPTIONED_SECONDS ? `The video is too long to caption: at most ${MAX_CAPTIONED_SECONDS / 60} minutes.` : null;
}
