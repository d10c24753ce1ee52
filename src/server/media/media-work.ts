import type { FeatureWork } from '../jobs/job-work.ts';
import { assetJobRef, failAssetIn, queueAssetJob } from './asset-jobs.ts';
import { listGeneratingAssets, listProjectMedia } from './media-assets-repository.ts';
import { watermarkedVideoKey } from './watermarked-video.ts';

/**
 * A project's media being made by a job of their own: a shot, a continuation, an extension's shot, a clip uploaded
 * into the project, a voice-over. The project's own clip (the asset with its id) is the project's work.
 */
export const mediaWork: FeatureWork = {
  jobs: ['generate-shot', 'extend-video', 'process-upload', 'generate-voiceover'],

  // An extension's shot is 'generating' alongside its project, which already counts that job.
  async countActive(db, userId) {
    const { count } = await db
      .selectFrom('mediaAssets')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .where('status', '=', 'generating')
      .where((eb) => eb('id', '!=', eb.ref('projectId')))
      .where('origin', '!=', 'extension')
      .executeTakeFirstOrThrow();
    return Number(count);
  },

  async requeueUnfinished(db, queue) {
    const assets = await listGeneratingAssets(db);
    for (const asset of assets) await queueAssetJob(queue, asset);
    const extensions = assets.filter((asset) => asset.origin === 'extension').length;
    const voiceovers = assets.filter((asset) => asset.origin === 'voice').length;
    return { extensions, shots: assets.length - extensions - voiceovers, voiceovers };
  },

  async projectWork(db, project) {
    const assets = (await listProjectMedia(db, project.id)).filter((asset) => asset.id !== project.id);
    const generating = assets.filter((asset) => asset.status === 'generating');
    return {
      settle: async (trx, reason, at) => {
        for (const asset of generating) await failAssetIn(trx, asset, reason, at);
      },
      jobs: generating.map(assetJobRef),
      keys: assets.flatMap((asset) => [asset.fileKey, asset.fileKey && watermarkedVideoKey(asset.fileKey), asset.posterKey]),
    };
  },
};
