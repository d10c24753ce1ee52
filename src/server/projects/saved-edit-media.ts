import { type EditorState, voiceClips } from '../../shared/editor/editor-state.ts';
import { MIN_SHOT_SECONDS } from '../../shared/editor/shot-edits.ts';
import type { MediaAssetRow } from '../db/schema.ts';
import { badRequest } from '../http/http-error.ts';

/** Rounding of a trim the editor keeps at the minimum (roundSeconds) must not refuse it. */
const LENGTH_TOLERANCE_SECONDS = 1e-6;

/** Each shot plays at least the editor's shortest piece: a 0-length shot saves, but no export can render it. */
export function checkShotLengths(shots: EditorState['shots']): void {
  shots.forEach((shot, index) => {
    if (shot.out - shot.in < MIN_SHOT_SECONDS - LENGTH_TOLERANCE_SECONDS) {
      throw badRequest(`Shot ${index + 1} is too short: a shot lasts at least ${MIN_SHOT_SECONDS} s`);
    }
  });
}

/**
 * Each clip of the voice lane plays a voice-over of this project that is ready: anything else saves, then never
 * exports. `media` is the project's assets (listProjectMedia).
 */
export function checkVoiceLane(state: Pick<EditorState, 'audioClips'>, media: readonly MediaAssetRow[]): void {
  const assets = new Map(media.map((asset) => [asset.id, asset]));
  for (const clip of voiceClips(state)) {
    const asset = assets.get(clip.source.mediaId);
    if (asset?.origin !== 'voice') throw badRequest('The voice lane names a clip that is not a voice-over of this project');
    if (asset.status === 'generating') throw badRequest('The voice-over on the voice lane is not ready yet');
    if (asset.status !== 'ready' || !asset.fileKey) throw badRequest('The voice-over on the voice lane failed: make it again or remove it');
  }
}
