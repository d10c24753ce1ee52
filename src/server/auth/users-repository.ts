import type { Db } from '../db/database.ts';
import type { NewUser, UserRow } from '../db/schema.ts';

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('usernameKey', '=', usernameKey(username)).executeTakeFirst();
}

export async function findUsersByEmail(db: Db, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .execute();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
}

export async function updateEmail(db: Db, userId: string, email: string): Promise<UserRow> {
  return db.updateTable('users').set({ email }).where('id', '=', userId).returningAll().executeTakeFirstOrThrow();
}

/** Returns false when no such user exists. */
export async function setAdminFlag(db: Db, username: string, isAdmin: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ isAdmin: isAdmin ? 1 : 0 })
    .where('usernameKey', '=', usernameKey(username))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
