import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { unauthorized } from '../http/http-error.ts';
import { readSessionToken } from './session-cookie.ts';
import { batchedLookup } from '../db/batched-lookup.ts';
import { hashToken } from './secure-token.ts';
import { findSessionUsers } from './sessions-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of an /api request, or null. */
    user: UserRow | null;
  }
}

/** Loads the user behind the session cookie once per /api request; concurrent requests share one query. */
export function registerRequestUser(app: FastifyInstance, db: Db): void {
  const sessionUser = batchedLookup((sessionIds: string[]) => findSessionUsers(db, sessionIds, new Date()));
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = readSessionToken(request);
    if (token) request.user = (await sessionUser(hashToken(token))) ?? null;
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * A preValidation hook for a plugin whose routes all need a session: an anonymous caller hears 401
 * whatever it sent, never a 400 about a body it should not be sending yet.
 */
export async function signedInOnly(request: FastifyRequest): Promise<void> {
  requireUser(request);
}
