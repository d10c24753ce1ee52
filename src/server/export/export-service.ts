import { randomUUID } from 'node:crypto';
import { type ExportJobResponse, type ExportSettings, FOUR_K_PRO_ONLY } from '../../shared/schemas/export.ts';
import type { Db } from '../db/database.ts';
import type { ExportJobRow, UserRow } from '../db/schema.ts';
import { HttpError, forbidden, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import { findUserProject } from '../projects/projects-repository.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import { findUserExportJob, insertExportJob } from './export-jobs-repository.ts';

export const EXPORT_NOT_FOUND = 'Export not found';

export function exportJobId(id: string): string {
  return `export-video:${id}`;
}

export function toExportJobResponse(job: ExportJobRow): ExportJobResponse {
  return { status: job.status, progress: job.progress, outputUrl: job.outputUrl, errorMessage: job.errorMessage };
}

export function createExportService({ db, queue, now = () => new Date() }: { db: Db; queue: Queue; now?: () => Date }) {
  /** Queues an export of the project's saved edit; 4K is for pro users only. */
  async function start(user: UserRow, projectId: string, settings: ExportSettings): Promise<string> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (project.status !== 'ready') throw new HttpError(409, 'The video is still being generated');
    if (settings.resolution === '4K' && user.subscription !== 'pro') throw forbidden(FOUR_K_PRO_ONLY);
    const id = randomUUID();
    await insertExportJob(db, { id, projectId, userId: user.id, settings: JSON.stringify(settings), createdAt: now().toISOString() });
    await queue.enqueue('export-video', { exportJobId: id }, exportJobId(id));
    return id;
  }

  async function get(user: UserRow, id: string): Promise<ExportJobRow> {
    const job = await findUserExportJob(db, user.id, id);
    if (!job) throw notFound(EXPORT_NOT_FOUND);
    return job;
  }

  return { start, get };
}

export type ExportService = ReturnType<typeof createExportService>;
