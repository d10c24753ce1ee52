import { type EditorState, defaultEditorState } from '../editor/editor-state.ts';
import { withSequenceSound, withTrim } from '../editor/sequence-controls.ts';
import type { VideoContext } from '../schemas/ai.ts';

/** The context names no project, so the clip its one shot cuts needs a name of its own. */
const CONTEXT_CLIP_ID = 'context-clip';

/**
 * The sequence a videoContext (SPEC §7) describes, as the editor shows one: a shot of the clip cut at the trim,
 * with the context's sound. What the context leaves out is as a new project has it.
 */
export function contextSequence(context: VideoContext): EditorState {
  const untouched = defaultEditorState(CONTEXT_CLIP_ID, context.duration);
  const cut = context.trim ? withTrim(untouched.shots, context.trim) : untouched.shots;
  return {
    ...untouched,
    shots: withSequenceSound(cut, { volume: context.audio?.volume, muted: context.audio?.isMuted }),
    textOverlays: context.textOverlays,
    visualEffect: context.visualEffect,
    colorGrading: context.colorGrading ?? untouched.colorGrading,
  };
}
