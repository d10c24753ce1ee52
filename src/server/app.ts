import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/admin-routes.ts';
import { aiRoutes } from './ai/ai-routes.ts';
import { createAiService } from './ai/ai-service.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { createAuthService } from './auth/auth-service.ts';
import { registerRequestUser } from './auth/request-user.ts';
import { createSpeechService } from './speech/speech-service.ts';
import { speechRoutes } from './speech/speech-routes.ts';
import { createVoicesService } from './speech/voices-service.ts';
import { createBackgroundTasks } from './background-tasks.ts';
import { billingRoutes } from './billing/billing-routes.ts';
import { examplesRoutes } from './examples/examples-routes.ts';
import { exportRoutes } from './export/export-routes.ts';
import { createExportService } from './export/export-service.ts';
import { fontsRoutes } from './fonts/fonts-routes.ts';
import { createExtensionService } from './generation/extension-service.ts';
import { generationRoutes } from './generation/generation-routes.ts';
import { registerApiNoStore } from './http/cache-control.ts';
import { registerClientApp } from './http/client-app.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { TooManyJobsError } from './work/job-cap.ts';
import { healthRoutes } from './http/health-routes.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerBodyTimeouts, serverTimeouts } from './http/request-timeouts.ts';
import { registerSameOriginGuard } from './http/same-origin-guard.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { mediaAssetsRoutes } from './media/media-assets-routes.ts';
import { createMediaAssetsService } from './media/media-assets-service.ts';
import { mediaImportRoutes } from './media/media-import-routes.ts';
import { createMediaImportService } from './media/media-import-service.ts';
import { mediaRoutes } from './media/media-routes.ts';
import { uploadsRoutes } from './media/uploads-routes.ts';
import { createUploadsService } from './media/uploads-service.ts';
import { projectsRoutes } from './projects/projects-routes.ts';
import { createPayments } from './providers/payments/index.ts';
import { createProjectsService } from './projects/projects-service.ts';
import { musicRoutes } from './music/music-routes.ts';
import { createMusicUploads } from './music/music-uploads.ts';
import type { Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, so tests can check each one (authorisation matrix, rate limits). */
    routeTable: Array<{ method: string; url: string; rateLimited: boolean }>;
  }
}

export interface AppOptions {
  /** Folder of the built web app; null serves the API alone. */
  clientDir: string | null;
  /** Prefix of the rate-limit counters in Redis (tests keep apps apart with it). */
  rateLimitNamespace?: string;
}

function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole HTTP app without listening, so tests can `inject` requests into it. */
export async function buildApp(services: Services, { clientDir, rateLimitNamespace }: AppOptions): Promise<FastifyInstance> {
  const { config, db, mailer, logger, storage, queue, ffmpeg, videoModel, textModel, imageModels } = services;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.timeouts),
    // Fastify 5 reads a bare number as "trust nobody"; TRUST_PROXY's hop count means the nearest N peers.
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    // Our own id on every request's log lines and in the X-Request-Id answer header; a client's is not trusted.
    genReqId: () => randomUUID(),
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, (error) => (error instanceof TooManyJobsError ? 429 : undefined));
  registerBodyTimeouts(app, config.timeouts);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url, rateLimited });
  });

  registerSecurityHeaders(app, { https: config.secureCookies });
  registerApiNoStore(app);
  registerSameOriginGuard(app, config.publicUrl);
  registerNulGuard(app);
  // Large JSON (the admin's user list: 1.7 MiB at 10k users) travels compressed; small answers do not.
  // gzip at level 1 first: it shrinks JSON about as well for a fraction of brotli's CPU (docs/benchmarks.md).
  await app.register(fastifyCompress, {
    threshold: 32 * 1024,
    encodings: ['gzip', 'br', 'deflate'],
    zlibOptions: { level: 1 },
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  await registerRateLimits(app, { scale: config.rateLimitScale, redisUrl: config.redisUrl, redisNamespace: rateLimitNamespace });
  registerRequestUser(app, db);

  const background = createBackgroundTasks(logger);
  app.addHook('onClose', () => background.drain());

  const auth = createAuthService({ db, mailer, logger, publicUrl: config.publicUrl, passwords: services.passwords });
  const projects = createProjectsService({ db, queue, storage, logger, maxActiveJobsPerUser: config.maxActiveJobsPerUser });
  const uploads = createUploadsService({ db, storage, ffmpeg, queue, logger, publicUrl: config.publicUrl, maxActiveJobsPerUser: config.maxActiveJobsPerUser });
  const media = createMediaAssetsService({ db, storage, queue, logger, maxActiveJobsPerUser: config.maxActiveJobsPerUser });
  const exports = createExportService({ db, queue, maxActiveJobsPerUser: config.maxActiveJobsPerUser });
  const ai = createAiService({ db, ffmpeg, storage, textModel, imageModels, projects, logger, catalog: services.catalog });

  await app.register(authRoutes, { auth, secureCookies: config.secureCookies, background });
  const extensions = createExtensionService({
    db,
    queue,
    extensionModel: services.extensionModel,
    logger,
    maxActiveJobsPerUser: config.maxActiveJobsPerUser,
  });
  await app.register(projectsRoutes, { projects, extensions });
  await app.register(mediaRoutes, { db, storage, queue, media });
  await app.register(mediaAssetsRoutes, { media, storage });
  await app.register(mediaImportRoutes, { mediaImport: createMediaImportService({ db, storage, logger }) });
  await app.register(exportRoutes, { exports, db, storage });
  await app.register(uploadsRoutes, { uploads });
  await app.register(generationRoutes, { videoModel });
  await app.register(aiRoutes, { ai, storage });
  await app.register(examplesRoutes, { examples: services.examples, storage });
  await app.register(musicRoutes, {
    db,
    storage,
    musicUploads: createMusicUploads({ db, storage, ffmpeg, queue, uploads, logger }),
    libraryBeingRendered: config.startupRenders ? services.musicLibrary : null,
  });
  await app.register(fontsRoutes);
  await app.register(billingRoutes, { db, payments: createPayments(config), publicUrl: config.publicUrl, logger, proPrice: config.proPrice ?? null });
  await app.register(speechRoutes, {
    voices: createVoicesService({ speech: services.speech, storage, ffmpeg, logger }),
    speech: createSpeechService({ db, queue, logger, speech: services.speech, maxActiveJobsPerUser: config.maxActiveJobsPerUser }),
    storage,
  });
  await app.register(adminRoutes, { db, catalog: services.catalog, speech: services.speech });
  await app.register(healthRoutes, { db, queue, storage });
  await registerClientApp(app, clientDir);
  return app;
}
