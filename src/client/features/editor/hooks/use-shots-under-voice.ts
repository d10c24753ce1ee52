import { useMemo } from 'react';
import { outputDuration, type EditorState } from '@shared/editor/editor-state';
import { voiceDuckingSpans, type SpeechSpan } from '@shared/editor/voice-ducking';
import type { MediaAsset } from '@shared/schemas/media';

/**
 * Where the shots' own sound is lowered under the voice-over (the voice clip's `duck`), as the export lowers it: each
 * voice-over stops where its recording does (its length from the project's media). A new list only when the shots,
 * the audio lanes or the media change, so the player is not re-synced by other edits.
 */
export function useShotsUnderVoice({ shots, audioClips }: Pick<EditorState, 'shots' | 'audioClips'>, media: readonly MediaAsset[]): readonly SpeechSpan[] {
  return useMemo(
    () => voiceDuckingSpans({ audioClips }, outputDuration({ shots }), 'shots', (mediaId) => media.find((asset) => asset.id === mediaId)?.duration),
    [shots, audioClips, media],
  );
}
