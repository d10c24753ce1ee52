import { type EditorState, defaultEditorState } from '../../shared/editor/editor-state.ts';
import { placeShot, placedShotId } from '../../shared/editor/shot-edits.ts';
import type { Db } from '../db/database.ts';
import { lockRow } from '../db/row-lock.ts';
import type { MediaAssetRow } from '../db/schema.ts';
import { editorDocumentColumns, readStoredEditorDocument } from '../projects/editor-document/editor-document.ts';
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

function placedShot(asset: Pick<MediaAssetRow, 'id'>, seconds: number, request: SequenceRequest) {
  return { mediaId: asset.id, seconds, afterShotId: request.afterShotId, shotId: placedShotId(asset.id) };
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
 * asked to join the sequence, numbering the placement. False when it was not asked, or the edit cannot take it (an
 * edit this version cannot read is never rewritten; a full sequence; a shot of the clip already there).
 */
export async function placeRequestedShot(trx: Db, asset: Pick<MediaAssetRow, 'id' | 'projectId' | 'sequenceRequest'>, seconds: number, now: Date): Promise<boolean> {
  const request = sequenceRequestOf(asset);
  if (!request) return false;
  const placedBefore = await lockPlacements(trx, asset.projectId);
  if (placedBefore === undefined) return false;
  const number = placedBefore + 1;
  await updateProject(trx, asset.projectId, { placedShots: number });
  const project = await findProject(trx, asset.projectId);
  if (!project) return false;
  const stored = readStoredEditorDocument(project.editorState, { projectId: project.id });
  if (stored.kind === 'unreadable') return false;
  const state = stored.kind === 'edit' ? stored.state : defaultEditorState(project.id, project.duration);
  const shots = placeShot(state.shots, placedShot(asset, seconds, request));
  if (!shots) return false;
  await updateProject(trx, project.id, { ...editorDocumentColumns({ ...state, shots }), updatedAt: now.toISOString() });
  await updateMediaAsset(trx, asset.id, { placedNumber: number });
  return true;
}

/**
 * Inside a save's transaction: the edit a client sends, with every shot the server placed after the `seen`th put
 * back where that client's edit lacks it. A client that had not yet learnt of a placement cannot have meant to
 * remove it; one that had sends its number and is taken at its word. Answers the edit and the placements so far.
 */
export async function keepShotsPlacedSince(trx: Db, projectId: string, state: EditorState, seen: number): Promise<{ state: EditorState; placedShots: number }> {
  const placedShots = (await lockPlacements(trx, projectId)) ?? 0;
  if (seen >= placedShots) return { state, placedShots };
  let shots = state.shots;
  for (const asset of await listPlacedSince(trx, projectId, seen)) {
    const request = sequenceRequestOf(asset);
    if (request) shots = placeShot(shots, placedShot(asset, asset.duration, request)) ?? shots;
  }
  return { state: shots === state.shots ? state : { ...state, shots }, placedShots };
}
