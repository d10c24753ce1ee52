import { randomUUID } from 'node:crypto';
import { type ExtensionQuote, MAX_EXTENDED_DURATION } from '../../shared/schemas/ai.ts';
import type { Project } from '../../shared/schemas/project.ts';
import { spendCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import { reserveJobSlot } from '../jobs/user-job-limit.ts';
import type { Logger } from '../logger.ts';
import { toProject } from '../projects/project-view.ts';
import { findUserProject, updateProject } from '../projects/projects-repository.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import type { VideoModel } from '../providers/video-model/video-model.ts';
import { failExtension } from './extend-video-job.ts';
import { quoteExtension } from './extension-quote.ts';

const EXTENSION_CREDITS_MESSAGE = 'Insufficient credits. Upgrade to Pro for unlimited extensions.';

/**
 * A new id for each extension: a failed one keeps its job (the database queue keeps the row, BullMQ the
 * last 1000), so an id made from the project alone would make the next try a duplicate that never runs.
 */
function newExtensionJobId(projectId: string): string {
  return `extend-video:${projectId}:${randomUUID()}`;
}

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

  /** What extending the project now would add and cost this user, for the Extend dialog. */
  async function quote(user: UserRow, projectId: string): Promise<ExtensionQuote> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const offer = quoteExtension(project, extensionModel, user.subscription, now());
    if (!offer) throw atMaximum();
    return offer;
  }

  /**
   * Charges what the quote says (12 credits for 8 s; Pro: free), puts the project back to generating and queues the continuation. The job's
   * id and payload are recorded with the charge, so the start-up sweep can queue a job lost before the queue got it.
   */
  async function extend(user: UserRow, projectId: string, prompt: string): Promise<Project> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (project.status !== 'ready' || !project.videoKey) throw new HttpError(409, 'The video is still being generated');
    const offer = quoteExtension(project, extensionModel, user.subscription, now());
    if (!offer) throw atMaximum();
    const jobId = newExtensionJobId(projectId);
    const startedAt = now().toISOString();
    const { charged, owner } = await db.transaction().execute(async (trx) => {
      const slot = await reserveJobSlot(trx, user.id, maxActiveJobsPerUser);
      const spent = await spendCredits(trx, user, offer.credits, 'extension', projectId, now());
      if (spent === null) throw new HttpError(402, EXTENSION_CREDITS_MESSAGE);
      const started = await updateProject(
        trx,
        projectId,
        {
          status: 'generating',
          generationProgress: 0,
          errorMessage: null,
          extensionJobId: jobId,
          extensionPrompt: prompt,
          extensionCharged: spent,
          extensionMethod: offer.method,
          updatedAt: startedAt,
        },
        'ready',
      );
      if (!started) throw new HttpError(409, 'The video is already being extended');
      return { charged: spent, owner: slot };
    });
    try {
      await queue.enqueue('extend-video', { projectId, prompt, charged, method: offer.method }, jobId, owner);
    } catch (error) {
      logger?.error({ err: error, projectId }, 'could not queue the extension');
      await failExtension(db, projectId, charged, 'The extension could not be queued. Your credits were refunded.', now());
      throw new HttpError(503, 'The video service is unavailable right now. Your credits were refunded.');
    }
    return toProject({ ...project, status: 'generating', generationProgress: 0, errorMessage: null, updatedAt: startedAt });
  }

  return { quote, extend };
}

export type ExtensionService = ReturnType<typeof createExtensionService>;
