import { randomUUID } from 'node:crypto';
import { EXTENSION_COST, MAX_EXTENDED_DURATION } from '../../shared/schemas/ai.ts';
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
import { failExtension } from './extend-video-job.ts';

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
  /** Where a queue failure is logged (the user is told only that the service is unavailable). */
  logger?: Logger;
  /** Generations, extensions and exports a user may have queued or running (MAX_ACTIVE_JOBS_PER_USER). */
  maxActiveJobsPerUser: number;
  now?: () => Date;
}

export function createExtensionService({ db, queue, logger, maxActiveJobsPerUser, now = () => new Date() }: ExtensionServiceDeps) {
  /**
   * Charges 12 credits (pro: free), puts the project back to generating and queues the continuation. The job's
   * id and payload are recorded with the charge, so the start-up sweep can queue a job lost before the queue got it.
   */
  async function extend(user: UserRow, projectId: string, prompt: string): Promise<Project> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (project.status !== 'ready' || !project.videoKey) throw new HttpError(409, 'The video is still being generated');
    if (project.duration >= MAX_EXTENDED_DURATION) {
      throw badRequest(`This video is already at the ${MAX_EXTENDED_DURATION}-second maximum`);
    }
    const jobId = newExtensionJobId(projectId);
    const { charged, owner } = await db.transaction().execute(async (trx) => {
      const slot = await reserveJobSlot(trx, user.id, maxActiveJobsPerUser);
      const spent = await spendCredits(trx, user, EXTENSION_COST, 'extension', projectId, now());
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
          updatedAt: now().toISOString(),
        },
        'ready',
      );
      if (!started) throw new HttpError(409, 'The video is already being extended');
      return { charged: spent, owner: slot };
    });
    try {
      await queue.enqueue('extend-video', { projectId, prompt, charged }, jobId, owner);
    } catch (error) {
      logger?.error({ err: error, projectId }, 'could not queue the extension');
      await failExtension(db, projectId, charged, 'The extension could not be queued. Your credits were refunded.', now());
      throw new HttpError(503, 'The video service is unavailable right now. Your credits were refunded.');
    }
    return toProject({ ...project, status: 'generating', generationProgress: 0, errorMessage: null });
  }

  return { extend };
}

export type ExtensionService = ReturnType<typeof createExtensionService>;
