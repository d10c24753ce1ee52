import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth-routes.ts';
import { createAuthService } from './auth/auth-service.ts';
import { registerRequestUser } from './auth/request-user.ts';
import { createBackgroundTasks } from './background-tasks.ts';
import { billingRoutes } from './billing/billing-routes.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { registerClientApp } from './http/client-app.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import type { Logger } from './logger.ts';
import { projectsRoutes } from './projects/projects-routes.ts';
import type { Mailer } from './providers/mailer/index.ts';

export interface AppServices {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Folder of the built web app; null serves the API alone. */
  clientDir: string | null;
}

/** Builds the whole HTTP app without listening, so tests can `inject` requests into it. */
export async function buildApp({ config, db, mailer, logger, clientDir }: AppServices): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: 1024 * 1024,
    trustProxy: config.publicUrl.startsWith('https:'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

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
  await app.register(authRoutes, { auth, secureCookies: config.secureCookies, background });
  await app.register(projectsRoutes, { db });
  await app.register(billingRoutes);
  await registerClientApp(app, clientDir);
  return app;
}
