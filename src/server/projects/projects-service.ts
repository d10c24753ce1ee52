import { randomUUID } from 'node:crypto';
import { generationCost, segmentCount } from '../../shared/generation.ts';
import { type EditorState, voiceClips } from '../../shared/editor/editor-state.ts';
import { outputLengthProblem } from '../../shared/editor/output-length.ts';
import type { Project, ProjectSummary } from '../../shared/schemas/project.ts';
import type { z } from 'zod';
import type { createProjectRequestSchema } from '../../shared/schemas/project.ts';
import { findUserById } from '../auth/users-repository.ts';
import { spendCredits } from '../credits/credit-ledger.ts';
import { batchedLookup } from '../db/batched-lookup.ts';
import type { Db } from '../db/database.ts';
import type { UserRow, VideoProjectRow } from '../db/schema.ts';
import { secondsPerOutputSecond } from '../estimates/job-timings.ts';
import { HttpError, badRequest, notFound } from '../http/http-error.ts';
import type { Queue } from '../jobs/index.ts';
import { featureWork } from '../work/feature-work.ts';
import { startJob } from '../work/start-job.ts';
import type { Logger } from '../logger.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { failGeneration } from '../generation/fail-generation.ts';
import { keepShotsPlacedSince } from '../media/shot-placement.ts';
import { countGeneratingShots, listProjectMedia } from '../media/media-assets-repository.ts';
import { UNREADABLE_EDIT_MESSAGE, decodeEditorDocument, editorDocumentColumns, readProjectEditorDocument } from './editor-document/editor-document.ts';
import { toProject, toProjectSummary } from './project-view.ts';
import { generationJobId } from './project-work.ts';
import { checkShotLengths, checkVoiceLane } from './saved-edit-media.ts';
import {
  deleteProjectRow,
  findProject,
  findProjects,
  insertProject,
  listProjectsOfUsers,
  type ProjectSummaryRow,
  updateProject,
} from './projects-repository.ts';

type CreateProjectInput = z.output<typeof createProjectRequestSchema>;

/** Recorded on a project that is deleted mid-way, in the transaction that removes it: nobody reads it. */
const PROJECT_DELETED = 'The project was deleted.';

export const PROJECT_NOT_FOUND = 'Project not found';
/** Players report durations a few milliseconds off the container's. */
const TRIM_TOLERANCE_SECONDS = 0.05;

interface ProjectsServiceDeps {
  db: Db;
  queue: Queue;
  storage: Storage;
  logger: Logger;
  /** Generations, extensions and exports a user may have queued or running (MAX_ACTIVE_JOBS_PER_USER). */
  maxActiveJobsPerUser: number;
  now?: () => Date;
}

