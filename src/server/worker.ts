import { ConfigError, loadConfig } from './config.ts';
import { queueMissingExampleRenders } from './examples/render-example-job.ts';
import { requeueUnfinishedGenerations } from './generation/generation-sweep.ts';
import { createLogger } from './logger.ts';
import { queueMissingLibraryTracks } from './music/library/index.ts';
import { FfmpegNotFoundError } from './render/ffmpeg-binaries.ts';
import { sweepStaleScratchDirs } from './render/scratch-dir.ts';
import { FontFilesMissingError } from './render/font-files.ts';
import { closeServices, createServices, jobDefinitionsFor } from './services.ts';
import { exitOnSignals } from './shutdown.ts';

/** `npm run worker`: runs queued jobs (generation) beside the API processes, on the same config. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  const services = await createServices(config, logger);
  logger.info(`Worker started: jobs from ${services.queue.kind}, video model ${services.videoModel.kind}`);
  const swept = await sweepStaleScratchDirs();
  if (swept.length > 0) logger.info({ count: swept.length }, 'removed the scratch dirs of stopped processes');
  await requeueUnfinishedGenerations(services.db, services.queue, logger);
  if (config.startupRenders) {
    await queueMissingLibraryTracks(services.db, services.queue, logger, services.musicLibrary);
    await queueMissingExampleRenders(services.examples, services.queue, logger);
  }
  services.queue.start(jobDefinitionsFor(services));

  exitOnSignals(config.shutdownTimeoutMs, () => closeServices(services), logger, 'finishing running jobs');
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof FfmpegNotFoundError || error instanceof FontFilesMissingError;
  console.error(known ? error.message : error);
  process.exit(1);
});
