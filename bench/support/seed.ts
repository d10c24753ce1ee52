/**
 * Fills a migrated database with signed-in users and their projects through the app's repositories,
 * as if they had generated and edited videos (no ffmpeg: the rows only point at media keys).
 */
import { randomUUID } from 'node:crypto';
// session-cookie.ts types its reply and request with the cookie plugin's additions, which app.ts brings in.
import type {} from '@fastify/cookie';
import { type EditorState, newShot, newTextOverlay } from '../../src/shared/editor/editor-state.ts';
import { EDITOR_DOCUMENT_VERSION, FONT_FAMILIES, VISUAL_EFFECTS } from '../../src/shared/editor/editor-constants.ts';
import { SESSION_COOKIE } from '../../src/server/auth/session-cookie.ts';
import { createSession } from '../../src/server/auth/sessions-repository.ts';
import { insertUser, usernameKey } from '../../src/server/auth/users-repository.ts';
import type { Db } from '../../src/server/db/database.ts';
import { insertProject } from '../../src/server/projects/projects-repository.ts';

export interface SeededUser {
  cookie: string;
  /** Ready projects: the ones the editor opens and saves. */
  readyProjects: Array<{ id: string; duration: number }>;
}

const prompts = [
  'Neon city streets at night, rain on the glass',
  'A quiet forest at sunrise with mist',
  'Ocean waves rolling onto a white beach',
  'Latte art in slow motion, warm cafe light',
  'Skateboarder at golden hour, low angle',
];

/** What a creator leaves behind after a few minutes in the editor on project `projectId`: a title, a caption, a look, a trim. */
export function editedState(projectId: string, duration: number, variant: number): EditorState {
  const overlays = [
    { ...newTextOverlay(`title-${variant}`, duration), text: 'WAIT FOR IT', fontSize: 72, position: { x: 50, y: 18 } },
    {
      ...newTextOverlay(`caption-${variant}`, duration),
      text: `Part ${variant % 9 + 1}: best sunset of the year\nfollow for more`,
      fontFamily: FONT_FAMILIES[variant % FONT_FAMILIES.length] as EditorState['textOverlays'][number]['fontFamily'],
      fontSize: 40,
      color: '#FFD700',
      position: { x: 50, y: 78 },
    },
  ];
  return {
    version: EDITOR_DOCUMENT_VERSION,
    // The project's own clip (its media asset has the project's id), trimmed and turned down.
    shots: [{ ...newShot('shot-1', projectId, duration), in: 0.5, out: Math.max(1, duration - 0.5), volume: 0.8 }],
    audioClips: [],
    captions: null,
    textOverlays: overlays.slice(0, 1 + (variant % 2)),
    visualEffect: VISUAL_EFFECTS[variant % VISUAL_EFFECTS.length] as EditorState['visualEffect'],
    colorGrading: { brightness: 100 + (variant % 15), contrast: 105, saturation: 100 + (variant % 30) },
  };
}

/**
 * `users` users, each with one session and `projectsPerUser` projects: ready ones (two in three of
 * them edited) and, from the tenth on, a failed one. None is 'generating': the server would resume
 * such a project at start-up and render it with ffmpeg during the measurement. One transaction, so
 * the seeding takes seconds, not minutes, on PostgreSQL.
 */
export async function seedUsers(db: Db, users: number, projectsPerUser: number): Promise<SeededUser[]> {
  const seeded: SeededUser[] = [];
  const started = Date.now() - 30 * 24 * 3600 * 1000;
  await db.transaction().execute(async (trx) => {
    for (let u = 0; u < users; u++) {
      const username = `bench_user_${u}`;
      const user = await insertUser(trx, {
        id: randomUUID(),
        username,
        usernameKey: usernameKey(username),
        email: `${username}@example.com`,
        // Nobody logs in with a password here: sessions are made directly below.
        passwordHash: 'scrypt$not-a-real-hash',
        createdAt: new Date(started).toISOString(),
      });
      const { token } = await createSession(trx, user.id, new Date());
      const readyProjects: SeededUser['readyProjects'] = [];
      for (let p = 0; p < projectsPerUser; p++) {
        const id = randomUUID();
        const status = p % 10 === 9 ? 'error' : 'ready';
        const duration = [8, 15, 30][p % 3] as number;
        const at = new Date(started + (u * projectsPerUser + p) * 60_000).toISOString();
        await insertProject(trx, {
          id,
          userId: user.id,
          title: `${prompts[p % prompts.length]?.split(',')[0]} #${p}`,
          prompt: prompts[p % prompts.length] as string,
          aspectRatio: p % 4 === 3 ? '16:9' : '9:16',
          status,
          duration: status === 'ready' ? duration : 0,
          targetDuration: duration,
          totalSegments: Math.ceil(duration / 8),
          generationProgress: status === 'ready' ? 100 : 0,
          videoUrl: null,
          thumbnailUrl: null,
          editorState: status === 'ready' && p % 3 !== 2 ? JSON.stringify(editedState(id, duration, u + p)) : null,
          errorMessage: status === 'error' ? 'The video model refused this prompt. Your credits were refunded.' : null,
          videoKey: status === 'ready' ? `projects/${id}/video-${p}.mp4` : null,
          thumbnailKey: status === 'ready' ? `projects/${id}/thumbnail-${p}.jpg` : null,
          createdAt: at,
          updatedAt: at,
        });
        if (status === 'ready') readyProjects.push({ id, duration });
      }
      seeded.push({ cookie: `${SESSION_COOKIE}=${token}`, readyProjects });
    }
  });
  return seeded;
}
