import type { Db } from '../db/database.ts';
import type { MediaAssetRow } from '../db/schema.ts';
import { extensionJobId } from '../generation/extend-video-job.ts';
import { failShotIn, shotJobId } from '../generation/generate-shot-job.ts';
import type { Queue } from '../jobs/index.ts';
import { failVoiceoverIn, voiceoverJobId } from '../speech/generate-voiceover-job.ts';
import { uploadJobId } from './process-upload-job.ts';

type AssetJobSubject = Pick<MediaAssetRow, 'id' | 'projectId' | 'origin'>;
type AssetJobName = 'process-upload' | 'generate-shot' | 'extend-video' | 'generate-voiceover';

/** The job that makes an asset added to a project: an upload's processing, an extension's shot, a voice-over, or a shot's generation. */
export function assetJobRef(asset: AssetJobSubject): { name: AssetJobName; jobId: string } {
  if (asset.origin === 'uploaded') return { name: 'process-upload', jobId: uploadJobId(asset.id) };
  if (asset.origin === 'extension') return { name: 'extend-video', jobId: extensionJobId(asset.id) };
  if (asset.origin === 'voice') return { name: 'generate-voiceover', jobId: voiceoverJobId(asset.id) };
  return { name: 'generate-shot', jobId: shotJobId(asset.id) };
}

/** Queues an asset's job under its fixed id (a job that exists already is left as it is). */
export async function queueAssetJob(queue: Queue, asset: AssetJobSubject): Promise<void> {
  const { name, jobId } = assetJobRef(asset);
  if (name === 'generate-shot' || name === 'generate-voiceover') await queue.enqueue(name, { mediaId: asset.id }, jobId);
  else await queue.enqueue(name, { projectId: asset.projectId, mediaId: asset.id }, jobId);
}

/**
 * Fails an asset still being made inside the caller's transaction, giving back what it cost as its own job's
 * failure does: a voice-over as a voice-over, anything else as a shot (or an extension's shot).
 */
export async function failAssetIn(trx: Db, asset: AssetJobSubject, reason: string, now: Date): Promise<boolean> {
  return asset.origin === 'voice' ? failVoiceoverIn(trx, asset.id, reason, now) : failShotIn(trx, asset.id, reason, now);
}
