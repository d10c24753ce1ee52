import path from 'node:path';
import { nearestAspectRatio } from '../../shared/editor/frame-geometry.ts';
import { UPLOAD_MAX_DURATION } from '../../shared/uploads.ts';
import type { Db } from '../db/database.ts';
import type { GenerationDeps } from '../generation/generate-video-job.ts';
import type { JobContext, JobDefinition, JobPayloads } from '../jobs/job-registry.ts';
import { findProject, updateProject } from '../projects/projects-repository.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { storageKey } from '../providers/storage/storage.ts';
import { FfmpegError, FfmpegTimeoutError } from '../render/ffmpeg-runner.ts';
import { storedFrameRate } from '../render/frame-rate.ts';
import { hdrColorOf } from '../render/hdr-tone-map.ts';
import { extractThumbnail, measureMedia, normalizeVideo } from '../render/media-operations.ts';
import { type MediaProbe, isFaststart } from '../render/probe-media.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { storeWatermarkedVideo, watermarkedVideoKey } from './watermarked-video.ts';
import {
  DURATION_MESSAGE,
  DURATION_TOLERANCE_SECONDS,
  NOT_PLAYABLE_MESSAGE,
  TOO_FAST_MESSAGE,
  UploadRefusedError,
  checkUploadedFile,
  isDurationAccepted,
  isPixelRateAccepted,
} from './upload-checks.ts';
import { findMediaAsset, recordMediaFacts, updateMediaAsset } from './media-assets-repository.ts';
import { placeRequestedShot } from './shot-placement.ts';
import { deleteUploadRows, failUploadProject, findMediaUpload, findProjectUpload } from './uploads-repository.ts';

/** The job of an upload: into a project (its own clip) or into one of its media assets; the id is the target's. */
export function uploadJobId(targetId: string): string {
  return `process-upload:${targetId}`;
}

/** Where an upload is processed to: the project's own clip, or an asset added to its media. */
interface UploadTarget {
  findUpload(): Promise<UploadRow | undefined>;
  /** Still waiting for this upload: not deleted, refused or ready. */
  isWaiting(): Promise<boolean>;
  refuse(message: string): Promise<void>;
  progress(percent: number): Promise<void>;
  keys: { videoKey: string; thumbnailKey: string };
  /** Records the stored video; false when the target stopped waiting meanwhile. */
  ready(stored: MediaProbe, keys: { videoKey: string; thumbnailKey: string }): Promise<boolean>;
}

type UploadRow = NonNullable<Awaited<ReturnType<typeof findProjectUpload>>>;

/** Stored uploads are at most 1080p-class on their long side and 60 frames per second (decision 008). */
const STORED_MAX_LONG_SIDE = 1920;
const STORED_MAX_FRAME_RATE = 60;

const TOO_SLOW_MESSAGE = 'This video took too long to process. Try a shorter or smaller one.';
const PROCESSING_FAILED_MESSAGE = 'The video could not be processed. Please upload it again.';

/** Time limits proportional to the media's length, generous enough for a busy 2-core machine. */
const measureTimeoutMs = (seconds: number) => Math.ceil(30_000 + seconds * 200);
const encodeTimeoutMs = (seconds: number) => Math.ceil(60_000 + seconds * 6_000);
const THUMBNAIL_TIMEOUT_MS = 30_000;

/**
 * Already what we store (H.264 yuv420p + AAC in MP4 with faststart, small enough, SDR): no need to re-encode.
 * HDR in that form is re-encoded, to be tone-mapped.
 */
async function isStoredForm(file: string, probe: MediaProbe, frameRate: number): Promise<boolean> {
  return (
    probe.videoCodec === 'h264' &&
    probe.pixelFormat === 'yuv420p' &&
    hdrColorOf(probe) === undefined &&
    probe.audioCodec === 'aac' &&
    probe.formatName.includes('mp4') &&
    probe.width % 2 === 0 &&
    probe.height % 2 === 0 &&
    frameRate <= STORED_MAX_FRAME_RATE &&
    // A variable rate (its header's average and base rate differ) is stored at a constant one.
    storedFrameRate(probe, STORED_MAX_FRAME_RATE) === undefined &&
    (await isFaststart(file))
  );
}

