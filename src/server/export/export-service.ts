import { randomUUID } from 'node:crypto';
import { type ExportJobResponse, type ExportSettings, FOUR_K_PRO_ONLY } from '../../shared/schemas/export.ts';
import { outputDuration } from '../../shared/editor/editor-state.ts';
import { outputLengthProblem } from '../../shared/editor/output-length.ts';
import type { Db } from '../db/database.ts';
import type { ExportJobRow, UserRow } from '../db/schema.ts';
import { estimateSeconds } from '../estimates/job-timings.ts';
import { HttpError, badRequest, forbidden, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import { startJob } from '../work/start-job.ts';
import { readStoredEditorDocument } from '../projects/editor-document/editor-document.ts';
import { findUserProject } from '../projects/projects-repository.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import { exportJobRefs, exportLane } from './export-lane.ts';
import { exportJobId, findPendingExport, findUserExportJob, insertExportJob, updatePendingExportJob } from './export-jobs-repository.ts';

export const EXPORT_NOT_FOUND = 'Export not found';
const EXPORT_ALREADY_FINISHED = 'This export has already finished.';

export function toExportJobResponse(job: ExportJobRow): ExportJobResponse {
  return { status: job.status, progress: job.progress, outputUrl: job.outputUrl, errorMessage: job.errorMessage };
}

/** The job's id, and how long this server's recent exports of its size say it takes (null: too few yet). */
export interface StartedExport {
  jobId: string;
  estimatedSeconds: number | null;
}

interface ExportServiceDeps {
  db: Db;
  queue: Queue;
  /** Generations, extensions and exports a user may have queued or running (MAX_ACTIVE_JOBS_PER_USER). */
  maxActiveJobsPerUser: number;
  now?: () => Date;
}

export function createExportService({ db, queue, maxActiveJobsPerUser, now = () => new Date() }: ExportServiceDeps) {
  /**
   * Queues an export of the project's saved edit as it is now (the job keeps a copy: edits made while it waits
   * are not in the file); 4K is for pro users only. While an export of the same edit with the same settings is
   * pending, asking again answers its id instead of rendering twice.
   */
  async function start(user: UserRow, projectId: string, settings: ExportSettings): Promise<StartedExport> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    if (project.status !== 'ready') throw new HttpError(409, 'The video is still being generated');
    if (settings.resolution === '4K' && user.subscription !== 'pro') throw forbidden(FOUR_K_PRO_ONLY);
    const stored = readStoredEditorDocument(project.editorState, { projectId });
    // An edit saved before outputs had a limit is refused here (the job refuses one queued before, too).
    const tooLong = stored.kind === 'edit' ? outputLengthProblem(stored.state) : undefined;
    if (tooLong) throw badRequest(tooLong);
    // The schema's key order, so equal settings are equal strings; the platform, when there is one, is part of them.
    const { resolution, format, quality, platform, captions = 'burned' } = settings;
    const settingsJson = JSON.stringify({ resolution, format, quality, platform, captions });
    const lane = exportLane({ settings: settingsJson, editorState: project.editorState, projectId, projectDuration: project.duration });
    const id = randomUUID();
    const jobId = await startJob({ db, queue }, {
      userId: user.id,
      limit: maxActiveJobsPerUser,
      existing: (trx) => findPendingExport(trx, projectId, settingsJson, project.editorState),
      record: async (trx) => {
        await insertExportJob(trx, { id, projectId, userId: user.id, settings: settingsJson, editorState: project.editorState, createdAt: now().toISOString() });
        return id;
      },
      job: () => ({ name: lane, payload: { exportJobId: id }, jobId: exportJobId(id) }),
    });
    const outputSeconds = stored.kind === 'edit' ? outputDuration(stored.state) : project.duration;
    return { jobId, estimatedSeconds: await estimateSeconds(db, { kind: 'export', size: settings.resolution, outputSeconds }) };
  }

  async function get(user: UserRow, id: string): Promise<ExportJobRow> {
    const job = await findUserExportJob(db, user.id, id);
    if (!job) throw notFound(EXPORT_NOT_FOUND);
    return job;
  }

  /**
   * Stops a pending export: the row says cancelled first (so a run that finishes meanwhile stores nothing),
   * then the queue drops the job or aborts its run, which kills its ffmpeg. Exports cost no credits, so there
   * is nothing to refund. Cancelling again answers the same; a finished export can no longer be cancelled.
   */
  async function cancel(user: UserRow, id: string): Promise<ExportJobRow> {
    const job = await get(user, id);
    if (job.status === 'completed') throw new HttpError(409, EXPORT_ALREADY_FINISHED);
    if (job.status === 'pending') {
      await updatePendingExportJob(db, id, { status: 'cancelled', completedAt: now().toISOString() });
      await queue.cancel(exportJobRefs(exportJobId(id)));
    }
    return get(user, id);
  }

  return { start, get, cancel };
}

export type ExportService = ReturnType<typeof createExportService>;
