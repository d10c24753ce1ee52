import type { CurrentUser } from '../../shared/schemas/user.ts';
import type { UserRow } from '../db/schema.ts';

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    subscription: row.subscription,
    isAdmin: row.isAdmin === 1,
    credits: row.credits,
    createdAt: row.createdAt,
  };
}