/** Removes the uploaded file and its row: the ticket is spent and nothing of it stays stored. */
export async function discardUpload(db: Db, storage: Storage, upload: { id: string; storageKey: string }): Promise<void> {
  await storage.delete([upload.storageKey]);
  await deleteUploadRows(db, [upload.id]);
}

/**
 * Turns an accepted upload into a ready project (`process-upload`): measures what the file really holds
 * (at most UPLOAD_MAX_DURATION of it is read), refuses it with a plain message on the project, or keeps it as
 * is / re-encodes it to the stored form, thumbnails it and marks the project ready. Every step is bounded in
 * time. A run after a crash starts again from the stored upload; stored keys are fixed, so nothing doubles.
 */
export function createProcessUploadJob(deps: GenerationDeps): JobDefinition<'process-upload'> {
  const { db, storage, ffmpeg } = deps;
  const now = deps.now ?? (() => new Date());

  /** The project's own clip (a project made from an upload). */
  function projectTarget(projectId: string): UploadTarget {
    return {
      findUpload: () => findProjectUpload(db, projectId),
      async isWaiting() {
        const project = await findProject(db, projectId);
        // An uploaded video being extended also says 'generating', but has a video already.
        return project?.status === 'generating' && project.videoKey === null;
      },
      async refuse(message) {
        await failUploadProject(db, projectId, message, now().toISOString());
      },
      async progress(percent) {
        await updateProject(db, projectId, { generationProgress: percent, updatedAt: now().toISOString() }, 'generating');
      },
      keys: { videoKey: storageKey('projects', projectId, 'video-upload.mp4'), thumbnailKey: storageKey('projects', projectId, 'thumbnail-upload.jpg') },
      async ready(stored, { videoKey, thumbnailKey }) {
        // The one place an uploaded project becomes ready (with its clip's media facts).
        return updateProject(
          db,
          projectId,
          {
            status: 'ready',
            aspectRatio: nearestAspectRatio(stored.width, stored.height),
            duration: Math.round(stored.durationSeconds * 100) / 100,
            resolution: `${Math.min(stored.width, stored.height)}p`,
            generationProgress: 100,
            videoKey,
            thumbnailKey,
            errorMessage: null,
            updatedAt: now().toISOString(),
          },
          'generating',
          stored,
        );
      },
    };
  }

  /** A clip added to a project's media (POST /api/projects/:id/media/complete-upload). */
  function assetTarget(projectId: string, mediaId: string): UploadTarget {
    return {
      findUpload: () => findMediaUpload(db, mediaId),
      isWaiting: async () => (await findMediaAsset(db, mediaId))?.status === 'generating',
      async refuse(message) {
        await updateMediaAsset(db, mediaId, { status: 'error', errorMessage: message, updatedAt: now().toISOString() }, 'generating');
      },
      // An asset shows no progress: it is generating until it is ready.
      progress: async () => {},
      keys: { videoKey: storageKey('projects', projectId, 'media', `${mediaId}.mp4`), thumbnailKey: storageKey('projects', projectId, 'media', `${mediaId}.jpg`) },
      ready: (stored, { videoKey, thumbnailKey }) =>
        db.transaction().execute(async (trx) => {
          const changes = { status: 'ready' as const, fileKey: videoKey, posterKey: thumbnailKey, duration: Math.round(stored.durationSeconds * 100) / 100, errorMessage: null, updatedAt: now().toISOString() };
          const ready = await updateMediaAsset(trx, mediaId, changes, 'generating');
          if (!ready) return false;
          await recordMediaFacts(trx, mediaId, stored);
          const asset = await findMediaAsset(trx, mediaId);
          if (asset) await placeRequestedShot(trx, asset, changes.duration, now());
          return true;
        }),
    };
  }

  const targetOf = ({ projectId, mediaId }: JobPayloads['process-upload']) =>
    mediaId && mediaId !== projectId ? assetTarget(projectId, mediaId) : projectTarget(projectId);

  /** The stored video and thumbnail, and what they hold. Throws UploadRefusedError. */
  async function process(target: UploadTarget, original: string, dir: string, context: JobContext) {
    const header = await checkUploadedFile(ffmpeg, original);
    const measured = await measureMedia(ffmpeg, original, {
      limitSeconds: UPLOAD_MAX_DURATION + 2 * DURATION_TOLERANCE_SECONDS,
      timeoutMs: measureTimeoutMs(UPLOAD_MAX_DURATION),
    });
    context.logger.info({ header: header.durationSeconds, measured }, 'upload measured');
    if (!isDurationAccepted(measured.seconds)) throw new UploadRefusedError(DURATION_MESSAGE);
    const frameRate = measured.frames / measured.seconds;
    if (!isPixelRateAccepted(header.width, header.height, frameRate)) throw new UploadRefusedError(TOO_FAST_MESSAGE);
    await target.progress(10);

    const seconds = Math.min(measured.seconds, UPLOAD_MAX_DURATION);
    let video = original;
    let final = header;
    const truthfulHeader = Math.abs(header.durationSeconds - measured.seconds) <= DURATION_TOLERANCE_SECONDS;
    if (!(truthfulHeader && (await isStoredForm(original, header, frameRate)))) {
      video = path.join(dir, 'video.mp4');
      let reported = 10;
      final = await normalizeVideo(ffmpeg, original, video, {
        probe: header,
        maxLongSide: STORED_MAX_LONG_SIDE,
        maxFrameRate: STORED_MAX_FRAME_RATE,
        durationSeconds: seconds,
        timeoutMs: encodeTimeoutMs(seconds),
        signal: context.signal,
        onProgress: (fraction) => {
          const percent = 10 + Math.floor(fraction * 80);
          if (percent - reported < 10) return;
          reported = percent;
          void target.progress(percent).catch(() => undefined);
        },
      });
    }
    const thumbnail = path.join(dir, 'thumbnail.jpg');
    await extractThumbnail(ffmpeg, video, thumbnail, Math.min(1, final.durationSeconds / 2), { timeoutMs: THUMBNAIL_TIMEOUT_MS, probe: final });
    return { video, thumbnail, final };
  }

  async function run(payload: JobPayloads['process-upload'], context: JobContext): Promise<void> {
    const target = targetOf(payload);
    const upload = await target.findUpload();
    if (!(await target.isWaiting())) {
      // Deleted meanwhile, or finished by an earlier run that stopped before it removed the upload.
      if (upload) await discardUpload(db, storage, upload);
      return;
    }
    if (!upload) {
      await target.refuse(PROCESSING_FAILED_MESSAGE);
      return;
    }

    const { keys } = target;
    const stored = await withScratchDir('process-upload', async (dir) => {
      const original = path.join(dir, 'original');
      await storage.downloadToFile(upload.storageKey, original);
      try {
        const made = await process(target, original, dir, context);
        // The free plan's watermarked copy is made before the video is ready (decision 007).
        await storeWatermarkedVideo(deps, made.video, keys.videoKey, { signal: context.signal, probe: made.final });
        await storage.putFile(keys.videoKey, made.video, 'video/mp4');
        await storage.putFile(keys.thumbnailKey, made.thumbnail, 'image/jpeg');
        return made.final;
      } catch (error) {
        const message = refusalMessage(error);
        if (message === undefined) throw error;
        context.logger.warn({ err: error }, 'upload refused');
        await target.refuse(message);
        return undefined;
      }
    });

    if (stored) {
      if (await target.ready(stored, keys)) context.logger.info({ duration: stored.durationSeconds }, 'upload ready');
      else await storage.delete([keys.videoKey, watermarkedVideoKey(keys.videoKey), keys.thumbnailKey]);
    }
    await discardUpload(db, storage, upload);
  }

  return {
    run,
    async fail(payload) {
      const target = targetOf(payload);
      await target.refuse(PROCESSING_FAILED_MESSAGE);
      const upload = await target.findUpload();
      if (upload) await discardUpload(db, storage, upload);
    },
    stillWanted: (payload) => targetOf(payload).isWaiting(),
  };
}

/** The plain sentence for a file we will not process; undefined for a failure of ours (storage, a bug). */
function refusalMessage(error: unknown): string | undefined {
  if (error instanceof UploadRefusedError) return error.message;
  if (error instanceof FfmpegTimeoutError) return TOO_SLOW_MESSAGE;
  // The checks passed, so ffmpeg failing on the file means the file is broken further in.
  if (error instanceof FfmpegError && error.exitCode !== null) return NOT_PLAYABLE_MESSAGE;
  return undefined;
}
