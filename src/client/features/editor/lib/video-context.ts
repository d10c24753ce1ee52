import type { EditorState } from '@shared/editor/editor-state';
import { sequenceSound, trimOf } from '@shared/editor/sequence-controls';
import type { VideoContext } from '@shared/schemas/ai';
import type { Project } from '@shared/schemas/project';

/** What the AI calls are told about the video: the project and the edit as it is on screen now. */
export function videoContextFor(
  project: Pick<Project, 'title' | 'prompt' | 'aspectRatio' | 'duration'>,
  state: EditorState,
): VideoContext {
  const { volume, muted } = sequenceSound(state);
  return {
    title: project.title.slice(0, 200),
    prompt: project.prompt.slice(0, 2000),
    aspectRatio: project.aspectRatio,
    duration: project.duration,
    textOverlays: state.textOverlays,
    visualEffect: state.visualEffect,
    trim: trimOf(state),
    colorGrading: state.colorGrading,
    audio: { volume, isMuted: muted },
  };
}
