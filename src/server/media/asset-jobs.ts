import type { MediaAssetRow } from '../db/schema.ts';
import { shotJobId } from '../generation/generate-shot-job.ts';
import type { Queue } from '../jobs/index.ts';
import { uploadJobId } from './process-upload-job.ts';

type AssetJobSubject = Pick<MediaAssetRow, 'id' | 'projectId' | 'origin'>;

/** The job that makes an asset added to a project: an upload's processing, or a shot's generation. */
export function assetJobRef(asset: AssetJobSubject): { name: 'process-upload' | 'generate-shot'; jobId: string } {
  return asset.origin === 'uploaded' ? { name: 'process-upload', jobId: uploadJobId(asset.id) } : { name: 'generate-shot', jobId: shotJobId(asset.id) };
}

/** Queues an asset's job under its fixed id (a job that exists already is left as it is). */
export async function queueAssetJob(queue: Queue, asset: AssetJobSubject): Promise<void> {
  const { name, jobId } = assetJobRef(asset);
  if (name === 'process-upload') await queue.enqueue(name, { projectId: asset.projectId, mediaId: asset.id }, jobId);
  else await queue.enqueue(name, { mediaId: asset.id }, jobId);
}
