import path from 'node:path';
import { defaultEditorState, outputDuration } from '../../shared/editor/editor-state.ts';
import { outputLengthProblem } from '../../shared/editor/output-length.ts';
import { UNREADABLE_EDIT_MESSAGE, readProjectEditorDocument } from '../projects/editor-document/editor-document.ts';
import { type ExportSettings, exportSettingsSchema } from '../../shared/schemas/export.ts';
import { findUserById } from '../auth/users-repository.ts';
import type { Db } from '../db/database.ts';
import { recordJobTiming } from '../estimates/job-timings.ts';
import type { JobContext, JobDefinition } from '../jobs/job-registry.ts';
import { UserFacingError, withPlainFailures } from '../jobs/plain-failures.ts';
import { findProject } from '../projects/projects-repository.ts';
import { type Storage, storageKey } from '../providers/storage/storage.ts';
import { renderExport } from '../render/export/render-export.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { FfmpegCpuLimitError } from '../render/ffmpeg-runner.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { gatherEditSources } from './edit-sources.ts';
import { findExportJob, updatePendingExportJob } from './export-jobs-repository.ts';

export interface ExportDeps {
  db: Db;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
  /**
   * Exports render below normal CPU priority (EXPORT_NICENESS, 10 by default): on a busy machine another user's
   * clip being generated, which they wait for, takes the cores first (docs/benchmarks.md, job fairness).
   */
  exportNiceness: number;
  now?: () => Date;
}

/** Writes progress at most this often: the dialog polls every 2 s. */
const PROGRESS_WRITE_MS = 500;

const CONTENT_TYPES: Record<ExportSettings['format'], string> = { mp4: 'video/mp4', mov: 'video/quicktime' };

/** What the user reads when an export fails for a reason only the log can explain. */
const EXPORT_FAILED = 'The export failed — please try again.';

/** The export's ffmpeg ran out of the processor time its output's length allows (exportCpuBudgetSeconds). */
const TOO_MUCH_WORK = 'This edit takes more work to export than its length allows — remove some effects or text and try again.';

/**
 * Renders a project's saved edit in one ffmpeg pass (with music, after an audio-only measuring pass:
 * decision 018), stores the file and records where to download it. Idempotent: a finished job is left
 * alone, and a re-run after a crash renders again from scratch.
 * A failure is stored as a plain sentence; its detail (ffmpeg's command, stderr tail, graph) is logged.
 */
export function createExportVideoJob({ db, storage, ffmpeg, exportNiceness, now = () => new Date() }: ExportDeps): JobDefinition<'export-video' | 'export-long-video'> {
  async function run({ exportJobId }: { exportJobId: string }, context: JobContext) {
    const job = await findExportJob(db, exportJobId);
    if (!job || job.status !== 'pending') return;
    const project = await findProject(db, job.projectId);
    const owner = await findUserById(db, job.userId);
    if (!project?.videoKey || !owner) throw new UserFacingError('The project or its video no longer exists.');
    const settings = exportSettingsSchema.parse(JSON.parse(job.settings));
    // The edit as it was when Export was pressed; an export queued before jobs kept it renders the current one.
    const stored = readProjectEditorDocument({ id: project.id, editorState: job.editorState ?? project.editorState }, context.logger);
    if (stored.kind === 'unreadable') throw new UserFacingError(UNREADABLE_EDIT_MESSAGE);
    const log = context.logger.child({ projectId: project.id });
    const editorState = stored.kind === 'edit' ? stored.state : defaultEditorState(project.id, project.duration);
    const tooLong = outputLengthProblem(editorState);
    if (tooLong) throw new UserFacingError(tooLong);
    const sourceProject = { id: project.id, userId: project.userId, videoKey: project.videoKey };

    await withScratchDir('export', async (dir) => {
      const output = path.join(dir, `export.${settings.format}`);
      const sources = await gatherEditSources({ db, storage, ffmpeg }, sourceProject, editorState, dir);
      let lastWrite = 0;
      let lastPercent = -1;
      const progressWrites: Promise<unknown>[] = [];
      await updatePendingExportJob(db, exportJobId, { progress: 0 });
      await renderExport({ ...ffmpeg, niceness: exportNiceness }, {
        sourceFiles: sources.shots,
        outputFile: output,
        editorState,
        music: sources.music,
        voice: sources.voice,
        spec: { ...settings, watermark: owner.subscription !== 'pro' },
        signal: context.signal,
        onProgress: (fraction) => {
          // 99 at most until the file is stored; 100 means it can be downloaded.
          const percent = Math.min(99, Math.floor(fraction * 100));
          if (percent === lastPercent || Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = Date.now();
          lastPercent = percent;
          progressWrites.push(updatePendingExportJob(db, exportJobId, { progress: percent }).catch(() => undefined));
        },
      }).catch((error: unknown) => {
        if (!(error instanceof FfmpegCpuLimitError)) throw error;
        log.warn({ cpuSeconds: error.cpuSeconds }, 'export stopped at its processor-time budget');
        throw new UserFacingError(TOO_MUCH_WORK, { cause: error });
      });
      await Promise.all(progressWrites);
      const outputKey = storageKey('exports', `${exportJobId}.${settings.format}`);
      await storage.putFile(outputKey, output, CONTENT_TYPES[settings.format]);
      const completedAt = now();
      const completed = await updatePendingExportJob(db, exportJobId, {
        status: 'completed',
        progress: 100,
        outputKey,
        outputUrl: `/api/export-jobs/${exportJobId}/download`,
        completedAt: completedAt.toISOString(),
      });
      if (!completed) {
        await storage.delete([outputKey]);
        return;
      }
      log.info({ settings }, 'export completed');
      await recordJobTiming(
        db,
        { kind: 'export', size: settings.resolution, outputSeconds: outputDuration(editorState), requestedAt: job.createdAt, finishedAt: completedAt },
        log,
      );
    });
  }

  return {
    run: withPlainFailures(run, EXPORT_FAILED),
    async fail({ exportJobId }, reason) {
      await updatePendingExportJob(db, exportJobId, { status: 'failed', errorMessage: reason, completedAt: now().toISOString() });
    },
    async stillWanted({ exportJobId }) {
      // Completed is this job's own last step: only a cancelled, failed or deleted export stops it.
      const status = (await findExportJob(db, exportJobId))?.status;
      return status === 'pending' || status === 'completed';
    },
  };
}
