import { isDeepStrictEqual } from 'node:util';
import { contextSequence } from '../../shared/ai/context-sequence.ts';
import { type EditorState, editorStateSchema } from '../../shared/editor/editor-state.ts';
import type { Suggestion, VideoContext } from '../../shared/schemas/ai.ts';
import { applySuggestion } from './apply-suggestion.ts';

/** Two edits look the same; overlays are compared without their ids, which only tell them apart in the editor. */
export function sameEdit(a: EditorState, b: EditorState): boolean {
  const look = (state: EditorState) => ({ ...state, textOverlays: state.textOverlays.map(({ id: _id, ...overlay }) => overlay) });
  return isDeepStrictEqual(look(a), look(b));
}

/**
 * The suggestions worth offering for this edit: those auto-apply would carry out with a change that
 * the edit's rules allow. Whichever engine wrote them, the edit never already has what is offered.
 */
export function usefulSuggestions(suggestions: Suggestion[], context: VideoContext): Suggestion[] {
  const state = contextSequence(context);
  const video = { title: context.title, duration: context.duration };
  return suggestions.filter((suggestion) => {
    const applied = applySuggestion(suggestion, state, video, () => 'offered');
    return !sameEdit(applied, state) && editorStateSchema.safeParse(applied).success;
  });
}
