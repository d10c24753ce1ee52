import { createExportVideoJob } from '../export/export-video-job.ts';
import { createExtendVideoJob } from '../generation/extend-video-job.ts';
import { type GenerationDeps, createGenerateVideoJob } from '../generation/generate-video-job.ts';
import type { JobDefinitions } from './job-registry.ts';

/** The handler of every job in the registry, built from the app's services. */
export function createJobDefinitions(deps: GenerationDeps): JobDefinitions {
  return {
    'generate-video': createGenerateVideoJob(deps),
    'export-video': createExportVideoJob(deps),
    'extend-video': createExtendVideoJob(deps),
  };
}
