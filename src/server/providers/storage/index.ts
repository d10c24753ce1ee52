import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';
export { ObjectNotFoundError, ObjectTooLargeError, storageKey } from './storage.ts';

/** S3-compatible storage when S3_BUCKET is set, else files under DATA_DIR/media. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(path.join(config.dataDir, 'media'));
}
