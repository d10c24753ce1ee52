import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStatsSchema,
  adminUserListSchema,
  adminUserSchema,
  providerCatalogSchema,
  updateSubscriptionRequestSchema,
} from '../../shared/schemas/admin.ts';
import { requireUser } from '../auth/request-user.ts';
import { changeSubscription } from '../billing/subscriptions.ts';
import type { Db } from '../db/database.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import { rateLimits } from '../http/rate-limits.ts';
import type { ModelCatalog } from '../providers/catalog/model-catalog.ts';
import type { SpeechEngines } from '../providers/speech/speech-engines.ts';
import { adminStats, findUserForAdmin, listUsersForAdmin } from './admin-repository.ts';

/** Every /api/admin route: 401 without a session, 403 for anyone but an admin. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; catalog: ModelCatalog; speech: Pick<SpeechEngines, 'report'> }> = async (
  app,
  { db, catalog, speech },
) => {
  // Before validation, so an anonymous caller hears 401 whatever it sent.
  app.addHook('preValidation', async (request) => {
    if (requireUser(request).isAdmin !== 1) throw forbidden('Admin access required');
  });

  app.get('/api/admin/stats', { schema: { response: { 200: adminStatsSchema } } }, async () => adminStats(db, new Date()));

  app.get('/api/admin/users', { schema: { response: { 200: adminUserListSchema } } }, async () => listUsersForAdmin(db));

  app.put(
    '/api/admin/users/:userId/subscription',
    {
      schema: {
        params: z.object({ userId: z.string().min(1).max(64) }),
        body: updateSubscriptionRequestSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const changed = await changeSubscription(
        db,
        { userId: request.params.userId, to: request.body.subscription, source: 'admin', changedBy: admin.id },
        new Date(),
      );
      const user = changed ? await findUserForAdmin(db, request.params.userId) : undefined;
      if (!user) throw notFound('User not found');
      return user;
    },
  );

  app.get('/api/admin/providers', { schema: { response: { 200: providerCatalogSchema } } }, async () => ({ ...catalog.snapshot(), speechEngines: speech.report }));

  // Asks every provider at once, so it is limited like the other calls that reach an AI provider.
  app.post(
    '/api/admin/providers/check',
    { config: { rateLimit: rateLimits.ai }, schema: { response: { 200: providerCatalogSchema } } },
    async () => ({ ...(await catalog.checkNow()), speechEngines: speech.report }),
  );
};
