import { SESSION_TTL_MS } from '../../shared/constants.ts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { createSecureToken, hashToken } from './secure-token.ts';

/** Creates a session and returns the cookie token; only its hash is stored. */
export async function createSession(db: Db, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = createSecureToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({ id: hash, userId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() })
    .execute();
  return { token, expiresAt };
}

export async function findSessionUser(db: Db, token: string, now: Date): Promise<UserRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .where('sessions.id', '=', hashToken(token))
    .where('sessions.expiresAt', '>', now.toISOString())
    .executeTakeFirst();
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now.toISOString()).execute();
}
