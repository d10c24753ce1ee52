import type { EditorState } from '../../shared/editor/editor-state.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import { SpeechError } from '../providers/speech/speech.ts';

/**
 * Writes the sound of a project's sequence as it plays (shots' own sound and the voice lane, no music) to
 * `outputWav`, on the output timeline, so captions timed in it need no mapping (Services.sequenceSound).
 */
export type SequenceSoundRenderer = (project: VideoProjectRow, state: EditorState, outputWav: string, signal: AbortSignal) => Promise<void>;

/** Until the export's sound mixer (render/export/render-sequence-sound.ts) is wired in: captions from the sequence's sound say so. */
export const sequenceSoundUnavailable: SequenceSoundRenderer = () =>
  Promise.reject(new SpeechError('Captions from the sequence’s sound are not available yet on this server.', 503));
