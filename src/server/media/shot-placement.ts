import { MAX_SHOTS, SEQUENCE_FULL_MESSAGE } from '../../shared/editor/editor-constants.ts';
import { type EditorState, type Shot, defaultEditorState } from '../../shared/editor/editor-state.ts';
import { outputLengthProblem } from '../../shared/editor/output-length.ts';
import { type PlacedShot, holdsPlacedShot, placeShot, placedShotId } from '../../shared/editor/shot-edits.ts';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/row-lock.ts';
import type { MediaAssetRow, VideoProjectRow } from '../db/schema.ts';
import { badRequest } from '../http/http-error.ts';
import { UNREADABLE_EDIT_MESSAGE, editorDocumentColumns, readStoredEditorDocument } from '../projects/editor-document/editor-document.ts';
import { findPlacedShots, findProject, updateProject } from '../projects/projects-repository.ts';
import { listPlacedSince, updateMediaAsset } from './media-assets-repository.ts';

/**
 * A shot asked to join the sequence once it is ready (the Add shot dialog: "It is added to the sequence as soon as
 * it is ready. You can close this dialog"). The request is kept on the asset (`sequence_request`), and the job that
 * makes the asset ready appends the shot to the saved edit in the same transaction, so the promise holds with the
 * dialog closed, the page reloaded or the server restarted (decision 056).
 */
export interface SequenceRequest {
  /** The shot it follows; when that one is gone by then, it goes last. */
  afterShotId: string | null;
}

export function sequenceRequestColumn(request: SequenceRequest | undefined): string | null {
  return request ? JSON.stringify({ afterShotId: request.afterShotId }) : null;
}

/** What the asset was asked for, or null when it was not asked to join the sequence. */
export function sequenceRequestOf(asset: Pick<MediaAssetRow, 'sequenceRequest'>): SequenceRequest | null {
  if (!asset.sequenceRequest) return null;
  const { afterShotId } = JSON.parse(asset.sequenceRequest) as SequenceRequest;
  return { afterShotId };
}

function placedShot(asset: Pick<MediaAssetRow, 'id'>, seconds: number, request: SequenceRequest): PlacedShot {
  return { mediaId: asset.id, seconds, afterShotId: request.afterShotId, shotId: placedShotId(asset.id) };
}

/** The edit a shot is placed in: the saved one, the whole clip before the first save; null when it cannot be read. */
function editToPlaceIn(project: VideoProjectRow): EditorState | null {
  const stored = readStoredEditorDocument(project.editorState, { projectId: project.id });
  if (stored.kind === 'unreadable') return null;
  return stored.kind === 'edit' ? stored.state : defaultEditorState(project.id, project.duration);
}

/**
 * The shots with `placed` put in; or why the edit cannot take it (the sequence full, or longer than a video may be
 * with it: a save would be refused the same); null when a shot of its clip is there already.
 */
function placing(shots: readonly Shot[], placed: PlacedShot): { shots: Shot[] } | { problem: string } | null {
  if (holdsPlacedShot(shots, placed)) return null;
  const next = placeShot(shots, placed);
  if (!next) return shots.length >= MAX_SHOTS ? { problem: SEQUENCE_FULL_MESSAGE } : null;
  const tooLong = outputLengthProblem({ shots: next }, 'with-shot');
  return tooLong ? { problem: tooLong } : { shots: next };
}

/**
 * Refuses (400) to start a clip of `seconds` asked to join the sequence when the saved edit could not take it now,
 * before anything is charged or made; the placement decides again when the clip is ready.
 */
export function refuseUnplaceable(project: VideoProjectRow, mediaId: string, seconds: number, request: SequenceRequest | undefined): void {
  const state = request && editToPlaceIn(project);
  const placement = state && placing(state.shots, placedShot({ id: mediaId }, seconds, request));
  if (placement && 'problem' in placement) throw badRequest(placement.problem);
}

/**
 * Takes the project's row for the rest of the transaction (a PostgreSQL row lock, SQLite's write lock), so a save
 * of the edit and a shot's placement run one after the other, and answers how many shots have been placed.
 */
async function lockPlacements(trx: Db, projectId: string): Promise<number | undefined> {
  if (!(await lockRow(trx, 'videoProjects', projectId))) return undefined;
  return findPlacedShots(trx, projectId);
}

/**
 * Inside the transaction that makes `asset` ready (`seconds` long): appends its shot to the saved edit when it was
 * asked to join the sequence, numbering the placement. False when it was not asked, a shot of the clip is there
 * already, or the edit cannot take it: then the asset records why (an edit this version cannot read is never
 * rewritten; a full sequence; one that would be longer than a video may be), and stays in the media bin.
 */
export async function placeRequestedShot(trx: Db, asset: Pick<MediaAssetRow, 'id' | 'projectId' | 'sequenceRequest'>, seconds: number, now: Date): Promise<boolean> {
  const request = sequenceRequestOf(asset);
  if (!request) return false;
  const placedBefore = await lockPlacements(trx, asset.projectId);
  const project = placedBefore === undefined ? undefined : await findProject(trx, asset.projectId);
  if (placedBefore === undefined || !project) return false;
  const state = editToPlaceIn(project);
  const placement = state ? placing(state.shots, placedShot(asset, seconds, request)) : { problem: UNREADABLE_EDIT_MESSAGE };
  if (placement && 'problem' in placement) await updateMediaAsset(trx, asset.id, { notPlacedReason: placement.problem });
  if (!state || !placement || 'problem' in placement) return false;
  const number = placedBefore + 1;
  await updateProject(trx, project.id, { ...editorDocumentColumns({ ...state, shots: placement.shots }), placedShots: number, updatedAt: now.toISOString() });
  await updateMediaAsset(trx, asset.id, { placedNumber: number });
  return true;
}

/**
 * Inside a save's transaction: the edit a client sends, with every shot the server placed after the `seen`th put
 * back where that client's edit lacks it. A client that had not yet learnt of a placement cannot have meant to
 * remove it; one that had sends its number and is taken at its word. Answers the edit and the placements so far;
 * 400 when the edit with them put back would be longer than a video may be (it is refused as that edit would be).
 */
export async function keepShotsPlacedSince(trx: Db, projectId: string, state: EditorState, seen: number): Promise<{ state: EditorState; placedShots: number }> {
  const placedShots = (await lockPlacements(trx, projectId)) ?? 0;
  if (seen >= placedShots) return { state, placedShots };
  let shots = state.shots;
  for (const asset of await listPlacedSince(trx, projectId, seen)) {
    const request = sequenceRequestOf(asset);
    if (request) shots = placeShot(shots, placedShot(asset, asset.duration, request)) ?? shots;
  }
  if (shots === state.shots) return { state, placedShots };
  const tooLong = outputLengthProblem({ shots });
  if (tooLong) throw badRequest(tooLong);
  return { state: { ...state, shots }, placedShots };
}
