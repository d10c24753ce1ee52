import { buildApp } from './app.ts';
import { defaultClientDir } from './client-dir.ts';
import { ConfigError, loadConfig } from './config.ts';
import { queueMissingExampleRenders } from './examples/render-example-job.ts';
import { requeueUnfinishedGenerations } from './generation/generation-sweep.ts';
import { startHousekeeping } from './housekeeping.ts';
import { createLogger } from './logger.ts';
import { releaseStoppedClaims } from './media/uploads-sweep.ts';
import { queueMissingLibraryTracks } from './music/library/index.ts';
import { FfmpegNotFoundError } from './render/ffmpeg-binaries.ts';
import { sweepStaleScratchDirs } from './render/scratch-dir.ts';
import { FontFilesMissingError } from './render/font-files.ts';
import { closeServices, createServices, jobDefinitionsFor } from './services.ts';
import { exitOnSignals } from './shutdown.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  const services = await createServices(config, logger);
  const { ffmpeg, queue, videoModel, storage } = services;
  logger.info(`Using ffmpeg ${ffmpeg.version} (${ffmpeg.source}): ${ffmpeg.ffmpegPath}`);
  logger.info(`Database ready (${config.database.kind}); storage: ${storage.kind}; jobs: ${queue.kind}; video model: ${videoModel.kind}`);
  const swept = await sweepStaleScratchDirs();
  if (swept.length > 0) logger.info({ count: swept.length }, 'removed the scratch dirs of stopped processes');
  const released = await releaseStoppedClaims(services.db);
  if (released > 0) logger.info({ uploads: released }, 'gave back the uploads stopped processes were checking');

  const app = await buildApp(services, { clientDir: defaultClientDir });
  // With Redis, jobs run in `npm run worker` processes; otherwise this process runs them.
  if (queue.kind === 'database') {
    await requeueUnfinishedGenerations(services.db, queue, logger);
    if (config.startupRenders) {
      await queueMissingLibraryTracks(services.db, queue, logger, services.musicLibrary);
      await queueMissingExampleRenders(services.examples, queue, logger);
    }
    queue.start(jobDefinitionsFor(services));
  }
  const housekeeping = startHousekeeping(services.db, storage, logger);
  services.catalog.start();

  exitOnSignals(
    config.shutdownTimeoutMs,
    async () => {
      await app.close();
      await housekeeping.stop();
      await closeServices(services);
    },
    logger,
    'shutting down',
  );

  await app.listen({ port: config.port, host: config.host });
  logger.info(`PromptReel is ready at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof FfmpegNotFoundError || error instanceof FontFilesMissingError;
  console.error(known ? error.message : error);
  process.exit(1);
});
