import { randomUUID } from 'node:crypto';
import { shotCost } from '../../shared/generation.ts';
import type { GenerateMediaRequest, MediaAsset } from '../../shared/schemas/media.ts';
import { findUserById } from '../auth/users-repository.ts';
import { spendCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { MediaAssetRow, UserRow } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import { startJob } from '../work/start-job.ts';
import type { Logger } from '../logger.ts';
import { failShot, shotJobId } from '../generation/generate-shot-job.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import { findUserProject } from '../projects/projects-repository.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { findUserMediaAsset, insertMediaAsset, listProjectMedia } from './media-assets-repository.ts';
import { toMediaAsset } from './media-asset-view.ts';
import { reserveMediaPlace } from './project-media-cap.ts';
import { refuseUnplaceable, sequenceRequestColumn } from './shot-placement.ts';
import { type VideoToServe, videoToServe } from './watermarked-video.ts';

const MEDIA_NOT_FOUND = 'Media not found';

interface MediaAssetsServiceDeps {
  db: Db;
  storage: Storage;
  queue: Queue;
  logger: Logger;
  maxActiveJobsPerUser: number;
  now?: () => Date;
}

/** A project's media (issue 26): listing them, generating a shot into them, and which files of one to stream. */
export function createMediaAssetsService({ db, storage, queue, logger, maxActiveJobsPerUser, now = () => new Date() }: MediaAssetsServiceDeps) {
  async function ownProject(user: UserRow, projectId: string) {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    return project;
  }

  async function list(user: UserRow, projectId: string): Promise<{ media: MediaAsset[] }> {
    await ownProject(user, projectId);
    return { media: (await listProjectMedia(db, projectId)).map(toMediaAsset) };
  }

  /** The asset a shot continues from: the caller's own video, ready, and `at` within it. */
  async function continuedAsset(user: UserRow, from: NonNullable<GenerateMediaRequest['continueFrom']>): Promise<MediaAssetRow> {
    const source = await findUserMediaAsset(db, user.id, from.mediaId);
    if (!source) throw notFound('The clip to continue from was not found');
    if (source.kind !== 'video') throw badRequest('Only a video can be continued');
    if (source.status !== 'ready') throw new HttpError(409, 'The clip to continue from is not ready yet');
    if (from.at !== undefined && from.at > source.duration) {
      throw badRequest(`continueFrom.at must be at most the clip's length (${source.duration} s)`);
    }
    return source;
  }

  /**
   * Charges the shot pro rata (pro users nothing) and records it as a generating asset in one transaction,
   * so the balance is exact under concurrent requests, then queues its generation; a shot that cannot be
   * queued is failed and refunded at once. One asked to join a sequence that could not take it is refused first.
   */
  async function generate(user: UserRow, projectId: string, input: GenerateMediaRequest): Promise<{ media: MediaAsset }> {
    const project = await ownProject(user, projectId);
    if (input.continueFrom) await continuedAsset(user, input.continueFrom);
    const id = randomUUID();
    refuseUnplaceable(project, id, input.duration, input.addToSequence);
    const cost = shotCost(input.duration);
    const at = now();
    const asset = await startJob({ db, queue, logger }, {
      userId: user.id,
      limit: maxActiveJobsPerUser,
      record: async (trx) => {
        await reserveMediaPlace(trx, user.id, project.id);
        const charged = await spendCredits(trx, user, cost, 'shot', project.id, at);
        if (charged === null) {
          const balance = (await findUserById(trx, user.id))?.credits ?? 0;
          throw new HttpError(402, `Insufficient credits. This shot needs ${cost} credits and you have ${balance}. Upgrade to Pro for unlimited videos.`);
        }
        const created = await insertMediaAsset(trx, {
          id,
          projectId: project.id,
          userId: user.id,
          kind: 'video',
          origin: input.continueFrom ? 'continuation' : 'generated',
          errorMessage: null,
          fileKey: null,
          posterKey: null,
          duration: input.duration,
          width: null,
          height: null,
          fps: null,
          hasAudio: null,
          prompt: input.prompt,
          continueFrom: input.continueFrom ? JSON.stringify(input.continueFrom) : null,
          sequenceRequest: sequenceRequestColumn(input.addToSequence),
          charged,
          createdAt: at.toISOString(),
          updatedAt: at.toISOString(),
        });
        return created;
      },
      job: () => ({ name: 'generate-shot', payload: { mediaId: id }, jobId: shotJobId(id) }),
      unqueued: {
        log: 'could not queue the shot',
        fields: { projectId, mediaId: id },
        undo: () => failShot(db, id, 'The shot could not be queued. Your credits were refunded.', now()),
        answer: new HttpError(503, 'The video service is unavailable right now. Your credits were refunded.'),
      },
    });
    return { media: toMediaAsset(asset) };
  }

  async function ownAsset(user: UserRow, mediaId: string): Promise<MediaAssetRow> {
    const asset = await findUserMediaAsset(db, user.id, mediaId);
    if (!asset) throw notFound(MEDIA_NOT_FOUND);
    return asset;
  }

  /** Which stored video of an asset its owner streams: the master to pro users, the free plan's copy to free users. */
  async function videoOf(user: UserRow, mediaId: string): Promise<VideoToServe> {
    const asset = await ownAsset(user, mediaId);
    if (!asset.fileKey) throw notFound('The clip is not ready yet');
    // A voice-over is sound only: there is no picture to watermark, so every plan hears its one file.
    if (asset.kind === 'audio') return { key: asset.fileKey };
    return videoToServe({ storage, queue }, user, { id: asset.projectId, mediaId: asset.id, videoKey: asset.fileKey });
  }

  async function posterOf(user: UserRow, mediaId: string): Promise<string> {
    const asset = await ownAsset(user, mediaId);
    if (!asset.posterKey) throw notFound('No poster yet');
    return asset.posterKey;
  }

  return { list, generate, videoOf, posterOf };
}

export type MediaAssetsService = ReturnType<typeof createMediaAssetsService>;