export function createProjectsService({ db, queue, storage, logger, maxActiveJobsPerUser, now = () => new Date() }: ProjectsServiceDeps) {
  // The dashboard's list and the editor's read are what every signed-in page asks for most: concurrent
  // requests share one query each (batched-lookup.ts).
  const projectsOfUser = batchedLookup((userIds: string[]) => listProjectsOfUsers(db, userIds));
  const projectById = batchedLookup((projectIds: string[]) => findProjects(db, projectIds));

  /**
   * Charges 12 credits per 8-second segment and creates the project in one transaction (so the
   * balance is exact under concurrent requests), then queues its generation.
   */
  async function create(user: UserRow, input: CreateProjectInput): Promise<Project> {
    const cost = generationCost(input.duration);
    const at = now().toISOString();
    const id = randomUUID();
    const project = await startJob({ db, queue, logger }, {
      userId: user.id,
      limit: maxActiveJobsPerUser,
      record: async (trx) => {
        const created = await insertProject(trx, {
          id,
          userId: user.id,
          title: input.title,
          prompt: input.prompt,
          aspectRatio: input.aspectRatio,
          provider: input.provider,
          model: input.model,
          resolution: input.resolution,
          targetDuration: input.duration,
          totalSegments: segmentCount(input.duration),
          videoUrl: null,
          thumbnailUrl: null,
          editorState: null,
          errorMessage: null,
          videoKey: null,
          thumbnailKey: null,
          createdAt: at,
          updatedAt: at,
        });
        if ((await spendCredits(trx, user, cost, 'generation', id, new Date(at))) === null) {
          const balance = (await findUserById(trx, user.id))?.credits ?? 0;
          throw new HttpError(
            402,
            `Insufficient credits. This video needs ${cost} credits and you have ${balance}. Upgrade to Pro for unlimited videos.`,
          );
        }
        return created;
      },
      job: () => ({ name: 'generate-video', payload: { projectId: id }, jobId: generationJobId(id) }),
      unqueued: {
        log: 'could not queue the generation',
        fields: { projectId: id },
        undo: () => failGeneration(db, id, 'The video could not be queued. Your credits were refunded.', now()),
        answer: new HttpError(503, 'The video service is unavailable right now. Your credits were refunded.'),
      },
    });
    return toProject(project);
  }

  /** The dashboard's list; a generation under way says how long this server's recent ones of its length took. */
  async function list(user: UserRow): Promise<ProjectSummary[]> {
    const rows = (await projectsOfUser(user.id)) ?? [];
    const generating = (row: ProjectSummaryRow) => row.status === 'generating' && row.videoKey === null && row.targetDuration !== null;
    // One rate for every generation in the list: they differ only by length.
    const rate = rows.some(generating) ? await secondsPerOutputSecond(db, 'generate', '') : null;
    const shotsBeingMade = await countGeneratingShots(db, rows.map((row) => row.id));
    return rows.map((row) => {
      const summary = { ...toProjectSummary(row), generatingShots: shotsBeingMade.get(row.id) ?? 0 };
      return rate !== null && generating(row) ? { ...summary, estimatedSeconds: rate * (row.targetDuration ?? 0) } : summary;
    });
  }

  /** The caller's project, read in the query concurrent requests share; someone else's is a 404 too. */
  async function ownProject(user: UserRow, projectId: string): Promise<VideoProjectRow> {
    const project = await projectById(projectId);
    if (!project || project.userId !== user.id) throw notFound(PROJECT_NOT_FOUND);
    return project;
  }

  async function get(user: UserRow, projectId: string): Promise<Project> {
    const project = await ownProject(user, projectId);
    return toProject(project, readProjectEditorDocument(project, logger));
  }

  /**
   * Removes the project with every registered feature's work in it (work/feature-work.ts): what is still being made
   * is failed, and what it cost given back (a generation's, an extension's, a shot's, a voice-over's, a
   * transcription's), in the transaction that deletes the row (with its media, exports, segments and caption jobs);
   * its jobs are then cancelled: queued ones are dropped, running ones aborted (their ffmpeg killed, their scratch
   * files removed) here at once, in another process at its next heartbeat, where the job finds its work gone; its
   * stored files go last.
   */
  async function remove(user: UserRow, projectId: string): Promise<void> {
    const project = await ownProject(user, projectId);
    const works = await Promise.all(featureWork.map((work) => work.projectWork?.(db, project)));
    const held = works.filter((work) => work !== undefined);
    await db.transaction().execute(async (trx) => {
      for (const work of held) await work.settle(trx, PROJECT_DELETED, now());
      await deleteProjectRow(trx, projectId);
    });
    // An extension's job is the project's and its shot's: cancelled once.
    const jobs = [...new Map(held.flatMap((work) => work.jobs).map((job) => [`${job.name} ${job.jobId}`, job])).values()];
    await queue.cancel(jobs).catch((error: unknown) => logger.error({ err: error, projectId }, 'could not cancel the jobs of a deleted project'));
    await storage.delete(held.flatMap((work) => work.keys).filter((key): key is string => Boolean(key)));
  }

  const stillGenerating = () => new HttpError(409, 'The video is still being generated');

  /**
   * The rules an edit is saved by: the project must be ready, the document must decode (any version; it is
   * stored as the current one), its output must fit MAX_OUTPUT_SECONDS, every shot must cut one of the project's
   * videos within its length and last at least the editor's shortest piece, the voice lane must play ready
   * voice-overs of this project, and a saved edit the codec cannot read is never replaced.
   */
  async function checkedEdit(user: UserRow, projectId: string, editorState: unknown): Promise<{ project: VideoProjectRow; state: EditorState }> {
    const project = await ownProject(user, projectId);
    if (project.status !== 'ready') throw stillGenerating();
    const decoded = decodeEditorDocument(editorState, { projectId });
    if (!decoded.ok) throw badRequest(decoded.reason);
    await checkShots(project, decoded.state.shots);
    checkShotLengths(decoded.state.shots);
    refuseOverlongOutput(decoded.state);
    if (voiceClips(decoded.state).length > 0) checkVoiceLane(decoded.state, await listProjectMedia(db, project.id));
    if (readProjectEditorDocument(project, logger).kind === 'unreadable') throw new HttpError(409, UNREADABLE_EDIT_MESSAGE);
    return { project, state: decoded.state };
  }

  /**
   * Each shot names a video of this project (one still being made included) and ends within its length. The
   * project's own clip is read from its row (an autosave of a one-clip edit reads no media), and keeps SPEC's message.
   */
  async function checkShots(project: VideoProjectRow, shots: EditorState['shots']): Promise<void> {
    const others = shots.some((shot) => shot.mediaId !== project.id) ? await listProjectMedia(db, project.id) : [];
    const lengths = new Map(others.flatMap((asset) => (asset.kind === 'video' && asset.status !== 'error' ? [[asset.id, asset.duration] as const] : [])));
    lengths.set(project.id, project.duration);
    shots.forEach((shot, index) => {
      const length = lengths.get(shot.mediaId);
      if (length === undefined) throw badRequest(`Shot ${index + 1}'s clip is not a video of this project`);
      if (shot.out > length + TRIM_TOLERANCE_SECONDS) {
        throw badRequest(shot.mediaId === project.id ? `Trim end must be at most the video's length (${length} s)` : `Shot ${index + 1} must end within its clip (${length} s)`);
      }
    });
  }

  /** Refuses an edit as saving it would, saving nothing (auto-apply's preview). */
  async function checkEditorState(user: UserRow, projectId: string, editorState: unknown): Promise<void> {
    await checkedEdit(user, projectId, editorState);
  }

  /**
   * The one way an edit is saved (the editor's PATCH and auto-apply), by checkedEdit's rules. `alongside` runs in
   * the save's transaction (auto-apply charges there): a refused save charges nothing, a refused
   * charge saves nothing. With `placedShotsSeen` (the editor's saves), a shot the server placed since is kept
   * (keepShotsPlacedSince).
   */
  async function saveEditorState(
    user: UserRow,
    projectId: string,
    editorState: unknown,
    alongside?: (trx: Db) => Promise<void>,
    placedShotsSeen?: number,
  ): Promise<Project> {
    const { project, state } = await checkedEdit(user, projectId, editorState);
    const save = async (trx: Db) => {
      await alongside?.(trx);
      const kept = placedShotsSeen === undefined ? { state, placedShots: project.placedShots } : await keepShotsPlacedSince(trx, projectId, state, placedShotsSeen);
      const changes = { ...editorDocumentColumns(kept.state), updatedAt: now().toISOString() };
      // Only while still ready: an extension that started since the read must not have the edit land under it.
      if (!(await updateProject(trx, projectId, changes, 'ready'))) {
        throw (await findProject(trx, projectId)) ? stillGenerating() : notFound(PROJECT_NOT_FOUND);
      }
      return { ...kept, changes };
    };
    const saved = alongside || placedShotsSeen !== undefined ? await db.transaction().execute(save) : await save(db);
    return toProject({ ...project, ...saved.changes, placedShots: saved.placedShots }, { kind: 'edit', state: saved.state });
  }

  return { create, list, get, remove, checkEditorState, saveEditorState };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

/** A sequence longer than a video may be (MAX_OUTPUT_SECONDS) is refused at save, as it is at export (issue 42). */
function refuseOverlongOutput(state: EditorState): void {
  const problem = outputLengthProblem(state);
  if (problem) throw badRequest(problem);
}
