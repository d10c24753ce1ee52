import path from 'node:path';
import type { VideoAspectRatio, VideoResolution } from '../../shared/generation.ts';
import { refundCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { MediaAssetRow } from '../db/schema.ts';
import type { JobContext, JobDefinition } from '../jobs/job-registry.ts';
import { UserFacingError, withPlainFailures } from '../jobs/plain-failures.ts';
import { findMediaAsset, recordMediaFacts, updateMediaAsset } from '../media/media-assets-repository.ts';
import { storeWatermarkedVideo } from '../media/watermarked-video.ts';
import { findProject } from '../projects/projects-repository.ts';
import { storageKey } from '../providers/storage/storage.ts';
import { extractFrameAt, extractLastFrame, extractThumbnail } from '../render/media-operations.ts';
import { probeMedia } from '../render/probe-media.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { type GenerationDeps, toStoredEncoding } from './generate-video-job.ts';
import { callVideoModel } from './video-unavailable.ts';

/** What the user reads when a shot fails for a reason only the log can explain. */
const SHOT_FAILED = 'The shot could not be made — please try again. Your credits were refunded.';

export function shotJobId(mediaId: string): string {
  return `generate-shot:${mediaId}`;
}

/** The frame a shot continues from, as stored on its asset. */
interface ContinueFrom {
  mediaId: string;
  /** Seconds into that asset; absent for its last frame. */
  at?: number;
}

/**
 * Marks a generating shot as failed with a sentence its owner reads, and gives back what it cost, in one
 * transaction; only the call that moves it out of 'generating' refunds, so nothing is paid back twice.
 */
export async function failShot(db: Db, mediaId: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction().execute((trx) => failShotIn(trx, mediaId, reason, now));
}

/** `failShot` inside the caller's transaction (deleting a project while its shots generate refunds this way). */
export async function failShotIn(trx: Db, mediaId: string, reason: string, now: Date): Promise<boolean> {
  const asset = await findMediaAsset(trx, mediaId);
  if (!asset) return false;
  const moved = await updateMediaAsset(trx, mediaId, { status: 'error', errorMessage: reason, updatedAt: now.toISOString() }, 'generating');
  if (moved) await refundCredits(trx, asset.userId, asset.charged, 'shot-refund', asset.projectId, now);
  return moved;
}

/**
 * Makes one shot of a project's sequence (issue 26): one call to the video model at the project's aspect
 * ratio and resolution, starting on a frame of another asset when it continues one; then, like a project's
 * clip, its encoding, poster and the free plan's watermarked copy, before the asset is ready.
 */
export function createGenerateShotJob(deps: GenerationDeps): JobDefinition<'generate-shot'> {
  const { db, storage, ffmpeg } = deps;
  const now = deps.now ?? (() => new Date());

  /** The start frame's PNG in `dir`, or undefined when the shot starts fresh. */
  async function startFrame(asset: MediaAssetRow, dir: string): Promise<string | undefined> {
    if (!asset.continueFrom) return undefined;
    const from = JSON.parse(asset.continueFrom) as ContinueFrom;
    const source = await findMediaAsset(db, from.mediaId);
    if (!source?.fileKey) throw new UserFacingError('The clip this shot continues was deleted. Your credits were refunded.');
    const sourceFile = path.join(dir, 'continued.mp4');
    await storage.downloadToFile(source.fileKey, sourceFile);
    const frame = path.join(dir, 'start-frame.png');
    if (from.at === undefined) await extractLastFrame(ffmpeg, sourceFile, frame);
    else await extractFrameAt(ffmpeg, sourceFile, frame, from.at);
    return frame;
  }

  async function run({ mediaId }: { mediaId: string }, context: JobContext) {
    const asset = await findMediaAsset(db, mediaId);
    if (asset?.status !== 'generating') return; // deleted, or finished by an earlier run
    const project = await findProject(db, asset.projectId);
    if (!project) return;
    const seconds = asset.duration;

    await withScratchDir('shot', async (dir) => {
      const raw = path.join(dir, 'raw.mp4');
      const startFrameFile = await startFrame(asset, dir);
      await callVideoModel(
        () =>
          deps.videoModel.generateSegment({
            prompt: asset.prompt ?? project.prompt,
            aspectRatio: project.aspectRatio as VideoAspectRatio,
            resolution: project.resolution as VideoResolution,
            durationSeconds: seconds,
            segmentIndex: 0,
            totalSegments: 1,
            startFrameFile,
            outputFile: raw,
            signal: context.signal,
            logger: context.logger,
          }),
        { role: 'video-generation', catalog: deps.catalog, log: context.logger },
      );
      const file = path.join(dir, 'shot.mp4');
      await toStoredEncoding({ ffmpeg, videoModel: deps.videoModel }, raw, file, seconds, context.signal);
      const probe = await probeMedia(ffmpeg, file);
      const poster = path.join(dir, 'poster.jpg');
      await extractThumbnail(ffmpeg, file, poster, Math.min(1, probe.durationSeconds / 2));

      const fileKey = storageKey('projects', asset.projectId, 'media', `${mediaId}.mp4`);
      const posterKey = storageKey('projects', asset.projectId, 'media', `${mediaId}.jpg`);
      const watermarkedKey = await storeWatermarkedVideo(deps, file, fileKey, { signal: context.signal });
      await storage.putFile(fileKey, file, 'video/mp4');
      await storage.putFile(posterKey, poster, 'image/jpeg');
      const ready = await db.transaction().execute(async (trx) => {
        const moved = await updateMediaAsset(
          trx,
          mediaId,
          { status: 'ready', fileKey, posterKey, duration: Math.round(probe.durationSeconds * 100) / 100, errorMessage: null, updatedAt: now().toISOString() },
          'generating',
        );
        if (moved) await recordMediaFacts(trx, mediaId, probe);
        return moved;
      });
      if (!ready) {
        await storage.delete([fileKey, posterKey, watermarkedKey]);
        return;
      }
      context.logger.info({ duration: probe.durationSeconds }, 'shot ready');
    });
  }

  return {
    run: withPlainFailures(run, SHOT_FAILED),
    async fail({ mediaId }, reason) {
      await failShot(db, mediaId, reason, now());
    },
    async stillWanted({ mediaId }) {
      // Ready is the run's own last step: only a deleted or failed asset stops it.
      const status = (await findMediaAsset(db, mediaId))?.status;
      return status === 'generating' || status === 'ready';
    },
  };
}
