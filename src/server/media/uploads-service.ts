import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Project } from '../../shared/schemas/project.ts';
import type { completeUploadRequestSchema } from '../../shared/schemas/project.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_DURATION, UPLOAD_MIN_DURATION } from '../../shared/uploads.ts';
import { createSecureToken, hashToken } from '../auth/secure-token.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import { toProject } from '../projects/project-view.ts';
import { insertProject } from '../projects/projects-repository.ts';
import { ObjectTooLargeError, type Storage, storageKey } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { extractThumbnail, normalizeVideo } from '../render/media-operations.ts';
import { type MediaProbe, NotAVideoError, isFaststart, probeMedia } from '../render/probe-media.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { nearestAspectRatio } from './aspect-ratio.ts';
import { advanceUpload, findUserUpload, insertUpload } from './uploads-repository.ts';

const UPLOAD_TTL_MS = 60 * 60 * 1000;
const UPLOAD_PATH = '/api/videos/uploads/';
export const TOO_LARGE_MESSAGE = 'Maximum file size is 100MB';
export const NOT_OUR_URL_MESSAGE = 'Valid video URL is required: use the upload address this server gave you.';

type CompleteUploadInput = z.output<typeof completeUploadRequestSchema>;

interface UploadsServiceDeps {
  db: Db;
  storage: Storage;
  ffmpeg: FfmpegBinaries;
  publicUrl: string;
  now?: () => Date;
}

/** Already what we store (H.264 yuv420p + AAC in MP4 with faststart): no need to re-encode. */
async function isStandardMp4(file: string, probe: MediaProbe): Promise<boolean> {
  return (
    probe.videoCodec === 'h264' &&
    probe.pixelFormat === 'yuv420p' &&
    probe.audioCodec === 'aac' &&
    probe.formatName.includes('mp4') &&
    probe.width % 2 === 0 &&
    probe.height % 2 === 0 &&
    (await isFaststart(file))
  );
}

export function createUploadsService({ db, storage, ffmpeg, publicUrl, now = () => new Date() }: UploadsServiceDeps) {
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
   * Turns an uploaded file into a ready project: probes it (not a video -> 400), keeps it as is when
   * it is already a standard MP4 or re-encodes it, records duration and aspect, makes a thumbnail.
   */
  async function complete(user: UserRow, input: CompleteUploadInput): Promise<Project> {
    const token = tokenFromUrl(input.videoURL);
    const upload = token ? await findOpenUpload(user, token) : undefined;
    if (!upload || upload.status !== 'uploaded') throw badRequest(NOT_OUR_URL_MESSAGE);
    if (!(await advanceUpload(db, upload.id, 'uploaded', 'completed'))) throw badRequest(NOT_OUR_URL_MESSAGE);
    try {
      return await withScratchDir('upload', async (dir) => {
        const original = path.join(dir, 'original');
        await storage.downloadToFile(upload.storageKey, original);
        const probe = await probeMedia(ffmpeg, original).catch((error: unknown) => {
          throw error instanceof NotAVideoError ? badRequest('Not a playable video') : error;
        });
        if (probe.durationSeconds < UPLOAD_MIN_DURATION || probe.durationSeconds > UPLOAD_MAX_DURATION) {
          throw badRequest(`Videos must be between ${UPLOAD_MIN_DURATION} and ${UPLOAD_MAX_DURATION} seconds long`);
        }
        const video = path.join(dir, 'video.mp4');
        const final = (await isStandardMp4(original, probe)) ? probe : await normalizeVideo(ffmpeg, original, video);
        const videoFile = final === probe ? original : video;
        const thumbnail = path.join(dir, 'thumbnail.jpg');
        await extractThumbnail(ffmpeg, videoFile, thumbnail, Math.min(1, final.durationSeconds / 2));

        const id = randomUUID();
        const videoKey = storageKey('projects', id, 'video-upload.mp4');
        const thumbnailKey = storageKey('projects', id, 'thumbnail-upload.jpg');
        await storage.putFile(videoKey, videoFile, 'video/mp4');
        await storage.putFile(thumbnailKey, thumbnail, 'image/jpeg');
        const at = now().toISOString();
        const project = await insertProject(db, {
          id,
          userId: user.id,
          title: input.title,
          prompt: '',
          aspectRatio: nearestAspectRatio(final.width, final.height),
          status: 'ready',
          source: 'upload',
          duration: Math.round(final.durationSeconds * 100) / 100,
          resolution: `${Math.min(final.width, final.height)}p`,
          generationProgress: 100,
          targetDuration: null,
          videoUrl: null,
          thumbnailUrl: null,
          editorState: null,
          errorMessage: null,
          videoKey,
          thumbnailKey,
          createdAt: at,
          updatedAt: at,
        });
        return toProject(project);
      });
    } finally {
      await storage.delete([upload.storageKey]);
    }
  }

  return { issue, receive, complete };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
