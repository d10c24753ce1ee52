import type { Db } from '../db/database.ts';

export async function listUserProjects(db: Db, userId: string) {
  return db
    .selectFrom('videoProjects')
    .select(['id', 'title', 'prompt', 'status', 'aspectRatio', 'duration', 'videoUrl', 'thumbnailUrl', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}
