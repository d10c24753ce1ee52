import { EXTENSION_COST, MAX_EXTENDED_DURATION } from '../../shared/schemas/ai.ts';
import type { Project } from '../../shared/schemas/project.ts';
import { spendCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import { toProject } from '../projects/project-view.ts';
import { findUserProject, updateProject } from '../projects/projects-repository.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';

export const EXTENSION_CREDITS_MESSAGE = 'Insufficient credits. Upgrade to Pro for unlimited extensions.';

export function createExtensionService({ db, queue, now = () => new Date() }: { db: Db; queue: Queue; now?: () => Date }) {
  /** Charges 12 credits (pro: free), puts the project back to generating and queues the continuation. */
  async function extend(user: UserRow, projectId: string, prompt: string): Promise<Project> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (project.status !== 'ready' || !project.videoKey) throw new HttpError(409, 'The video is still being generated');
    if (project.duration >= MAX_EXTENDED_DURATION) {
      throw badRequest(`This video is already at the ${MAX_EXTENDED_DURATION}-second maximum`);
    }
    const charged = await db.transaction().execute(async (trx) => {
      const spent = await spendCredits(trx, user, EXTENSION_COST, 'extension', projectId, now());
      if (spent === null) throw new HttpError(402, EXTENSION_CREDITS_MESSAGE);
      const started = await updateProject(
        trx,
        projectId,
        { status: 'generating', generationProgress: 0, errorMessage: null, updatedAt: now().toISOString() },
        'ready',
      );
      if (!started) throw new HttpError(409, 'The video is already being extended');
      return spent;
    });
    await queue.enqueue('extend-video', { projectId, prompt, charged }, `extend-video:${projectId}:${project.totalSegments}`);
    return toProject({ ...project, status: 'generating', generationProgress: 0, errorMessage: null });
  }

  return { extend };
}

export type ExtensionService = ReturnType<typeof createExtensionService>;
