import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { nearestAspectRatio } from '../../shared/editor/frame-geometry.ts';
import type { MediaAsset } from '../../shared/schemas/media.ts';
import type { Project } from '../../shared/schemas/project.ts';
import type { completeUploadRequestSchema } from '../../shared/schemas/project.ts';
import { MUSIC_UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../shared/uploads.ts';
import { createSecureToken, hashToken } from '../auth/secure-token.ts';
import type { Db } from '../db/database.ts';
import type { UploadKind, UserRow } from '../db/schema.ts';
import { lockUserJobs } from '../jobs/user-job-limit.ts';
import { startJob } from '../work/start-job.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import type { Logger } from '../logger.ts';
import { thisProcess } from '../process-liveness.ts';
import { toProject } from '../projects/project-view.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import { findUserProject, insertProject, updateProject } from '../projects/projects-repository.ts';
import { ObjectTooLargeError, type Storage, storageKey } from '../providers/storage/storage.ts';
import type { FfmpegBinaries } from '../render/ffmpeg-binaries.ts';
import { withScratchDir } from '../render/scratch-dir.ts';
import { toMediaAsset } from './media-asset-view.ts';
import { insertMediaAsset, updateMediaAsset } from './media-assets-repository.ts';
import { reserveMediaPlace } from './project-media-cap.ts';
import { type SequenceRequest, refuseUnplaceable, sequenceRequestColumn } from './shot-placement.ts';
import { discardUpload, uploadJobId } from './process-upload-job.ts';
import { UploadRefusedError, checkUploadedFile } from './upload-checks.ts';
import { advanceUpload, countUploadsInFlight, findUserUpload, insertUpload, releaseUpload } from './uploads-repository.ts';

const UPLOAD_TTL_MS = 60 * 60 * 1000;
/** Both kinds PUT here: the ticket, not the path, says what the file is for. */
const UPLOAD_PATH = '/api/videos/uploads/';
export const NOT_OUR_URL_MESSAGE = 'Valid video URL is required: use the upload address this server gave you.';
const TICKET_GONE_MESSAGE = 'This upload link is invalid, used or expired';

/** What each kind of ticket accepts in its PUT. */
const UPLOAD_RULES: Record<UploadKind, { maxBytes: number; tooLarge: string; contentTypes: RegExp; wrongType: string }> = {
  video: {
    maxBytes: UPLOAD_MAX_BYTES,
    tooLarge: 'Maximum file size is 100MB',
    contentTypes: /^(video\/(mp4|quicktime|x-msvideo|avi|msvideo|webm)|application\/octet-stream)$/,
    wrongType: 'Upload an .mp4, .mov, .avi or .webm video',
  },
  music: {
    maxBytes: MUSIC_UPLOAD_MAX_BYTES,
    tooLarge: 'Maximum file size is 20MB',
    contentTypes: /^(audio\/(mpeg|mp3|wav|wave|x-wav|vnd\.wave|mp4|m4a|x-m4a|aac|x-aac|aacp|ogg|vorbis|x-vorbis\+ogg)|application\/(ogg|octet-stream))$/,
    wrongType: 'Upload an .mp3, .wav, .m4a, .aac or .ogg file',
  },
};

type UploadRow = NonNullable<Awaited<ReturnType<typeof findUserUpload>>>;

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
  /** A single-use, expiring address to PUT one file of `kind` to. */
  async function issue(user: UserRow, kind: UploadKind): Promise<string> {
    const { token, hash } = createSecureToken();
    const id = randomUUID();
    const at = now();
    await insertUpload(db, {
      id,
      userId: user.id,
      tokenHash: hash,
      storageKey: storageKey('uploads', id),
      kind,
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

  /**
   * Streams the body into storage; past the ticket's limit (100 MB for a video, 20 MB for music) it stops,
   * keeps nothing and answers 413. The stream itself is counted, so a Content-Length that lies changes nothing.
   */
  async function receive(user: UserRow, token: string, body: Readable, contentType: string, declaredLength?: number) {
    const upload = await findOpenUpload(user, token);
    if (!upload || upload.status !== 'pending') throw notFound(TICKET_GONE_MESSAGE);
    const rules = UPLOAD_RULES[upload.kind];
    if (!rules.contentTypes.test(contentType)) throw new HttpError(415, rules.wrongType);
    if (declaredLength !== undefined && declaredLength > rules.maxBytes) throw new HttpError(413, rules.tooLarge);
    try {
      const stored = await storage.putStream(upload.storageKey, body, { contentType, maxBytes: rules.maxBytes });
      await advanceUpload(db, upload.id, 'pending', 'uploaded', { sizeBytes: stored.size, contentType });
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw new HttpError(413, rules.tooLarge);
      throw error;
    }
  }

  function tokenFromUrl(uploadUrl: string): string | undefined {
    const expected = new URL(publicUrl);
    const url = new URL(uploadUrl);
    if (url.origin !== expected.origin || !url.pathname.startsWith(UPLOAD_PATH)) return undefined;
    const token = url.pathname.slice(UPLOAD_PATH.length);
    return /^[\w-]{20,}$/.test(token) ? token : undefined;
  }

  /** Whether `uploadUrl` has the shape of an address `issue` gives out (this server, the upload path, a token). */
  function isUploadUrl(uploadUrl: string): boolean {
    return tokenFromUrl(uploadUrl) !== undefined;
  }

  /**
   * The caller's uploaded file of `kind` at `uploadUrl`, moved to 'checking' so no other request takes it;
   * undefined when there is none (not issued here, another user's, another kind's, not PUT yet, used or
   * expired). With `alone`, the check gets a deadline of its own (its ticket's expiry becomes now +
   * `deadlineMs`) and the answer is 429 while another upload of that kind of the user's is in flight (being
   * checked within its deadline, or processed by its job), so one user has one at a time; a check past its
   * deadline died with its request.
   * The claim names this process, so a restart gives back what a killed one held (releaseStoppedClaims).
   */
  async function claim(user: UserRow, uploadUrl: string, kind: UploadKind, alone?: { deadlineMs: number; busyMessage: string }): Promise<UploadRow | undefined> {
    const token = tokenFromUrl(uploadUrl);
    const upload = token ? await findOpenUpload(user, token) : undefined;
    if (!upload || upload.status !== 'uploaded' || upload.kind !== kind) return undefined;
    const { host: claimHost, pid: claimPid } = thisProcess();
    if (!alone) return (await advanceUpload(db, upload.id, 'uploaded', 'checking', { claimHost, claimPid })) ? upload : undefined;
    const at = now();
    return db.transaction().execute(async (trx) => {
      await lockUserJobs(trx, user.id);
      if ((await countUploadsInFlight(trx, user.id, kind, at.toISOString())) > 0) throw new HttpError(429, alone.busyMessage);
      const expiresAt = new Date(at.getTime() + alone.deadlineMs).toISOString();
      return (await advanceUpload(trx, upload.id, 'uploaded', 'checking', { expiresAt, claimHost, claimPid })) ? upload : undefined;
    });
  }

  /** A claimed upload that failed on our side, not the file's: the ticket stays usable for another try. */
  async function release(upload: UploadRow): Promise<void> {
    await releaseUpload(db, upload.id);
  }

  /**
   * Accepts an uploaded file as a project that is being processed, after the cheap checks (a playable video
   * of an accepted length and size: otherwise 400 with the reason, and the file is gone). The `process-upload`
   * job does the rest; the answer does not wait for it.
   */
  /**
   * The caller's uploaded video at `videoURL`, claimed, with what its header says after the cheap checks (a
   * playable video of an accepted length and size): otherwise 400 with the reason, and the file is gone.
   */
  async function claimCheckedVideo(user: UserRow, videoURL: string) {
    // A music ticket reads like an address this server never gave out for a video.
    const upload = await claim(user, videoURL, 'video');
    if (!upload) throw badRequest(NOT_OUR_URL_MESSAGE);
    try {
      const header = await withScratchDir('upload-check', async (dir) => {
        const file = path.join(dir, 'original');
        await storage.downloadToFile(upload.storageKey, file);
        return checkUploadedFile(ffmpeg, file);
      });
      return { upload, header };
    } catch (error) {
      if (!(error instanceof UploadRefusedError)) {
        // Our failure, not the file's: the ticket stays usable.
        await release(upload);
        throw error;
      }
      await discardUpload(db, storage, upload);
      throw badRequest(error.message);
    }
  }

  /**
   * Hands a claimed, checked upload to its `process-upload` job: `create` writes what it becomes (a project or an
   * asset, 'generating') in the transaction that reserves the user's job slot and marks the upload as
   * processing for `target`. A transaction that fails (429, our failure) leaves the ticket usable for a later
   * try; a job that cannot be queued is recorded by `unqueued` and the upload is discarded (503).
   */
  async function startProcessing<T>(
    user: UserRow,
    upload: UploadRow,
    target: { projectId: string; mediaId?: string },
    create: (trx: Db) => Promise<T>,
    unqueued: (message: string) => Promise<unknown>,
  ): Promise<T> {
    return startJob({ db, queue, logger }, {
      userId: user.id,
      limit: maxActiveJobsPerUser,
      record: async (trx) => {
        const made = await create(trx);
        await advanceUpload(trx, upload.id, 'checking', 'processing', target.mediaId ? { mediaId: target.mediaId } : { projectId: target.projectId });
        return made;
      },
      refused: () => release(upload),
      job: () => ({ name: 'process-upload', payload: target, jobId: uploadJobId(target.mediaId ?? target.projectId) }),
      unqueued: {
        log: 'could not queue the upload',
        fields: target,
        undo: async () => {
          await unqueued('The video could not be queued.');
          await discardUpload(db, storage, upload);
        },
        answer: new HttpError(503, 'The video service is unavailable right now. Please upload the video again.'),
      },
    });
  }

  async function complete(user: UserRow, input: CompleteUploadInput): Promise<Project> {
    const { upload, header } = await claimCheckedVideo(user, input.videoURL);
    const id = randomUUID();
    const at = now().toISOString();
    const project = await startProcessing(
      user,
      upload,
      { projectId: id },
      (trx) =>
        insertProject(trx, {
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
        }),
      (message) => updateProject(db, id, { status: 'error', errorMessage: message, updatedAt: at }, 'generating'),
    );
    return toProject(project);
  }

  /**
   * Accepts an uploaded video as a new asset of the caller's project (issue 26), processed by the same bounded
   * `process-upload` job as a project's upload; the asset is 'generating' until the job stores or refuses it. One
   * asked to join a sequence that could not take it is refused (400) and its ticket kept for another try.
   */
  async function completeIntoMedia(
    user: UserRow,
    projectId: string,
    { videoURL, title, addToSequence }: { videoURL: string; title?: string | undefined; addToSequence?: SequenceRequest | undefined },
  ): Promise<MediaAsset> {
    const project = await findUserProject(db, user.id, projectId);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    const { upload, header } = await claimCheckedVideo(user, videoURL);
    const id = randomUUID();
    const at = now().toISOString();
    const duration = Math.round(header.durationSeconds * 100) / 100;
    const asset = await startProcessing(
      user,
      upload,
      { projectId, mediaId: id },
      async (trx) => {
        refuseUnplaceable(project, id, duration, addToSequence);
        await reserveMediaPlace(trx, user.id, projectId);
        return insertMediaAsset(trx, {
          id,
          projectId,
          userId: user.id,
          kind: 'video',
          origin: 'uploaded',
          errorMessage: null,
          fileKey: null,
          posterKey: null,
          duration,
          width: null,
          height: null,
          fps: null,
          hasAudio: null,
          prompt: null,
          title: title ?? null,
          continueFrom: null,
          sequenceRequest: sequenceRequestColumn(addToSequence),
          createdAt: at,
          updatedAt: at,
        });
      },
      (message) => updateMediaAsset(db, id, { status: 'error', errorMessage: message, updatedAt: at }, 'generating'),
    );
    return toMediaAsset(asset);
  }

  return {
    completeIntoMedia,
    issue,
    receive,
    complete,
    isUploadUrl,
    claim,
    release,
    /** A claimed upload that is finished with, or refused: its file and ticket are gone. */
    discard: (upload: UploadRow) => discardUpload(db, storage, upload),
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
