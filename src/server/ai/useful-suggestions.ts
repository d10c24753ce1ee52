import { isDeepStrictEqual } from 'node:util';
import { type EditorState, defaultEditorState, editorStateSchema } from '../../shared/editor/editor-state.ts';
import type { Suggestion, VideoContext } from '../../shared/schemas/ai.ts';
import { applySuggestion } from './apply-suggestion.ts';

/** Two edits look the same; overlays are compared without their ids, which only tell them apart in the editor. */
export function sameEdit(a: EditorState, b: EditorState): boolean {
  const look = (state: EditorState) => ({ ...state, textOverlays: state.textOverlays.map(({ id: _id, ...overlay }) => overlay) });
  return isDeepStrictEqual(look(a), look(b));
}

/** The edit a videoContext describes; what it leaves out is as a new project has it. */
function contextEditorState(context: VideoContext): EditorState {
  const untouched = defaultEditorState(context.duration);
  return {
    ...untouched,
    textOverlays: context.textOverlays,
    visualEffect: context.visualEffect,
    trim: context.trim ?? untouched.trim,
    audio: context.audio ?? untouched.audio,
    colorGrading: context.colorGrading ?? untouched.colorGrading,
  };
}

/**
 * The suggestions worth offering for this edit: those auto-apply would carry out with a change that
 * the edit's rules allow. Whichever engine wrote them, the edit never already has what is offered.
 */
export function usefulSuggestions(suggestions: Suggestion[], context: VideoContext): Suggestion[] {
  const state = contextEditorState(context);
  const video = { title: context.title, duration: context.duration };
  return suggestions.filter((suggestion) => {
    const applied = applySuggestion(suggestion, state, video, () => 'offered');
    return !sameEdit(applied, state) && editorStateSchema.safeParse(applied).success;
  });
}
