import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin/admin-routes.ts';
import { aiRoutes } from './ai/ai-routes.ts';
import { createAiService } from './ai/ai-service.ts';
import { authRoutes } from './auth/auth-routes.ts';
import { createAuthService } from './auth/auth-service.ts';
import { registerRequestUser } from './auth/request-user.ts';
import { createBackgroundTasks } from './background-tasks.ts';
import { billingRoutes } from './billing/billing-routes.ts';
import { examplesRoutes } from './examples/examples-routes.ts';
import { exportRoutes } from './export/export-routes.ts';
import { createExportService } from './export/export-service.ts';
import { createExamplesService } from './examples/examples-service.ts';
import { fontsRoutes } from './fonts/fonts-routes.ts';
import { createExtensionService } from './generation/extension-service.ts';
import { generationRoutes } from './generation/generation-routes.ts';
import { registerClientApp } from './http/client-app.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { mediaRoutes } from './media/media-routes.ts';
import { uploadsRoutes } from './media/uploads-routes.ts';
import { createUploadsService } from './media/uploads-service.ts';
import { projectsRoutes } from './projects/projects-routes.ts';
import { createPayments } from './providers/payments/index.ts';
import { createProjectsService } from './projects/projects-service.ts';
import { createOfflineVideoModel } from './providers/video-model/offline-video-model.ts';
import type { Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (method and URL), so tests can check each one (authorisation matrix). */
    routeTable: Array<{ method: string; url: string }>;
  }
}

export interface AppOptions {
  /** Folder of the built web app; null serves the API alone. */
  clientDir: string | null;
}

/** Builds the whole HTTP app without listening, so tests can `inject` requests into it. */
export async function buildApp(services: Services, { clientDir }: AppOptions): Promise<FastifyInstance> {
  const { config, db, mailer, logger, storage, queue, ffmpeg, videoModel, textModel, imageModels } = services;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: 1024 * 1024,
    trustProxy: config.publicUrl.startsWith('https:'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url });
  });

  app.decorate('rateLimitScale', config.rateLimitScale);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${context.after}.`,
    }),
  });
  registerRequestUser(app, db);

  const background = createBackgroundTasks(logger);
  app.addHook('onClose', () => background.drain());

  const auth = createAuthService({ db, mailer, logger, publicUrl: config.publicUrl });
  const projects = createProjectsService({ db, queue, storage, logger });
  const uploads = createUploadsService({ db, storage, ffmpeg, publicUrl: config.publicUrl });
  const exports = createExportService({ db, queue });
  const ai = createAiService({ db, ffmpeg, storage, textModel, imageModels, logger });
  const examples = createExamplesService({ storage, renderer: createOfflineVideoModel(ffmpeg), ffmpeg, logger });

  await app.register(authRoutes, { auth, secureCookies: config.secureCookies, background });
  await app.register(projectsRoutes, { db, projects, extensions: createExtensionService({ db, queue }) });
  await app.register(mediaRoutes, { db, storage });
  await app.register(exportRoutes, { exports, db, storage });
  await app.register(uploadsRoutes, { uploads });
  await app.register(generationRoutes, { videoModel });
  await app.register(aiRoutes, { ai, storage });
  await app.register(examplesRoutes, { examples, storage });
  await app.register(fontsRoutes);
  await app.register(billingRoutes, { db, payments: createPayments(config), publicUrl: config.publicUrl, logger });
  await app.register(adminRoutes, { db });
  await registerClientApp(app, clientDir);
  return app;
}
