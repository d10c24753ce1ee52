import fs from 'node:fs/promises';
import path from 'node:path';
import { SEGMENT_SECONDS, type VideoAspectRatio, type VideoResolution } from '../../shared/generation.ts';
import type { Db } from '../db/database.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import { recordJobTiming } from '../estimates/job-timings.ts';
import type { JobContext, JobDefinition } from '../jobs/job-registry.ts';
import { withPlainFailures } from '../jobs/plain-failures.ts';
import { findProject, updateProject } from '../projects/projects-repository.ts';
import { type WatermarkRenderer, storeWatermarkedVideo } from '../media/watermarked-video.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { storageKey } from '../providers/storage/storage.ts';
import type { ModelCatalog } from '../providers/catalog/model-catalog.ts';
import type { ProviderVideo, VideoModel } from '../providers/video-model/video-model.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { concatSegments, extractThumbnail, trimToDuration } from '../render/media-operations.ts';
import { probeMedia } from '../render/probe-media.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { GENERATION_FAILED, failGeneration } from './fail-generation.ts';
import { callVideoModel } from './video-unavailable.ts';
import { completeSegment, deleteSegments, findOrCreateSegment, saveSegmentOperation } from './segments-repository.ts';

export interface GenerationDeps {
  db: Db;
  storage: Storage;
  videoModel: VideoModel;
  /** Extends clips (services.extensionModel); the generation model when not given. */
  extensionModel?: VideoModel;
  /** Told when a provider no longer knows a configured model, so the admin panel and the log say so. */
  catalog?: Pick<ModelCatalog, 'reportNotFound'>;
  ffmpeg: FfmpegBinaries;
  /** Renders the free plan's watermarked copy of each master (the real rendition unless a test swaps it). */
  renderWatermark?: WatermarkRenderer;
  /** Tells the owner the video is ready (e-mail); failures are logged, never fail the job. */
  notifyReady: (project: VideoProjectRow) => Promise<void>;
  now?: () => Date;
}

/**
 * Brings a model's `raw` segment to our exact encoding at `file`: the offline renderer's already is; a
 * provider's is re-encoded, and cut to the `seconds` asked for (Veo always makes 8 s).
 */
export async function toStoredEncoding(
  { ffmpeg, videoModel }: { ffmpeg: FfmpegBinaries; videoModel: Pick<VideoModel, 'kind'> },
  raw: string,
  file: string,
  seconds: number,
  signal?: AbortSignal,
): Promise<void> {
  if (videoModel.kind !== 'offline') {
    await trimToDuration(ffmpeg, raw, file, seconds, { signal });
    return;
  }
  const probe = await probeMedia(ffmpeg, raw);
  if (probe.durationSeconds > seconds + 0.1) {
    await trimToDuration(ffmpeg, raw, file, seconds, { signal, probe });
  } else {
    await fs.rename(raw, file);
  }
}

/** Up to 95 % while segments are made; the join, the thumbnail and the watermarked copy take the rest. */
const SEGMENTS_SHARE = 95;

/**
 * Makes a project's video: its 8-second segments in order (each continuing the last), stored as each
 * finishes so a restarted job resumes where it stopped, then joined, thumbnailed, copied with the free
 * plan's watermark (storeWatermarkedVideo) and marked ready.
 */
