import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_TTL_MS } from '../../shared/constants.ts';
import type { Db } from '../db/database.ts';
import { createSecureToken, hashToken } from './secure-token.ts';

export async function createResetToken(db: Db, userId: string, now: Date): Promise<string> {
  const { token, hash } = createSecureToken();
  await db
    .insertInto('passwordResetTokens')
    .values({
      id: randomUUID(),
      userId,
      token: hash,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
    })
    .execute();
  return token;
}

/**
 * Takes a valid token out of the table and returns its user id: a token works once, even when two
 * requests race, because only one of them deletes the row.
 */
export async function consumeResetToken(db: Db, token: string, now: Date): Promise<string | undefined> {
  const row = await db
    .deleteFrom('passwordResetTokens')
    .where('token', '=', hashToken(token))
    .returning(['userId', 'expiresAt'])
    .executeTakeFirst();
  if (!row || row.expiresAt <= now.toISOString()) return undefined;
  return row.userId;
}

export async function deleteUserResetTokens(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('passwordResetTokens').where('userId', '=', userId).execute();
}

export async function deleteExpiredResetTokens(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('passwordResetTokens').where('expiresAt', '<=', now.toISOString()).execute();
}
