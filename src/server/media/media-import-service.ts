import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ImportableClip, MediaAsset } from '../../shared/schemas/media.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Logger } from '../logger.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import { findUserProject } from '../projects/projects-repository.ts';
import { ObjectNotFoundError, type Storage, storageKey } from '../providers/storage/storage.ts';
import { toMediaAsset } from './media-asset-view.ts';
import { findUserMediaAsset, insertMediaAsset, listUserVideosElsewhere } from './media-assets-repository.ts';
import { refuseWhenProjectFull, reserveMediaPlace } from './project-media-cap.ts';
import { watermarkedVideoKey } from './watermarked-video.ts';

export const CLIP_TO_IMPORT_NOT_FOUND = 'The clip to import was not found';
/** The most clips the import list offers: the newest, which is what a creator reaches for. */
const IMPORTABLE_LIMIT = 200;

interface MediaImportServiceDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  now?: () => Date;
}

/**
 * Bringing a creator's clip from one of their projects into another (issue 26): the new asset's files are copies,
 * not references, so deleting either project never breaks the other.
 */
export function createMediaImportService({ db, storage, logger, now = () => new Date() }: MediaImportServiceDeps) {
  async function ownProject(user: UserRow, projectId: string) {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    return project;
  }

  async function importable(user: UserRow, projectId: string): Promise<{ clips: ImportableClip[] }> {
    await ownProject(user, projectId);
    const rows = await listUserVideosElsewhere(db, user.id, projectId, IMPORTABLE_LIMIT);
    return { clips: rows.map(({ projectTitle, ...row }) => ({ ...toMediaAsset(row), projectId: row.projectId, projectTitle })) };
  }

  /**
   * A new ready asset of `projectId` whose master, poster and free-plan copy are copies of `mediaId`'s. A free
   * plan's copy the source lacks is made when first asked for, as for any asset (videoToServe).
   */
  async function importClip(user: UserRow, projectId: string, mediaId: string): Promise<{ media: MediaAsset }> {
    const project = await ownProject(user, projectId);
    const source = await findUserMediaAsset(db, user.id, mediaId);
    if (!source) throw notFound(CLIP_TO_IMPORT_NOT_FOUND);
    if (source.projectId === project.id) throw new HttpError(409, 'This clip is already in this project');
    if (source.kind !== 'video') throw badRequest('Only a video can be imported');
    if (source.status === 'generating') throw new HttpError(409, 'The clip to import is not ready yet');
    if (source.status === 'error' || !source.fileKey) throw new HttpError(409, 'The clip to import failed and has no video');
    await refuseWhenProjectFull(db, project.id);

    const id = randomUUID();
    const fileKey = storageKey('projects', project.id, 'media', `${id}.mp4`);
    const posterKey = source.posterKey ? storageKey('projects', project.id, 'media', `${id}${path.extname(source.posterKey) || '.jpg'}`) : null;
    const copied: string[] = [];
    const copy = async (from: string, to: string) => {
      await storage.copy(from, to);
      copied.push(to);
    };
    try {
      await copy(source.fileKey, fileKey);
      if (source.posterKey && posterKey) await copy(source.posterKey, posterKey);
      await copy(watermarkedVideoKey(source.fileKey), watermarkedVideoKey(fileKey)).catch((error: unknown) => {
        if (!(error instanceof ObjectNotFoundError)) throw error;
      });
      const at = now().toISOString();
      const asset = await db.transaction().execute(async (trx) => {
        await reserveMediaPlace(trx, user.id, project.id);
        return insertMediaAsset(trx, {
          id,
          projectId: project.id,
          userId: user.id,
          kind: 'video',
          origin: 'imported',
          status: 'ready',
          errorMessage: null,
          fileKey,
          posterKey,
          duration: source.duration,
          width: source.width,
          height: source.height,
          fps: source.fps,
          hasAudio: source.hasAudio,
          prompt: source.prompt,
          title: source.title,
          continueFrom: null,
          createdAt: at,
          updatedAt: at,
        });
      });
      return { media: toMediaAsset(asset) };
    } catch (error) {
      await storage.delete(copied).catch((cleanup: unknown) => logger.error({ err: cleanup, projectId, mediaId }, 'could not remove a failed import’s copies'));
      // The source's files went while copying (its project was deleted): as if it were never there.
      if (error instanceof ObjectNotFoundError) throw notFound(CLIP_TO_IMPORT_NOT_FOUND);
      throw error;
    }
  }

  return { importable, importClip };
}

export type MediaImportService = ReturnType<typeof createMediaImportService>;
