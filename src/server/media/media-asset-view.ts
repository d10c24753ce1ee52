import type { MediaAsset } from '../../shared/schemas/media.ts';
import type { TimedWord } from '../../shared/speech/timed-word.ts';
import type { MediaAssetRow } from '../db/schema.ts';
import { mediaVersion } from '../projects/project-view.ts';
import { sequenceRequestOf } from './shot-placement.ts';

/** An asset as the API shows it: files behind owner-only URLs named after the stored file, keys never exposed. */
export function toMediaAsset(row: MediaAssetRow): MediaAsset {
  const request = sequenceRequestOf(row);
  return {
    id: row.id,
    kind: row.kind,
    origin: row.origin,
    status: row.status,
    ...(row.status === 'error' && row.errorMessage ? { message: row.errorMessage } : {}),
    duration: row.duration,
    width: row.width,
    height: row.height,
    hasAudio: row.hasAudio === null ? null : row.hasAudio === 1,
    ...(row.title ? { title: row.title } : {}),
    ...(row.prompt ? { prompt: row.prompt } : {}),
    videoUrl: row.fileKey ? `/api/media/${row.id}/video?v=${mediaVersion(row.fileKey)}` : null,
    posterUrl: row.posterKey ? `/api/media/${row.id}/poster?v=${mediaVersion(row.posterKey)}` : null,
    ...(row.words ? { words: JSON.parse(row.words) as TimedWord[] } : {}),
    ...(request ? { sequence: { ...request, placed: row.placedNumber, ...(row.notPlacedReason ? { notPlaced: row.notPlacedReason } : {}) } } : {}),
  };
}

