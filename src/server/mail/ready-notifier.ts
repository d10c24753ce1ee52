import { findUserById } from '../auth/users-repository.ts';
import type { Db } from '../db/database.ts';
import type { VideoProjectRow } from '../db/schema.ts';
import type { Mailer } from '../providers/mailer/mailer.ts';
import { videoReadyEmail } from './video-ready-email.ts';

/** E-mails the owner that a video is ready, when they gave an address at sign-up. */
export function createReadyNotifier(db: Db, mailer: Mailer, publicUrl: string) {
  return async (project: VideoProjectRow): Promise<void> => {
    const user = await findUserById(db, project.userId);
    if (!user?.email) return;
    await mailer.send(videoReadyEmail(user.email, user.username, project.title, `${publicUrl}/editor/${project.id}`));
  };
}
