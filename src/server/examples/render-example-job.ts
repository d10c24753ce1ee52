import type { JobDefinition } from '../jobs/job-registry.ts';
import type { Queue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { type ExampleAsset, type ExamplesService, RENDER_VERSION } from './examples-service.ts';

/**
 * One job id per thing to render and per render version: processes starting together queue one job each, and
 * a new look (a bumped RENDER_VERSION) gets jobs of its own. "posters" sorts before "video-…", so with jobs
 * queued in the same millisecond the database queue still takes the posters first.
 */
function exampleRenderJobId(asset: ExampleAsset): string {
  return `render-example:${RENDER_VERSION}:${asset.kind === 'posters' ? 'posters' : `video-${asset.exampleId}`}`;
}

/**
 * Renders the examples' posters or one clip in the background (decision 022). Idempotent: what is stored is
 * done, and a render already under way in this process (a visitor asked first) is waited for, not repeated.
 */
export function createRenderExampleJob(examples: ExamplesService): JobDefinition<'render-example'> {
  return {
    run: (asset, { signal, logger }) => examples.render(asset, { signal, logger }),
    // Nobody waits on a background render: the queue has logged why it failed, and a visitor's request renders it.
    async fail() {},
  };
}

/**
 * At start-up, queues a render for what is not stored yet, posters first and then each clip (a fresh install
 * queues nine jobs; a later start reads sixteen file sizes and queues nothing). Returns how many were queued.
 */
export async function queueMissingExampleRenders(examples: ExamplesService, queue: Queue, logger: Logger): Promise<number> {
  const missing = await examples.missingAssets();
  for (const asset of missing) await queue.enqueue('render-example', asset, exampleRenderJobId(asset));
  if (missing.length > 0) logger.info({ jobs: missing.map(exampleRenderJobId) }, 'example renders queued');
  return missing.length;
}
