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

/** The users behind unexpired sessions, by session id (the token's hash). */
export async function findSessionUsers(db: Db, sessionIds: string[], now: Date): Promise<Map<string, UserRow>> {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select('sessions.id as sessionId')
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.expiresAt', '>', now.toISOString())
    .execute();
  return new Map(rows.map(({ sessionId, ...user }) => [sessionId, user]));
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
