import { exportWork } from '../export/export-work.ts';
import type { JobName } from '../jobs/job-registry.ts';
import type { FeatureWork } from '../jobs/job-work.ts';
import { mediaWork } from '../media/media-work.ts';
import { musicWork } from '../music/music-work.ts';
import { projectWork } from '../projects/project-work.ts';
import { captionWork } from '../speech/caption-work.ts';

/**
 * Every feature whose rows record work a job does, in the order the restart sweep queues it again. The per-user job
 * cap, the restart sweep and project deletion read this list, never the features one by one; a job kind that is in
 * no entry here and not in `upkeepJobs` fails work-registry.test.ts.
 */
export const featureWork: readonly FeatureWork[] = [projectWork, exportWork, musicWork, mediaWork, captionWork];

/**
 * The server's own upkeep, which no user waits on and no restart must queue again: a free plan's watermarked copy
 * (queued again by whatever asks for it and finds none), the music library's tracks and the examples (queued at
 * every start-up).
 */
export const upkeepJobs: readonly JobName[] = ['watermark-video', 'render-music-library', 'render-example'];
