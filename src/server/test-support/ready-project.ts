import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import { insertProject } from '../projects/projects-repository.ts';

/**
 * A ready project row of `userId`, made directly as a finished generation leaves it (no render): tests
 * override what they check, such as its `videoKey` (store a real clip there when the test plays it).
 */
export async function insertReadyProject(db: Db, userId: string, overrides: Partial<VideoProjectRow> = {}): Promise<VideoProjectRow> {
  const at = new Date().toISOString();
  const id = overrides.id ?? randomUUID();
  return insertProject(db, {
    id,
    userId,
    title: 'Ready',
    prompt: 'A ready clip',
    aspectRatio: '9:16',
    status: 'ready',
    duration: 8,
    targetDuration: 8,
    videoKey: `projects/${id}/video.mp4`,
    thumbnailKey: null,
    videoUrl: null,
    thumbnailUrl: null,
    editorState: null,
    errorMessage: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  });
}
