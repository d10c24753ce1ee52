import { buildApp } from './app.ts';
import { defaultClientDir } from './client-dir.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './providers/mailer/index.ts';
import { FfmpegNotFoundError, locateFfmpeg } from './render/ffmpeg-binaries.ts';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config);
  const ffmpeg = await locateFfmpeg(config, process.env.PATH);
  logger.info(`Using ffmpeg ${ffmpeg.version} (${ffmpeg.source}): ${ffmpeg.ffmpegPath}`);

  const db = createDatabase(config.database);
  await migrateToLatest(db);
  logger.info(`Database ready (${config.database.kind})`);

  const mailer = createMailer(config, logger);
  const app = await buildApp({ config, db, mailer, logger, clientDir: defaultClientDir });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received, shutting down`);
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  logger.info(`PromptReel is ready at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof FfmpegNotFoundError;
  console.error(known ? error.message : error);
  process.exit(1);
});
