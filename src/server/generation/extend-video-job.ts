import path from 'node:path';
import { editorDocumentColumns, readStoredEditorDocument } from '../projects/editor-document/editor-document.ts';
import { type Shot, outputDuration, roundSeconds } from '../../shared/editor/editor-state.ts';
import { EXTENSION_SECONDS, MAX_EXTENDED_DURATION, extensionCredits } from '../../shared/schemas/ai.ts';
import type { ProviderRole } from '../../shared/schemas/admin.ts';
import type { VideoAspectRatio, VideoResolution } from '../../shared/generation.ts';
import { refundCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { JobContext, JobDefinition, JobPayloads } from '../jobs/job-registry.ts';
import { UserFacingError, withPlainFailures } from '../jobs/plain-failures.ts';
import { storeWatermarkedVideo, watermarkedVideoKey } from '../media/watermarked-video.ts';
import { recordMediaFacts } from '../media/media-assets-repository.ts';
import { findProject, updateProject } from '../projects/projects-repository.ts';
import { storageKey } from '../providers/storage/storage.ts';
import type { ProviderVideo } from '../providers/video-model/video-model.ts';
import { concatSegments, conformVideo } from '../render/media-operations.ts';
import { probeMedia } from '../render/probe-media.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import type { GenerationDeps } from './generate-video-job.ts';
import { liveProviderVideo } from './extension-quote.ts';
import { callVideoModel } from './video-unavailable.ts';
import { completeSegment, deleteSegments, findOrCreateSegment, saveSegmentOperation } from './segments-repository.ts';

/** Players and probes disagree on a clip's end by a few hundredths of a second. */
const TRIM_END_TOLERANCE = 0.1;

/** Why an extension failed, when only the log can explain it: "The extension failed: <this> Your credits were refunded." */
const EXTENSION_FAILED = 'Something went wrong while making it — please try again.';
/** The provider no longer knows the model that would extend the video. */
const EXTENSION_UNAVAILABLE = 'Video extension is unavailable right now.';
/** Veo's copy of the clip expired between pricing and running: the next try is priced from the last frame. */
const VEO_COPY_GONE = 'Veo no longer keeps this clip, so it could not continue it — please try again.';

/** The project's columns that describe an extension under way, once it is over. */
const NO_PENDING_EXTENSION = { extensionJobId: null, extensionPrompt: null, extensionCharged: null, extensionMethod: null } as const;

/**
 * A shot of the project's clip that ran to its old end now runs to the new one, and so do the overlays and the
 * music that lasted to the end of the old output; a deliberate cut, and a layer that ended earlier, stay where
 * they were.
 */
function extendTrim(json: string | null, projectId: string, oldDuration: number, newDuration: number): { editorState: string; outputDuration: number } | undefined {
  const stored = readStoredEditorDocument(json, { projectId });
  if (stored.kind !== 'edit') return undefined;
  const state = stored.state;
  const reachesEnd = (shot: Shot) => shot.mediaId === projectId && shot.out >= oldDuration - TRIM_END_TOLERANCE;
  if (!state.shots.some(reachesEnd)) return undefined;
  const shots = state.shots.map((shot) => (reachesEnd(shot) ? { ...shot, out: Math.round(newDuration * 100) / 100 } : shot));
  const oldOutput = outputDuration(state);
  const newOutput = roundSeconds(outputDuration({ shots }));
  const toTheEnd = <T extends { end: number }>(layer: T): T => (layer.end >= oldOutput - TRIM_END_TOLERANCE ? { ...layer, end: newOutput } : layer);
  return editorDocumentColumns({ ...state, shots, textOverlays: state.textOverlays.map(toTheEnd), audioClips: state.audioClips.map(toTheEnd) });
}

/**
 * Puts a project that was being extended back as it was, with `message` for its owner, and refunds what the
 * extension cost, in one transaction. Only the call that moves it out of 'generating' refunds, so a failure
 * recorded twice never pays back twice.
 */
export async function failExtension(db: Db, projectId: string, charged: number, message: string, now: Date): Promise<boolean> {
  return db.transaction().execute((trx) => failExtensionIn(trx, projectId, charged, message, now));
}

/** `failExtension` inside the caller's transaction (deleting a project during its extension refunds this way). */
export async function failExtensionIn(trx: Db, projectId: string, charged: number, message: string, now: Date): Promise<boolean> {
  const project = await findProject(trx, projectId);
  const restored = await updateProject(
    trx,
    projectId,
    { status: 'ready', generationProgress: 100, errorMessage: message, ...NO_PENDING_EXTENSION, updatedAt: now.toISOString() },
    'generating',
  );
  if (restored && project) await refundCredits(trx, project.userId, charged, 'extension-refund', projectId, now);
  return restored;
}

/**
 * Extends a ready video in one of two ways, chosen and priced when it was requested (extension-quote.ts):
 * Veo's own video extension continues a clip Veo made and returns the whole longer video; otherwise the
 * generation model starts a new shot from the video's last frame, which is conformed to the video's size
 * and rate and joined to it without re-encoding the original. The new master gets its own watermarked copy
 * and replaces the old one. The project is 'generating' meanwhile; a failure restores it as it was and
 * refunds. Credits follow what was added: a result shorter than priced pays back the difference.
 */
export function createExtendVideoJob(deps: GenerationDeps): JobDefinition<'extend-video'> {
  const { db, storage, ffmpeg } = deps;
  const extensionModel = deps.extensionModel ?? deps.videoModel;
  const now = deps.now ?? (() => new Date());

  /** Runs a provider call; a retryable refusal retries the job, an unknown model fails it at once. */
  const callModel = <T>(role: ProviderRole, call: () => Promise<T>, context: JobContext): Promise<T> =>
    callVideoModel(call, { role, catalog: deps.catalog, log: context.logger, message: EXTENSION_UNAVAILABLE });

  async function run({ projectId, prompt, charged, method = 'last-frame' }: JobPayloads['extend-video'], context: JobContext) {
    const project = await findProject(db, projectId);
    if (!project?.videoKey || project.status !== 'generating') return;
    const index = project.totalSegments;
    const log = context.logger;

    await withScratchDir('extend', async (dir) => {
      const current = path.join(dir, 'current.mp4');
      await storage.downloadToFile(project.videoKey!, current);
      const before = await probeMedia(ffmpeg, current);
      const frame = { width: before.width, height: before.height, frameRate: Math.round(before.frameRate) || 24 };
      const segment = await findOrCreateSegment(db, projectId, index, now());
      const made = path.join(dir, 'made.mp4');
      let providerVideo: ProviderVideo | undefined;
      if (segment.storageKey) {
        await storage.downloadToFile(segment.storageKey, made);
      } else {
        const raw = path.join(dir, 'raw.mp4');
        const operation = {
          outputFile: raw,
          resumeOperation: segment.operationName ?? undefined,
          onOperation: (name: string) => saveSegmentOperation(db, projectId, index, name),
          signal: context.signal,
          logger: context.logger,
        };
        if (method === 'veo-extension') {
          const video = liveProviderVideo(project.providerVideo, now());
          if (!video || !extensionModel.extendVideo) throw new UserFacingError(VEO_COPY_GONE);
          const extend = extensionModel.extendVideo.bind(extensionModel);
          ({ providerVideo } = await callModel('video-extension', () => extend({ ...operation, prompt, video }), context));
        } else {
          const aspect: VideoAspectRatio = before.width >= before.height ? '16:9' : '9:16';
          await callModel(
            'video-generation',
            () =>
              deps.videoModel.generateSegment({
                ...operation,
                prompt: `${prompt} (continuing: ${project.prompt})`.slice(0, 2000),
                aspectRatio: (['9:16', '16:9'].includes(project.aspectRatio) ? project.aspectRatio : aspect) as VideoAspectRatio,
                resolution: (project.resolution === '1080p' ? '1080p' : '720p') as VideoResolution,
                durationSeconds: Math.min(EXTENSION_SECONDS, MAX_EXTENDED_DURATION - before.durationSeconds),
                segmentIndex: index,
                totalSegments: index + 1,
                previousSegmentFile: current,
              }),
            context,
          );
        }
        await conformVideo(ffmpeg, raw, made, frame, { signal: context.signal });
        const key = storageKey('projects', projectId, 'segments', `${index}.mp4`);
        await storage.putFile(key, made, 'video/mp4');
        await completeSegment(db, projectId, index, key, now());
      }

      // Veo's extension is the whole video already; a shot from the last frame is joined to the original.
      let joined = made;
      if (method === 'last-frame') {
        // An upload keeps its own encoding; bring it to ours once so the join can copy streams.
        let original = current;
        if (project.source === 'upload') {
          original = path.join(dir, 'original-conformed.mp4');
          await conformVideo(ffmpeg, current, original, frame, { signal: context.signal });
        }
        joined = path.join(dir, 'joined.mp4');
        await concatSegments(ffmpeg, [original, made], joined, { signal: context.signal });
      }
      const after = await probeMedia(ffmpeg, joined);
      // To the tenth of a second: probes differ by a few hundredths (audio padding), which must not cost a credit.
      const added = Math.max(0, Math.round((after.durationSeconds - before.durationSeconds) * 10) / 10);
      const videoKey = storageKey('projects', projectId, `video-${now().getTime().toString(36)}.mp4`);
      // The copy first: its encode is what may fail, and then no master is left behind unreferenced.
      const watermarkedKey = await storeWatermarkedVideo(deps, joined, videoKey, { signal: context.signal });
      await storage.putFile(videoKey, joined, 'video/mp4');
      const overpaid = charged > 0 ? Math.max(0, charged - extensionCredits(added)) : 0;
      const done = await db.transaction().execute(async (trx) => {
        const updated = await updateProject(
          trx,
          projectId,
          {
            status: 'ready',
            ...extendTrim(project.editorState, project.id, before.durationSeconds, after.durationSeconds),
            videoKey,
            duration: Math.round(after.durationSeconds * 100) / 100,
            totalSegments: index + 1,
            currentSegment: index + 1,
            generationProgress: 100,
            errorMessage: null,
            providerVideo: providerVideo ? JSON.stringify(providerVideo) : null,
            ...NO_PENDING_EXTENSION,
            updatedAt: now().toISOString(),
          },
          'generating',
        );
        if (updated) await recordMediaFacts(trx, projectId, after);
        if (updated && overpaid > 0) await refundCredits(trx, project.userId, overpaid, 'extension-refund', projectId, now());
        return updated;
      });
      if (!done) {
        await storage.delete([videoKey, watermarkedKey]);
        return;
      }
      const replaced = [project.videoKey!, watermarkedVideoKey(project.videoKey!)];
      await storage.delete([...replaced, ...(await deleteSegments(db, projectId))]);
      log.info({ method, duration: after.durationSeconds, added, refunded: overpaid }, 'video extended');
    });
  }

  return {
    run: withPlainFailures(run, EXTENSION_FAILED),
    async fail({ projectId, charged }, reason) {
      await failExtension(db, projectId, charged, `The extension failed: ${reason} Your credits were refunded.`, now());
      await storage.delete(await deleteSegments(db, projectId));
    },
    async stillWanted({ projectId }) {
      return (await findProject(db, projectId))?.status === 'generating';
    },
  };
}
