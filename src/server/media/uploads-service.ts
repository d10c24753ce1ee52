import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { nearestAspectRatio } from '../../shared/editor/frame-geometry.ts';
import type { Project } from '../../shared/schemas/project.ts';
import type { completeUploadRequestSchema } from '../../shared/schemas/project.ts';
import { UPLOAD_MAX_BYTES } from '../../shared/uploads.ts';
import { createSecureToken, hashToken } from '../auth/secure-token.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { reserveJobSlot } from '../jobs/user-job-limit.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import { toProject } from '../projects/project-view.ts';
import { insertProject, updateProject } from '../projects/projects-repository.ts';
import { ObjectTooLargeError, type Storage, storageKey } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { discardUpload, uploadJobId } from './process-upload-job.ts';
import { UploadRefusedError, checkUploadedFile } from './upload-checks.ts';
import { advanceUpload, findUserUpload, insertUpload } from './uploads-repository.ts';

const UPLOAD_TTL_MS = 60 * 60 * 1000;
const UPLOAD_PATH = '/api/videos/uploads/';
const TOO_LARGE_MESSAGE = 'Maximum file size is 100MB';
export const NOT_OUR_URL_MESSAGE = 'Valid video URL is required: use the upload address this server gave you.';

type CompleteUploadInput = z.output<typeof completeUploadRequestSchema>;

interface UploadsServiceDeps {
  db: Db;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
  queue: Queue;
  logger: Logger;
  publicUrl: string;
  /** Jobs one user may have queued or running (MAX_ACTIVE_JOBS_PER_USER); an upload being processed is one. */
  maxActiveJobsPerUser: number;
  now?: () => Date;
}

export function createUploadsService({ db, storage, ffmpeg, queue, logger, publicUrl, maxActiveJobsPerUser, now = () => new Date() }: UploadsServiceDeps) {
  /** A single-use, expiring address to PUT one file to. */
  async function issue(user: UserRow): Promise<string> {
    const { token, hash } = createSecureToken();
    const id = randomUUID();
    const at = now();
    await insertUpload(db, {
      id,
      userId: user.id,
      tokenHash: hash,
      storageKey: storageKey('uploads', id),
      createdAt: at.toISOString(),
      expiresAt: new Date(at.getTime() + UPLOAD_TTL_MS).toISOString(),
    });
    return `${publicUrl}${UPLOAD_PATH}${token}`;
  }

  async function findOpenUpload(user: UserRow, token: string) {
    const upload = await findUserUpload(db, user.id, hashToken(token));
    if (!upload || upload.expiresAt <= now().toISOString()) return undefined;
    return upload;
  }

  /** Streams the body into storage; past 100 MB it stops, keeps nothing and answers 413. */
  async function receive(user: UserRow, token: string, body: Readable, contentType: string, declaredLength?: number) {
    const upload = await findOpenUpload(user, token);
    if (!upload || upload.status !== 'pending') throw notFound('This upload link is invalid, used or expired');
    if (declaredLength !== undefined && declaredLength > UPLOAD_MAX_BYTES) throw new HttpError(413, TOO_LARGE_MESSAGE);
    try {
      const stored = await storage.putStream(upload.storageKey, body, { contentType, maxBytes: UPLOAD_MAX_BYTES });
      await advanceUpload(db, upload.id, 'pending', 'uploaded', { sizeBytes: stored.size, contentType });
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw new HttpError(413, TOO_LARGE_MESSAGE);
      throw error;
    }
  }

  function tokenFromUrl(videoUrl: string): string | undefined {
    const expected = new URL(publicUrl);
    const url = new URL(videoUrl);
    if (url.origin !== expected.origin || !url.pathname.startsWith(UPLOAD_PATH)) return undefined;
    const token = url.pathname.slice(UPLOAD_PATH.length);
    return /^[\w-]{20,}$/.test(token) ? token : undefined;
  }

  /**
   * Accepts an uploaded file as a project that is being processed, after the cheap checks (a playable video
   * of an accepted length and size: otherwise 400 with the reason, and the file is gone). The `process-upload`
   * job does the rest; the answer does not wait for it.
   */
  async function complete(user: UserRow, input: CompleteUploadInput): Promise<Project> {
    const token = tokenFromUrl(input.videoURL);
    const upload = token ? await findOpenUpload(user, token) : undefined;
    if (!upload || upload.status !== 'uploaded') throw badRequest(NOT_OUR_URL_MESSAGE);
    if (!(await advanceUpload(db, upload.id, 'uploaded', 'checking'))) throw badRequest(NOT_OUR_URL_MESSAGE);

    let header;
    try {
      header = await withScratchDir('upload-check', async (dir) => {
        const file = path.join(dir, 'original');
        await storage.downloadToFile(upload.storageKey, file);
        return checkUploadedFile(ffmpeg, file);
      });
    } catch (error) {
      if (!(error instanceof UploadRefusedError)) {
        // Our failure, not the file's: the ticket stays usable.
        await advanceUpload(db, upload.id, 'checking', 'uploaded');
        throw error;
      }
      await discardUpload(db, storage, upload);
      throw badRequest(error.message);
    }

    const id = randomUUID();
    const at = now().toISOString();
    const { project, owner } = await db
      .transaction()
      .execute(async (trx) => {
        const slot = await reserveJobSlot(trx, user.id, maxActiveJobsPerUser);
        const created = await insertProject(trx, {
          id,
          userId: user.id,
          title: input.title,
          prompt: '',
          aspectRatio: nearestAspectRatio(header.width, header.height),
          status: 'generating',
          source: 'upload',
          resolution: `${Math.min(header.width, header.height)}p`,
          generationProgress: 0,
          targetDuration: null,
          videoUrl: null,
          thumbnailUrl: null,
          editorState: null,
          errorMessage: null,
          videoKey: null,
          thumbnailKey: null,
          createdAt: at,
          updatedAt: at,
        });
        await advanceUpload(trx, upload.id, 'checking', 'processing', { projectId: id });
        return { project: created, owner: slot };
      })
      .catch(async (error: unknown) => {
        // Too many jobs under way (429), or our failure: the ticket stays usable for a later try.
        await advanceUpload(db, upload.id, 'checking', 'uploaded');
        throw error;
      });
    try {
      await queue.enqueue('process-upload', { projectId: id }, uploadJobId(id), owner);
    } catch (error) {
      logger.error({ err: error, projectId: id }, 'could not queue the upload');
      await updateProject(db, id, { status: 'error', errorMessage: 'The video could not be queued.', updatedAt: at }, 'generating');
      await discardUpload(db, storage, upload);
      throw new HttpError(503, 'The video service is unavailable right now. Please upload the video again.');
    }
    return toProject(project);
  }

  return { issue, receive, complete };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
