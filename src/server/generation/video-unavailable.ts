import type { ProviderRole } from '../../shared/schemas/admin.ts';
import { RetryableJobError } from '../jobs/job-registry.ts';
import { UserFacingError } from '../jobs/plain-failures.ts';
import type { Logger } from '../logger.ts';
import { type ModelCatalog, logModelNotFound } from '../providers/catalog/model-catalog.ts';
import { ModelNotFoundError } from '../providers/model-not-found.ts';
import { VideoModelError } from '../providers/video-model/video-model.ts';

/** What the user reads when the provider no longer knows the configured video model (the job refunds). */
export const VIDEO_UNAVAILABLE = 'Video generation is unavailable right now — your credits were returned';

/**
 * A provider that does not know the role's model fails the job at once with a plain sentence (no retry
 * can help until an operator sets another model); the catalog shows it and logs the variable to change.
 * Any other error passes unchanged.
 */
function unavailableIfModelMissing(
  error: unknown,
  role: ProviderRole,
  catalog: Pick<ModelCatalog, 'reportNotFound'> | undefined,
  log: Logger,
  message = VIDEO_UNAVAILABLE,
): unknown {
  if (!(error instanceof ModelNotFoundError)) return error;
  if (catalog) catalog.reportNotFound(role, error, log);
  else logModelNotFound(log, role, error);
  return new UserFacingError(message);
}

/**
 * Runs a video model's call for a job: a retryable refusal (429, 5xx) retries the job, a model the provider no
 * longer knows fails it at once with `message`, anything else passes unchanged.
 */
export async function callVideoModel<T>(
  call: () => Promise<T>,
  { role, catalog, log, message }: { role: ProviderRole; catalog: Pick<ModelCatalog, 'reportNotFound'> | undefined; log: Logger; message?: string },
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof VideoModelError && error.retryable) throw new RetryableJobError(error.message);
    throw unavailableIfModelMissing(error, role, catalog, log, message);
  }
}
