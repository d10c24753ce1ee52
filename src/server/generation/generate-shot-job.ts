import path from 'node:path';
import type { VideoAspectRatio, VideoResolution } from '../../shared/generation.ts';
import { refundCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { MediaAssetRow, VideoProjectRow } from '../db/schema.ts';
import type { JobContext, JobDefinition } from '../jobs/job-registry.ts';
import { UserFacingError, withPlainFailures } from '../jobs/plain-failures.ts';
import { findMediaAsset, recordMediaFacts, updateMediaAsset } from '../media/media-assets-repository.ts';
import { placeRequestedShot } from '../media/shot-placement.ts';
import { storeWatermarkedVideo } from '../media/watermarked-video.ts';
import { findProject } from '../projects/projects-repository.ts';
import { storageKey } from '../providers/storage/storage.ts';
import type { ProviderVideo } from '../providers/video-model/video-model.ts';
import { extractContinueFrame } from '../render/continue-frame.ts';
import { extractThumbnail, trimToDuration } from '../render/media-operations.ts';
import { type MediaProbe, probeMedia } from '../render/probe-media.ts';
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
  // An extension's new shot was charged as an extension, and is paid back as one.
  const refund = asset.origin === 'extension' ? 'extension-refund' : 'shot-refund';
  if (moved) await refundCredits(trx, asset.userId, asset.charged, refund, asset.projectId, now);
  return moved;
}

/** How a new shot's picture is made: from a prompt (starting on the asset's `continueFrom` frame, if any), or by Veo extending its own clip. */
export type ShotSource =
  | { kind: 'prompt'; prompt: string }
  | { kind: 'veo-extension'; prompt: string; video: ProviderVideo };

export interface ShotRequest {
  asset: MediaAssetRow;
  project: VideoProjectRow;
  source: ShotSource;
  /** A provider operation started before a restart, polled instead of starting (and paying for) a new one. */
  resumeOperation?: string;
  /** Called as soon as the provider's operation exists, so a restarted job can resume it. */
  onOperation?: (operation: string) => Promise<void>;
  /** The sentence the user reads when the provider no longer knows the model (the caller refunds). */
  unavailableMessage?: string;
}

/** A shot's files, stored and ready to be recorded on its asset (or removed if the asset is gone meanwhile). */
export interface MadeShot {
  fileKey: string;
  posterKey: string;
  watermarkedKey: string;
  probe: MediaProbe;
  /** Seconds, to the hundredth. */
  duration: number;
}

/** The ratio a video model is asked for: the project's, or landscape for a square upload (models make only these two). */
function modelAspect(aspectRatio: string): VideoAspectRatio {
  return aspectRatio === '9:16' ? '9:16' : '16:9';
}

/**
 * Makes the files of one shot of a project's sequence (issue 26) — the one generator behind a shot from a prompt
 * and an extension: one call to the video model at the project's aspect ratio and resolution (starting on a frame
 * of another asset when the asset continues one), or Veo's own extension of its clip; then, like a project's clip,
 * our encoding, a poster and the free plan's watermarked copy, all stored under the asset's id.
 */
