import type { EditorState } from '../../shared/editor/editor-state.ts';
import type { Db } from '../db/database.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import { gatherEditSources } from '../export/edit-sources.ts';
import type { Storage } from '../providers/storage/index.ts';
import { SpeechError } from '../providers/speech/speech.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { renderSequenceSound } from '../render/export/render-sequence-sound.ts';
import { withScratchDir } from '../render/scratch-dir.ts';

/**
 * Writes the sound of a project's sequence as it plays (shots' own sound and the voice lane, no music) to
 * `outputWav`, on the output timeline, so captions timed in it need no mapping (Services.sequenceSound).
 */
export type SequenceSoundRenderer = (project: VideoProjectRow, state: EditorState, outputWav: string, signal: AbortSignal) => Promise<void>;

/** The sequence's sound through the export's own audio graph, from the same sources the export fetches. */
export function createSequenceSound(deps: { db: Db; storage: Storage; ffmpeg: FfmpegBinaries }): SequenceSoundRenderer {
  return async (project, state, outputWav, signal) => {
    if (!project.videoKey) throw new SpeechError('The video is not ready yet.', 409);
    const videoKey = project.videoKey;
    await withScratchDir('sequence-sound', async (dir) => {
      const sources = await gatherEditSources(deps, { id: project.id, userId: project.userId, videoKey }, state, dir, { includeMusic: false });
      await renderSequenceSound(deps.ffmpeg, { state, sources, outputFile: outputWav, includeMusic: false, signal });
    });
  };
}
