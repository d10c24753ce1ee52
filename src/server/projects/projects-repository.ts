import type { Db } from '../db/database.ts';
import type { VideoProjectRow } from '../db/schema.ts';

export async function listUserProjects(db: Db, userId: string): Promise<VideoProjectRow[]> {
  return db.selectFrom('videoProjects').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').execute();
}
