import { randomUUID } from 'node:crypto';
import { MAX_SHOTS, SEQUENCE_FULL_MESSAGE } from '../../shared/editor/editor-constants.ts';
import { defaultEditorState, roundSeconds } from '../../shared/editor/editor-state.ts';
import { type ExtensionQuote, MAX_EXTENDED_DURATION } from '../../shared/schemas/ai.ts';
import type { Project } from '../../shared/schemas/project.ts';
import { spendCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { UserRow, VideoProjectRow } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import { startJob } from '../work/start-job.ts';
import type { Logger } from '../logger.ts';
import { findMediaAsset, insertMediaAsset } from '../media/media-assets-repository.ts';
import { reserveMediaPlace } from '../media/project-media-cap.ts';
import { UNREADABLE_EDIT_MESSAGE, readStoredEditorDocument } from '../projects/editor-document/editor-document.ts';
import { toProject } from '../projects/project-view.ts';
import { findUserProject, updateProject } from '../projects/projects-repository.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import type { VideoModel } from '../providers/video-model/video-model.ts';
import { extensionJobId, failExtension } from './extend-video-job.ts';
import { type ExtensionSubject, quoteExtension } from './extension-quote.ts';

const EXTENSION_CREDITS_MESSAGE = 'Insufficient credits. Upgrade to Pro for unlimited extensions.';
/** A frame before the last shot's `out`: the frame shown last (`out` itself is the first one not shown). */
const FRAME_BEFORE_OUT = 1 / 24 + 0.001;

interface ExtensionServiceDeps {
  db: Db;
  queue: Queue;
  /** What extends clips: decides whether Veo's own extension can be used (extendVideo). */
  extensionModel: Pick<VideoModel, 'extendVideo'>;
  /** Where a queue failure is logged (the user is told only that the service is unavailable). */
  logger?: Logger;
  /** Generations, extensions and exports a user may have queued or running (MAX_ACTIVE_JOBS_PER_USER). */
  maxActiveJobsPerUser: number;
  now?: () => Date;
}

/** The sequence an extension appends to, and where its new shot continues from. */
interface Sequence {
  subject: ExtensionSubject;
  /** The last shot's clip, at the frame it shows last (absent: the clip's last frame). */
  continueFrom: { mediaId: string; at?: number };
}

export function createExtensionService({
  db,
  queue,
  extensionModel,
  logger,
  maxActiveJobsPerUser,
  now = () => new Date(),
}: ExtensionServiceDeps) {
  function atMaximum(): HttpError {
    return badRequest(`This video is already at the ${MAX_EXTENDED_DURATION}-second maximum`);
  }

  /**
   * The saved edit's last shot and the output's length (an unedited project is its one clip). An edit this version
   * cannot read is never replaced, a full sequence takes no more shots, and a last shot still being made has no
   * frame to continue from.
   */
  async function sequenceOf(project: VideoProjectRow): Promise<Sequence> {
    const stored = readStoredEditorDocument(project.editorState, { projectId: project.id });
    if (stored.kind === 'unreadable') throw new HttpError(409, UNREADABLE_EDIT_MESSAGE);
    const shots = stored.kind === 'edit' ? stored.state.shots : defaultEditorState(project.id, project.duration).shots;
    if (shots.length >= MAX_SHOTS) throw badRequest(SEQUENCE_FULL_MESSAGE);
    const last = shots.at(-1)!;
    const clip = await findMediaAsset(db, last.mediaId);
    if (clip?.status !== 'ready' || clip.projectId !== project.id) throw new HttpError(409, 'The last shot is still being made');
    const frame = clip.fps ? 1 / clip.fps + 0.001 : FRAME_BEFORE_OUT;
    const at = last.out >= clip.duration - frame ? undefined : Math.max(last.in, roundSeconds(last.out - frame));
    return {
      subject: { outputDuration: project.outputDuration ?? project.duration, lastShot: last },
      continueFrom: { mediaId: last.mediaId, ...(at === undefined ? {} : { at }) },
    };
  }

  /** What extending the project now would add and cost this user, for the Extend dialog. */
  async function quote(user: UserRow, projectId: string): Promise<ExtensionQuote> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const offer = quoteExtension((await sequenceOf(project)).subject, project, extensionModel, user.subscription, now());
    if (!offer) throw atMaximum();
    return offer;
  }

  /**
   * Charges what the quote says (12 credits for 8 s; Pro: free), records the new shot as a generating media asset
   * (origin 'extension') that continues the last shot, holds the project's edit ('generating') and queues the job
   * that makes the shot and appends it. The asset holds the prompt and the charge, the project the job's id, so the
   * start-up sweep can queue a job lost before the queue got it.
   */
  async function extend(user: UserRow, projectId: string, prompt: string): Promise<Project> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (project.status !== 'ready' || !project.videoKey) throw new HttpError(409, 'The video is still being generated');
    const { subject, continueFrom } = await sequenceOf(project);
    const offer = quoteExtension(subject, project, extensionModel, user.subscription, now());
    if (!offer) throw atMaximum();
    const mediaId = randomUUID();
    const jobId = extensionJobId(mediaId);
    const startedAt = now().toISOString();
    await startJob({ db, queue, logger }, {
      userId: user.id,
      limit: maxActiveJobsPerUser,
      record: async (trx) => {
        await reserveMediaPlace(trx, user.id, projectId);
        const charged = await spendCredits(trx, user, offer.credits, 'extension', projectId, now());
        if (charged === null) throw new HttpError(402, EXTENSION_CREDITS_MESSAGE);
        const started = await updateProject(
          trx,
          projectId,
          {
            status: 'generating',
            generationProgress: 0,
            errorMessage: null,
            extensionJobId: jobId,
            extensionPrompt: prompt,
            extensionCharged: charged,
            extensionMethod: offer.method,
            updatedAt: startedAt,
          },
          'ready',
        );
        if (!started) throw new HttpError(409, 'The video is already being extended');
        await insertMediaAsset(trx, {
          id: mediaId,
          projectId,
          userId: user.id,
          kind: 'video',
          origin: 'extension',
          errorMessage: null,
          fileKey: null,
          posterKey: null,
          duration: offer.seconds,
          width: null,
          height: null,
          fps: null,
          hasAudio: null,
          prompt,
          continueFrom: JSON.stringify(continueFrom),
          charged,
          createdAt: startedAt,
          updatedAt: startedAt,
        });
      },
      job: () => ({ name: 'extend-video', payload: { projectId, mediaId }, jobId }),
      unqueued: {
        log: 'could not queue the extension',
        fields: { projectId },
        undo: () => failExtension(db, projectId, 'The extension could not be queued. Your credits were refunded.', now()),
        answer: new HttpError(503, 'The video service is unavailable right now. Your credits were refunded.'),
      },
    });
    return toProject({ ...project, status: 'generating', generationProgress: 0, errorMessage: null, updatedAt: startedAt });
  }

  return { quote, extend };
}

export type ExtensionService = ReturnType<typeof createExtensionService>;