export function createGenerateVideoJob(deps: GenerationDeps): JobDefinition<'generate-video'> {
  const { db, storage, ffmpeg } = deps;
  const now = deps.now ?? (() => new Date());

  /** The segment's file; `stored` when an earlier run had made it already (a resumed job). */
  async function makeSegment(
    project: VideoProjectRow,
    index: number,
    previousFile: string | undefined,
    dir: string,
    context: JobContext,
  ): Promise<{ file: string; stored: boolean; providerVideo?: ProviderVideo }> {
    const target = project.targetDuration ?? project.totalSegments * SEGMENT_SECONDS;
    const seconds = Math.min(SEGMENT_SECONDS, target - index * SEGMENT_SECONDS);
    const segment = await findOrCreateSegment(db, project.id, index, now());
    const file = path.join(dir, `segment-${index}.mp4`);
    if (segment.storageKey) {
      await storage.downloadToFile(segment.storageKey, file);
      return { file, stored: true };
    }
    const raw = path.join(dir, `raw-${index}.mp4`);
    const made = await callVideoModel(
      () =>
        deps.videoModel.generateSegment({
          prompt: project.prompt,
          aspectRatio: project.aspectRatio as VideoAspectRatio,
          resolution: project.resolution as VideoResolution,
          durationSeconds: seconds,
          segmentIndex: index,
          totalSegments: project.totalSegments,
          previousSegmentFile: previousFile,
          outputFile: raw,
          resumeOperation: segment.operationName ?? undefined,
          onOperation: (operation) => saveSegmentOperation(db, project.id, index, operation),
          signal: context.signal,
          logger: context.logger,
        }),
      { role: 'video-generation', catalog: deps.catalog, log: context.logger },
    );
    // Segments are joined without re-encoding, so each must have our exact encoding.
    await toStoredEncoding({ ffmpeg, videoModel: deps.videoModel }, raw, file, seconds, context.signal);
    const key = storageKey('projects', project.id, 'segments', `${index}.mp4`);
    await storage.putFile(key, file, 'video/mp4');
    await completeSegment(db, project.id, index, key, now());
    // Only a video that is the provider's clip whole can be continued by the provider's own extension.
    const whole = project.totalSegments === 1 && seconds === SEGMENT_SECONDS;
    return { file, stored: false, providerVideo: whole ? made.providerVideo : undefined };
  }

  async function run({ projectId }: { projectId: string }, context: JobContext) {
    const initial = await findProject(db, projectId);
    if (!initial || initial.status !== 'generating') return; // deleted, or finished by an earlier run
    const project = initial;
    const log = context.logger;

    await withScratchDir('generate', async (dir) => {
      const files: string[] = [];
      let providerVideo: ProviderVideo | undefined;
      for (let index = 0; index < project.totalSegments; index += 1) {
        const { file, stored, ...made } = await makeSegment(project, index, files[index - 1], dir, context);
        providerVideo = made.providerVideo;
        files.push(file);
        const progress = Math.round(((index + 1) / project.totalSegments) * SEGMENTS_SHARE);
        const stillGenerating = await updateProject(
          db,
          projectId,
          { currentSegment: index + 1, generationProgress: progress, updatedAt: now().toISOString() },
          'generating',
        );
        if (!stillGenerating) return; // deleted or failed meanwhile
        log.info({ segment: index + 1, of: project.totalSegments, stored }, 'segment ready');
      }

      const joined = files.length === 1 ? files[0]! : path.join(dir, 'video.mp4');
      if (files.length > 1) await concatSegments(ffmpeg, files, joined, { signal: context.signal });
      const probe = await probeMedia(ffmpeg, joined);
      const thumbnail = path.join(dir, 'thumbnail.jpg');
      await extractThumbnail(ffmpeg, joined, thumbnail, Math.min(1, probe.durationSeconds / 2), { probe });

      const version = now().getTime().toString(36);
      const videoKey = storageKey('projects', projectId, `video-${version}.mp4`);
      const thumbnailKey = storageKey('projects', projectId, `thumbnail-${version}.jpg`);
      // The copy first: its encode is what may fail, and then no master is left behind unreferenced.
      const watermarkedKey = await storeWatermarkedVideo(deps, joined, videoKey, { signal: context.signal, probe });
      await storage.putFile(videoKey, joined, 'video/mp4');
      await storage.putFile(thumbnailKey, thumbnail, 'image/jpeg');
      const ready = await updateProject(
        db,
        projectId,
        {
          status: 'ready',
          duration: Math.round(probe.durationSeconds * 100) / 100,
          videoKey,
          thumbnailKey,
          currentSegment: project.totalSegments,
          generationProgress: 100,
          errorMessage: null,
          providerVideo: providerVideo ? JSON.stringify(providerVideo) : null,
          updatedAt: now().toISOString(),
        },
        'generating',
        probe,
      );
      if (!ready) {
        await storage.delete([videoKey, thumbnailKey, watermarkedKey]);
        return;
      }
      await storage.delete(await deleteSegments(db, projectId));
      log.info({ duration: probe.durationSeconds }, 'video ready');
      await recordJobTiming(
        db,
        { kind: 'generate', size: '', outputSeconds: project.targetDuration ?? probe.durationSeconds, requestedAt: project.createdAt, finishedAt: now() },
        log,
      );
      const finished = await findProject(db, projectId);
      if (finished) await deps.notifyReady(finished).catch((error: unknown) => log.error({ err: error }, 'ready e-mail failed'));
    });
  }

  return {
    run: withPlainFailures(run, GENERATION_FAILED),
    async fail({ projectId }, reason) {
      await failGeneration(db, projectId, reason, now());
    },
    async stillWanted({ projectId }) {
      // Ready is this job's own last step (the e-mail follows it): only a deleted or failed project stops it.
      const status = (await findProject(db, projectId))?.status;
      return status === 'generating' || status === 'ready';
    },
  };
}
