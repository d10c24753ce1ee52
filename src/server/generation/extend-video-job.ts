import { MAX_SHOTS } from '../../shared/editor/editor-constants.ts';
import { type EditorState, defaultEditorState, newShot } from '../../shared/editor/editor-state.ts';
import { extensionCredits } from '../../shared/schemas/ai.ts';
import { refundCredits } from '../credits/credit-ledger.ts';
import type { Db } from '../db/database.ts';
import type { MediaAssetRow, VideoProjectRow } from '../db/schema.ts';
import type { JobContext, JobDefinition, JobPayloads } from '../jobs/job-registry.ts';
import { UserFacingError, withPlainFailures } from '../jobs/plain-failures.ts';
import { findMediaAsset, recordMediaFacts, updateMediaAsset } from '../media/media-assets-repository.ts';
import { editorDocumentColumns, readStoredEditorDocument } from '../projects/editor-document/editor-document.ts';
import { findProject, updateProject } from '../projects/projects-repository.ts';
import type { GenerationDeps } from './generate-video-job.ts';
import { type MadeShot, type ShotSource, failShotIn, makeShot } from './generate-shot-job.ts';
import { liveProviderVideo } from './extension-quote.ts';
import { deleteSegments, findOrCreateSegment, saveSegmentOperation } from './segments-repository.ts';

/** Why an extension failed, when only the log can explain it: "The extension failed: <this> Your credits were refunded." */
const EXTENSION_FAILED = 'Something went wrong while making it — please try again.';
/** The provider no longer knows the model that would extend the video. */
const EXTENSION_UNAVAILABLE = 'Video extension is unavailable right now.';
/** Veo's copy of the clip expired between pricing and running: the next try is priced from the last frame. */
const VEO_COPY_GONE = 'Veo no longer keeps this clip, so it could not continue it — please try again.';
/** An extension queued by a version that baked it into the project's clip: this one cannot finish it. */
const STARTED_BEFORE_UPDATE = 'It was started before an update and could not be finished — please try again.';

/** The project's columns that describe an extension under way, once it is over. */
const NO_PENDING_EXTENSION = { extensionJobId: null, extensionPrompt: null, extensionCharged: null, extensionMethod: null } as const;

/** The job of the extension whose new shot is the asset `mediaId` (one asset, one job, so a retry after a failure is a new job). */
export function extensionJobId(mediaId: string): string {
  return `extend-video:${mediaId}`;
}

/** The new shot an extension is making for the project, while it is being made. */
async function pendingExtensionAsset(db: Db, projectId: string): Promise<MediaAssetRow | undefined> {
  return db
    .selectFrom('mediaAssets')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('origin', '=', 'extension')
    .where('status', '=', 'generating')
    .executeTakeFirst();
}

/**
 * Puts a project that was being extended back as it was, with `message` for its owner, marks the new shot as
 * failed and refunds what the extension cost, in one transaction. Only the call that moves the shot out of
 * 'generating' refunds (failShotIn), so a failure recorded twice never pays back twice.
 */
export async function failExtension(db: Db, projectId: string, message: string, now: Date): Promise<boolean> {
  return db.transaction().execute((trx) => failExtensionIn(trx, projectId, message, now));
}

/** `failExtension` inside the caller's transaction (deleting a project during its extension refunds this way). */
export async function failExtensionIn(trx: Db, projectId: string, message: string, now: Date): Promise<boolean> {
  const project = await findProject(trx, projectId);
  const restored = await updateProject(
    trx,
    projectId,
    { status: 'ready', generationProgress: 100, errorMessage: message, ...NO_PENDING_EXTENSION, updatedAt: now.toISOString() },
    'generating',
  );
  const asset = await pendingExtensionAsset(trx, projectId);
  if (asset) await failShotIn(trx, asset.id, message, now);
  // An extension charged by an earlier version has no asset: its charge is on the project.
  else if (restored && project) await refundCredits(trx, project.userId, project.extensionCharged ?? 0, 'extension-refund', projectId, now);
  return restored;
}

/**
 * The saved edit with the new shot after the last one: cut in, with the last shot's sound, and only the seconds
 * the extension added (Veo's extension returns the whole longer clip, of which the new shot plays the end). An
 * unedited project gets its default document first.
 */
function withAppendedShot(project: VideoProjectRow, made: Pick<MadeShot, 'duration'>, mediaId: string, from: number): EditorState | undefined {
  const stored = readStoredEditorDocument(project.editorState, { projectId: project.id });
  if (stored.kind === 'unreadable') return undefined; // never overwritten (decision 010); saves are refused as well
  const state = stored.kind === 'edit' ? stored.state : defaultEditorState(project.id, project.duration);
  if (state.shots.length >= MAX_SHOTS) return undefined;
  const last = state.shots.at(-1)!;
  const shot = { ...newShot(`shot-${mediaId}`, mediaId, made.duration), in: Math.min(from, made.duration), volume: last.volume, muted: last.muted };
  return { ...state, shots: [...state.shots, shot] };
}

