import type { FeatureWork } from '../jobs/job-work.ts';
import { listProcessingTrackIds } from './music-repository.ts';
import { musicUploadJobId } from './process-music-upload-job.ts';

/**
 * A user's music uploads being processed. Not counted toward the job cap: one per user is bounded apart (decision
 * 035, 053). A track belongs to its user, not to a project.
 */
export const musicWork: FeatureWork = {
  jobs: ['process-music-upload'],

  async requeueUnfinished(db, queue) {
    const trackIds = await listProcessingTrackIds(db);
    for (const trackId of trackIds) await queue.enqueue('process-music-upload', { trackId }, musicUploadJobId(trackId));
    return { musicTracks: trackIds.length };
  },
};
