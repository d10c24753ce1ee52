import { sql } from 'kysely';
import type { AdminStats, AdminUser } from '../../shared/schemas/admin.ts';
import type { Db } from '../db/database.ts';

/** The first instant of `now`'s calendar month in UTC, as stored timestamps are written. */
export function startOfMonthUtc(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** All five numbers in two queries, counted by the database. */
export async function adminStats(db: Db, now: Date): Promise<AdminStats> {
  const users = await db
    .selectFrom('users')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when subscription = 'pro' then 1 else 0 end), 0)`.as('pro'),
    ])
    .executeTakeFirstOrThrow();
  const videos = await db
    .selectFrom('videoProjects')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when created_at >= ${startOfMonthUtc(now)} then 1 else 0 end), 0)`.as('thisMonth'),
    ])
    .executeTakeFirstOrThrow();
  const totalUsers = Number(users.total);
  const proUsers = Number(users.pro);
  return { totalUsers, totalVideos: Number(videos.total), videosThisMonth: Number(videos.thisMonth), proUsers, freeUsers: totalUsers - proUsers };
}

const ADMIN_USER_COLUMNS = ['id', 'username', 'email', 'subscription', 'credits', 'createdAt'] as const;

export async function listUsersForAdmin(db: Db): Promise<AdminUser[]> {
  return db.selectFrom('users').select(ADMIN_USER_COLUMNS).orderBy('createdAt', 'desc').execute();
}

export async function findUserForAdmin(db: Db, id: string): Promise<AdminUser | undefined> {
  return db.selectFrom('users').select(ADMIN_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}