/** A transaction that found the extension already over (failed, or its project deleted) rolls back with this. */
class NoLongerPending extends Error {}

/**
 * Extends a ready project by appending a shot (issue 26): the new shot is a media asset of origin 'extension',
 * made by the same generator as any shot (makeShot) — from the last shot's last frame shown, or by Veo's own
 * extension of the project's clip, as priced when it was requested (extension-quote.ts). When it is stored the
 * asset becomes ready and the shot is appended to the saved edit in one transaction; the project's own clip is
 * never touched. The project is 'generating' meanwhile (its edit held); a failure restores it and refunds.
 * Credits follow what was added: a result shorter than priced pays back the difference.
 */
export function createExtendVideoJob(deps: GenerationDeps): JobDefinition<'extend-video'> {
  const { db, storage } = deps;
  const now = deps.now ?? (() => new Date());

  function shotSource(project: VideoProjectRow, asset: MediaAssetRow): ShotSource {
    const prompt = asset.prompt ?? project.prompt;
    if (project.extensionMethod !== 'veo-extension') return { kind: 'prompt', prompt: `${prompt} (continuing: ${project.prompt})`.slice(0, 2000) };
    const video = liveProviderVideo(project.providerVideo, now());
    if (!video) throw new UserFacingError(VEO_COPY_GONE);
    return { kind: 'veo-extension', prompt, video };
  }

  async function run({ projectId, mediaId }: JobPayloads['extend-video'], context: JobContext) {
    const project = await findProject(db, projectId);
    if (!project?.videoKey || project.status !== 'generating') return;
    if (!mediaId) throw new UserFacingError(STARTED_BEFORE_UPDATE);
    const asset = await findMediaAsset(db, mediaId);
    if (asset?.status !== 'generating') return;

    // The provider's operation is recorded as a segment after the clip's own, so a restarted job polls it instead of paying again.
    const index = project.totalSegments;
    const segment = await findOrCreateSegment(db, projectId, index, now());
    const made = await makeShot(
      deps,
      {
        asset,
        project,
        source: shotSource(project, asset),
        resumeOperation: segment.operationName ?? undefined,
        onOperation: (name) => saveSegmentOperation(db, projectId, index, name),
        unavailableMessage: EXTENSION_UNAVAILABLE,
      },
      context,
    );
    // Veo's extension is the whole clip made longer: the new shot starts where the clip ended.
    const from = project.extensionMethod === 'veo-extension' ? project.duration : 0;
    // To the tenth of a second: probes differ by a few hundredths (audio padding), which must not cost a credit.
    const added = Math.max(0, Math.round((made.duration - from) * 10) / 10);
    const overpaid = asset.charged > 0 ? Math.max(0, asset.charged - extensionCredits(added)) : 0;
    const done = await db
      .transaction()
      .execute(async (trx) => {
        const current = await findProject(trx, projectId);
        const moved = await updateMediaAsset(
          trx,
          mediaId,
          { status: 'ready', fileKey: made.fileKey, posterKey: made.posterKey, duration: made.duration, charged: asset.charged - overpaid, errorMessage: null, updatedAt: now().toISOString() },
          'generating',
        );
        if (!moved || current?.status !== 'generating') throw new NoLongerPending();
        await recordMediaFacts(trx, mediaId, made.probe);
        const edit = withAppendedShot(current, made, mediaId, from);
        const updated = await updateProject(
          trx,
          projectId,
          { status: 'ready', ...(edit ? editorDocumentColumns(edit) : {}), generationProgress: 100, errorMessage: null, ...NO_PENDING_EXTENSION, updatedAt: now().toISOString() },
          'generating',
        );
        if (!updated) throw new NoLongerPending();
        if (overpaid > 0) await refundCredits(trx, project.userId, overpaid, 'extension-refund', projectId, now());
        return edit !== undefined;
      })
      .catch((error: unknown) => {
        if (error instanceof NoLongerPending) return undefined;
        throw error;
      });
    if (done === undefined) {
      await storage.delete([made.fileKey, made.posterKey, made.watermarkedKey]);
      return;
    }
    await storage.delete(await deleteSegments(db, projectId));
    if (!done) context.logger.warn({ mediaId }, 'the extension is in the media bin but its shot could not be appended to the edit');
    context.logger.info({ method: project.extensionMethod, duration: made.duration, added, refunded: overpaid }, 'video extended');
  }

  return {
    run: withPlainFailures(run, EXTENSION_FAILED),
    async fail({ projectId }, reason) {
      await failExtension(db, projectId, `The extension failed: ${reason} Your credits were refunded.`, now());
      await storage.delete(await deleteSegments(db, projectId));
    },
    async stillWanted({ projectId }) {
      return (await findProject(db, projectId))?.status === 'generating';
    },
  };
}
