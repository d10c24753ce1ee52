import path from 'node:path';
import { type EditorState, defaultEditorState } from '../../shared/editor/editor-state.ts';
import { NO_CAPTION_WORDS_MESSAGE } from '../../shared/schemas/speech.ts';
import type { TimedWord } from '../../shared/speech/timed-word.ts';
import { refundCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import type { JobContext, JobDefinition } from '../jobs/job-registry.ts';
import { UserFacingError, withPlainFailures } from '../jobs/plain-failures.ts';
import type { Logger } from '../logger.ts';
import { UNREADABLE_EDIT_MESSAGE, readProjectEditorDocument } from '../projects/editor-document/editor-document.ts';
import { findProject } from '../projects/projects-repository.ts';
import type { SpeechEngines } from '../providers/speech/speech-engines.ts';
import { SpeechError } from '../providers/speech/speech.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { findCaptionJob, updateCaptionJob } from './caption-jobs-repository.ts';
import { overlongForCaptions } from './captioned-length.ts';
import type { SequenceSoundRenderer } from './sequence-sound.ts';

const CAPTIONS_FAILED = 'The captions could not be made — please try again.';

export const NO_ALIGNER_MESSAGE =
  'Captions from a script are not available on this server: the operator needs to install the Debian packages pocketsphinx and pocketsphinx-en-us.';
export const NO_TRANSCRIBER_MESSAGE =
  'Transcription is not available on this server: the operator needs to install the Debian packages pocketsphinx and pocketsphinx-en-us, or configure a Google back-end or OPENAI_API_KEY.';

/** Captions from a voice-over none of whose words plays: a failure the creator reads, as NO_CAPTION_WORDS_MESSAGE is. */
export const NO_VOICE_WORDS_MESSAGE = 'No words of the voice-over are heard where it plays on the timeline.';

export function captionsJobId(captionJobId: string): string {
  return `make-captions:${captionJobId}`;
}

export interface CaptionsJobDeps {
  db: Db;
  speech: Pick<SpeechEngines, 'aligner' | 'transcriber'>;
  sequenceSound: SequenceSoundRenderer;
  now?: () => Date;
}

/** The saved edit of a project, or the untouched one when nobody has edited it yet. */
export function savedEdit(project: VideoProjectRow, logger: Logger): EditorState {
  const stored = readProjectEditorDocument(project, logger);
  if (stored.kind === 'unreadable') throw new UserFacingError(UNREADABLE_EDIT_MESSAGE);
  return stored.kind === 'edit' ? stored.state : defaultEditorState(project.id, project.duration);
}

/**
 * Fails a caption job with a sentence its owner reads and gives back what it cost (a transcription's credits), in
 * one transaction; only the call that moves it out of queued/running refunds.
 */
export async function failCaptionJob(db: Db, id: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction().execute((trx) => failCaptionJobIn(trx, id, reason, now));
}

/** `failCaptionJob` inside the caller's transaction (deleting a project while its captions are made refunds this way). */
export async function failCaptionJobIn(trx: Db, id: string, reason: string, now: Date): Promise<boolean> {
  const job = await findCaptionJob(trx, id);
  if (!job) return false;
  const message = job.charged > 0 ? `${reason} Your credits were refunded.` : reason;
  const moved = await updateCaptionJob(trx, id, { status: 'error', message, updatedAt: now.toISOString() }, ['queued', 'running']);
  if (moved && job.charged > 0) await refundCredits(trx, job.userId, job.charged, 'transcription-refund', job.projectId, now);
  return moved;
}

/** Captions from the sequence's own sound: its script timed by the aligner, or what the transcriber hears. */
export function createMakeCaptionsJob(deps: CaptionsJobDeps): JobDefinition<'make-captions'> {
  const { db, speech, sequenceSound } = deps;
  const now = deps.now ?? (() => new Date());

  async function captionWords(source: 'script' | 'transcribe', script: string | null, audioFile: string, signal: AbortSignal): Promise<TimedWord[]> {
    if (source === 'script') {
      if (!speech.aligner) throw new SpeechError(NO_ALIGNER_MESSAGE, 503);
      // The sequence's trims may cut the script's first or last words: captions are for the words heard.
      return speech.aligner.align({ audioFile, text: script ?? '', mayBeTrimmed: true, signal });
    }
    if (!speech.transcriber) throw new SpeechError(NO_TRANSCRIBER_MESSAGE, 503);
    return speech.transcriber.transcribe({ audioFile, signal });
  }

  async function run({ captionJobId }: { captionJobId: string }, context: JobContext) {
    const job = await findCaptionJob(db, captionJobId);
    if (!job || (job.status !== 'queued' && job.status !== 'running') || job.source === 'voice') return;
    const project = await findProject(db, job.projectId);
    if (!project) return;
    await updateCaptionJob(db, job.id, { status: 'running', updatedAt: now().toISOString() }, ['queued', 'running']);
    const state = savedEdit(project, context.logger);
    const overlong = overlongForCaptions(state);
    if (overlong) throw new UserFacingError(overlong);
    const words = await withScratchDir('captions', async (dir) => {
      const wav = path.join(dir, 'sequence.wav');
      try {
        await sequenceSound(project, state, wav, context.signal);
        return await captionWords(job.source === 'script' ? 'script' : 'transcribe', job.script, wav, context.signal);
      } catch (error) {
        throw error instanceof SpeechError ? new UserFacingError(error.message) : error;
      }
    });
    if (words.length === 0) throw new UserFacingError(NO_CAPTION_WORDS_MESSAGE);
    await updateCaptionJob(db, job.id, { status: 'done', words: JSON.stringify(words), message: null, updatedAt: now().toISOString() }, ['running']);
    context.logger.info({ words: words.length }, 'captions ready');
  }

  return {
    run: withPlainFailures(run, CAPTIONS_FAILED),
    async fail({ captionJobId }, reason) {
      await failCaptionJob(db, captionJobId, reason, now());
    },
    async stillWanted({ captionJobId }) {
      const status = (await findCaptionJob(db, captionJobId))?.status;
      return status !== undefined && status !== 'error';
    },
  };
}