export async function makeShot(deps: GenerationDeps, request: ShotRequest, context: JobContext): Promise<MadeShot> {
  const { db, storage, ffmpeg } = deps;
  const { asset, project, source } = request;
  const operation = { resumeOperation: request.resumeOperation, onOperation: request.onOperation, signal: context.signal, logger: context.logger };

  /** The start frame's PNG in `dir`, or undefined when the shot starts fresh. */
  async function startFrame(dir: string): Promise<string | undefined> {
    if (!asset.continueFrom) return undefined;
    const from = JSON.parse(asset.continueFrom) as ContinueFrom;
    const sourceAsset = await findMediaAsset(db, from.mediaId);
    if (!sourceAsset?.fileKey) throw new UserFacingError('The clip this shot continues was deleted. Your credits were refunded.');
    const sourceFile = path.join(dir, 'continued.mp4');
    await storage.downloadToFile(sourceAsset.fileKey, sourceFile);
    const frame = path.join(dir, 'start-frame.png');
    await extractContinueFrame(ffmpeg, sourceFile, frame, from.at);
    return frame;
  }

  return withScratchDir('shot', async (dir) => {
    const raw = path.join(dir, 'raw.mp4');
    const file = path.join(dir, 'shot.mp4');
    if (source.kind === 'veo-extension') {
      const extensionModel = deps.extensionModel ?? deps.videoModel;
      if (!extensionModel.extendVideo) throw new UserFacingError(request.unavailableMessage ?? SHOT_FAILED);
      const extend = extensionModel.extendVideo.bind(extensionModel);
      await callVideoModel(() => extend({ ...operation, prompt: source.prompt, video: source.video, outputFile: raw }), {
        role: 'video-extension',
        catalog: deps.catalog,
        log: context.logger,
        message: request.unavailableMessage,
      });
      // Veo hands back the whole, longer video: all of it is kept, in our encoding.
      const whole = await probeMedia(ffmpeg, raw);
      await trimToDuration(ffmpeg, raw, file, whole.durationSeconds, { signal: context.signal, probe: whole });
    } else {
      const startFrameFile = await startFrame(dir);
      await callVideoModel(
        () =>
          deps.videoModel.generateSegment({
            ...operation,
            prompt: source.prompt,
            aspectRatio: modelAspect(project.aspectRatio),
            resolution: (project.resolution === '1080p' ? '1080p' : '720p') as VideoResolution,
            durationSeconds: asset.duration,
            segmentIndex: 0,
            totalSegments: 1,
            startFrameFile,
            outputFile: raw,
          }),
        { role: 'video-generation', catalog: deps.catalog, log: context.logger, message: request.unavailableMessage },
      );
      await toStoredEncoding({ ffmpeg, videoModel: deps.videoModel }, raw, file, asset.duration, context.signal);
    }
    const probe = await probeMedia(ffmpeg, file);
    const poster = path.join(dir, 'poster.jpg');
    await extractThumbnail(ffmpeg, file, poster, Math.min(1, probe.durationSeconds / 2), { probe });

    const fileKey = storageKey('projects', asset.projectId, 'media', `${asset.id}.mp4`);
    const posterKey = storageKey('projects', asset.projectId, 'media', `${asset.id}.jpg`);
    const watermarkedKey = await storeWatermarkedVideo(deps, file, fileKey, { signal: context.signal, probe });
    await storage.putFile(fileKey, file, 'video/mp4');
    await storage.putFile(posterKey, poster, 'image/jpeg');
    return { fileKey, posterKey, watermarkedKey, probe, duration: Math.round(probe.durationSeconds * 100) / 100 };
  });
}

/** Makes one shot generated into a project's media (POST /api/projects/:id/media/generate), then marks its asset ready. */
export function createGenerateShotJob(deps: GenerationDeps): JobDefinition<'generate-shot'> {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function run({ mediaId }: { mediaId: string }, context: JobContext) {
    const asset = await findMediaAsset(db, mediaId);
    if (asset?.status !== 'generating') return; // deleted, or finished by an earlier run
    const project = await findProject(db, asset.projectId);
    if (!project) return;

    const made = await makeShot(deps, { asset, project, source: { kind: 'prompt', prompt: asset.prompt ?? project.prompt } }, context);
    const ready = await db.transaction().execute(async (trx) => {
      const moved = await updateMediaAsset(
        trx,
        mediaId,
        { status: 'ready', fileKey: made.fileKey, posterKey: made.posterKey, duration: made.duration, errorMessage: null, updatedAt: now().toISOString() },
        'generating',
      );
      if (!moved) return undefined;
      await recordMediaFacts(trx, mediaId, made.probe);
      return { placed: await placeRequestedShot(trx, asset, made.duration, now()) };
    });
    if (!ready) {
      await storage.delete([made.fileKey, made.posterKey, made.watermarkedKey]);
      return;
    }
    if (asset.sequenceRequest && !ready.placed) context.logger.warn({ mediaId }, 'the shot is in the media bin but could not be added to the edit');
    context.logger.info({ duration: made.duration, placed: ready.placed }, 'shot ready');
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
