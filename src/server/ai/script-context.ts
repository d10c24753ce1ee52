import type { EditorState } from '../../shared/editor/editor-state.ts';
import { layoutSequence } from '../../shared/editor/time-map.ts';
import type { MediaAssetRow, VideoProjectRow } from '../db/schema.ts';
import type { ScriptContext } from '../providers/text-model/text-model.ts';

/**
 * What a voice-over script is drafted from: the project's title and prompt, and its saved edit's shots in play
 * order, each with the prompt of the clip it cuts (an upload has none) and the seconds it shows on the output.
 */
export function scriptContext(
  project: Pick<VideoProjectRow, 'title' | 'prompt'>,
  state: Pick<EditorState, 'shots'>,
  media: ReadonlyArray<Pick<MediaAssetRow, 'id' | 'prompt'>>,
): ScriptContext {
  const prompts = new Map(media.map((asset) => [asset.id, asset.prompt ?? '']));
  const { spans, duration } = layoutSequence(state.shots);
  return {
    title: project.title,
    prompt: project.prompt,
    shots: state.shots.map((shot, index) => {
      const span = spans[index];
      return { prompt: prompts.get(shot.mediaId) ?? '', seconds: span ? span.end - span.start : 0 };
    }),
    seconds: duration,
  };
}
