import { defaultEditorState, outputDuration } from '../../shared/editor/editor-state.ts';
import type { ExportSettings } from '../../shared/schemas/export.ts';
import type { JobName } from '../jobs/job-registry.ts';
import { readStoredEditorDocument } from '../projects/editor-document/editor-document.ts';

/** The queue's two lanes of exports: each kind of job has its own slots in both queues (decision 009). */
type ExportLane = Extract<JobName, 'export-video' | 'export-long-video'>;

/**
 * An export longer than this, in seconds of 1080p output (a 4K second is four), takes the long lane (decision 052):
 * it renders in about as many seconds on two cores, so a short export waits at most about a minute behind one.
 */
const LONG_EXPORT_SECONDS = 60;

/** A 4K frame holds four 1080p frames' pixels; a 720p frame about half, counted as a whole so the rule stays plain. */
const WORK_PER_SECOND: Record<ExportSettings['resolution'], number> = { '720p': 1, '1080p': 1, '4K': 4 };

/**
 * The lane an export runs in, from what its row keeps (its settings and the edit it was started with; no edit: the
 * project's own clip whole). One user's long export then never holds another's short one (issue 42); within a lane
 * users take turns as before. The same row always gives the same lane, so a sweep re-queues it where it was.
 */
export function exportLane(job: { settings: string; editorState: string | null; projectId: string; projectDuration: number }): ExportLane {
  const stored = readStoredEditorDocument(job.editorState, { projectId: job.projectId });
  const seconds = stored.kind === 'edit' ? outputDuration(stored.state) : outputDuration(defaultEditorState(job.projectId, job.projectDuration));
  const { resolution } = JSON.parse(job.settings) as Pick<ExportSettings, 'resolution'>;
  return seconds * (WORK_PER_SECOND[resolution] ?? 1) > LONG_EXPORT_SECONDS ? 'export-long-video' : 'export-video';
}

/** Both lanes' queue entries of export `id`, for cancelling it wherever it was queued (an unknown id is ignored). */
export function exportJobRefs(jobId: string): Array<{ name: ExportLane; jobId: string }> {
  return [
    { name: 'export-video', jobId },
    { name: 'export-long-video', jobId },
  ];
}
