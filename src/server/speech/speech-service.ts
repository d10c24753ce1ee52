import { randomUUID } from 'node:crypto';
import type { MediaAsset } from '../../shared/schemas/media.ts';
import type { CaptionJobResponse, CaptionsRequest, VoiceoverRequest } from '../../shared/schemas/speech.ts';
import { isWordHeard, placedVoiceWords } from '../../shared/captions/voice-captions.ts';
import { voiceClips } from '../../shared/editor/editor-state.ts';
import type { TimedWord } from '../../shared/speech/timed-word.ts';
import { findUserById } from '../auth/users-repository.ts';
import { type CreditReason, spendCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { UserRow, VideoProjectRow } from '../db/schema.ts';
import { HttpError, badRequest, conflict, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import { UserFacingError } from '../jobs/plain-failures.ts';
import { startJob } from '../work/start-job.ts';
import type { Logger } from '../logger.ts';
import { toMediaAsset } from '../media/media-asset-view.ts';
import { findUserMediaAsset, insertMediaAsset } from '../media/media-assets-repository.ts';
import { reserveMediaPlace } from '../media/project-media-cap.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import { findUserProject } from '../projects/projects-repository.ts';
import { type SpeechEngines, synthesizerFor } from '../providers/speech/speech-engines.ts';
import { findUserCaptionJob, insertCaptionJob } from './caption-jobs-repository.ts';
import { failVoiceover, voiceoverJobId } from './generate-voiceover-job.ts';
import { NO_ALIGNER_MESSAGE, NO_TRANSCRIBER_MESSAGE, NO_VOICE_WORDS_MESSAGE, captionsJobId, failCaptionJob, savedEdit } from './make-captions-job.ts';
import { overlongForCaptions } from './captioned-length.ts';

/** Credits a free user pays (decision 042); pro users pay nothing, captions from a voice-over or a script are free. */
const VOICEOVER_COST = 2;
const TRANSCRIPTION_COST = 2;

interface SpeechServiceDeps {
  db: Db;
  queue: Queue;
  logger: Logger;
  speech: Pick<SpeechEngines, 'synthesizers' | 'aligner' | 'transcriber'>;
  maxActiveJobsPerUser: number;
  now?: () => Date;
}

/** Voice-overs and captions of a project (issue 27), to its owner only. */
export function createSpeechService({ db, queue, logger, speech, maxActiveJobsPerUser, now = () => new Date() }: SpeechServiceDeps) {
  async function ownProject(user: UserRow, projectId: string): Promise<VideoProjectRow> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    return project;
  }

  /** Takes `cost` inside the transaction (pro users nothing), or answers 402 as generation does. */
  async function charge(trx: Db, user: UserRow, cost: number, reason: CreditReason, what: string, projectId: string, at: Date): Promise<number> {
    const charged = await spendCredits(trx, user, cost, reason, projectId, at);
    if (charged === null) {
      const balance = (await findUserById(trx, user.id))?.credits ?? 0;
      throw new HttpError(402, `Insufficient credits. ${what} needs ${cost} credits and you have ${balance}. Upgrade to Pro for unlimited voice-overs.`);
    }
    return charged;
  }

  /** Charges a voice-over and records it as a generating audio asset in one transaction, then queues its synthesis. */
  async function createVoiceover(user: UserRow, projectId: string, input: VoiceoverRequest): Promise<{ media: MediaAsset }> {
    const project = await ownProject(user, projectId);
    if (!synthesizerFor(speech, input.voiceId)) throw badRequest('Unknown voice');
    const at = now();
    const id = randomUUID();
    const asset = await startJob({ db, queue, logger }, {
      userId: user.id,
      limit: maxActiveJobsPerUser,
      record: async (trx) => {
        await reserveMediaPlace(trx, user.id, project.id);
        const charged = await charge(trx, user, VOICEOVER_COST, 'voiceover', 'A voice-over', project.id, at);
        const created = await insertMediaAsset(trx, {
          id,
          projectId: project.id,
          userId: user.id,
          kind: 'audio',
          origin: 'voice',
          errorMessage: null,
          fileKey: null,
          posterKey: null,
          duration: 0,
          width: null,
          height: null,
          fps: null,
          hasAudio: 1,
          prompt: input.script,
          continueFrom: null,
          charged,
          words: null,
          voiceId: input.voiceId,
          createdAt: at.toISOString(),
          updatedAt: at.toISOString(),
        });
        return created;
      },
      job: () => ({ name: 'generate-voiceover', payload: { mediaId: id }, jobId: voiceoverJobId(id) }),
      unqueued: {
        log: 'could not queue the voice-over',
        fields: { projectId, mediaId: id },
        undo: () => failVoiceover(db, id, 'The voice-over could not be queued.', now()),
        answer: new HttpError(503, 'The voice service is unavailable right now. Your credits were refunded.'),
      },
    });
    return { media: toMediaAsset(asset) };
  }

  /** The project's saved edit, or 409 with the sentence its owner reads when it cannot be opened. */
  function readableEdit(project: VideoProjectRow) {
    try {
      return savedEdit(project, logger);
    } catch (error) {
      if (error instanceof UserFacingError) throw conflict(error.message);
      throw error;
    }
  }

  /**
   * A voice-over's words placed where the saved edit's clip of it plays them: every word of the recording, those its
   * trim cuts off included (the editor hides them until they are heard again, decision 055); none heard fails.
   */
  async function voiceCaptions(user: UserRow, project: VideoProjectRow, mediaId: string): Promise<TimedWord[]> {
    const asset = await findUserMediaAsset(db, user.id, mediaId);
    if (asset?.projectId !== project.id || asset.origin !== 'voice') throw notFound('Voice-over not found');
    if (asset.status !== 'ready' || !asset.words) throw conflict('The voice-over is not ready yet');
    const state = readableEdit(project);
    const clip = voiceClips(state).find((candidate) => candidate.source.mediaId === mediaId);
    if (!clip) throw badRequest('Put the voice-over on the timeline first');
    const words = placedVoiceWords(JSON.parse(asset.words) as TimedWord[], clip);
    return words.some((word) => isWordHeard(word, clip)) ? words : [];
  }

  /**
   * Starts captions: from a voice-over they are known at once (a job that is done, or failed when none of its words
   * is heard); from a script or a transcription a job times them in the sequence's sound. A transcription costs free
   * users credits.
   */
  async function createCaptions(user: UserRow, projectId: string, input: CaptionsRequest): Promise<{ jobId: string }> {
    const project = await ownProject(user, projectId);
    const at = now();
    const id = randomUUID();
    const base = { id, userId: user.id, projectId: project.id, createdAt: at.toISOString(), updatedAt: at.toISOString() };
    if (input.source === 'voice') {
      const words = await voiceCaptions(user, project, input.mediaId);
      const outcome =
        words.length > 0 ? { status: 'done' as const, message: null, words: JSON.stringify(words) } : { status: 'error' as const, message: NO_VOICE_WORDS_MESSAGE, words: null };
      await insertCaptionJob(db, { ...base, source: 'voice', script: null, ...outcome, charged: 0 });
      return { jobId: id };
    }
    if (input.source === 'script' && !speech.aligner) throw new HttpError(503, NO_ALIGNER_MESSAGE);
    if (input.source === 'transcribe' && !speech.transcriber) throw new HttpError(503, NO_TRANSCRIBER_MESSAGE);
    // Known from the edit; the job checks again, as the edit may grow before it runs.
    const overlong = overlongForCaptions(readableEdit(project));
    if (overlong) throw badRequest(overlong);
    await startJob({ db, queue, logger }, {
      userId: user.id,
      limit: maxActiveJobsPerUser,
      record: async (trx) => {
        const charged =
          input.source === 'transcribe' ? await charge(trx, user, TRANSCRIPTION_COST, 'transcription', 'A transcription', project.id, at) : 0;
        await insertCaptionJob(trx, {
          ...base,
          source: input.source,
          script: input.source === 'script' ? input.script : null,
          status: 'queued',
          message: null,
          words: null,
          charged,
        });
      },
      job: () => ({ name: 'make-captions', payload: { captionJobId: id }, jobId: captionsJobId(id) }),
      unqueued: {
        log: 'could not queue the captions',
        fields: { projectId, captionJobId: id },
        undo: () => failCaptionJob(db, id, 'The captions could not be queued.', now()),
        answer: new HttpError(503, 'The captions service is unavailable right now.'),
      },
    });
    return { jobId: id };
  }

  async function captionJob(user: UserRow, jobId: string): Promise<CaptionJobResponse> {
    const job = await findUserCaptionJob(db, user.id, jobId);
    if (!job) throw notFound('Caption job not found');
    return {
      status: job.status,
      ...(job.status === 'error' && job.message ? { message: job.message } : {}),
      ...(job.status === 'done' && job.words ? { words: JSON.parse(job.words) as TimedWord[] } : {}),
    };
  }

  return { createVoiceover, createCaptions, captionJob };
}

export type SpeechService = ReturnType<typeof createSpeechService>;
