import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAPTION_STYLE } from '../../shared/captions/caption-track.ts';
import { defaultEditorState } from '../../shared/editor/editor-state.ts';
import { encodeEditorDocument } from '../projects/editor-document/editor-document.ts';
import { makeAdmin } from '../admin/make-admin.ts';
import { createResetToken } from '../auth/reset-tokens-repository.ts';
import { EXPORT_NOT_FOUND } from '../export/export-service.ts';
import { NOT_OUR_URL_MESSAGE } from '../media/uploads-service.ts';
import { watermarkedVideoKey } from '../media/watermarked-video.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { PROJECT_NOT_FOUND } from '../projects/projects-service.ts';
import { RENDER_VERSION } from '../examples/examples-service.ts';
import { speechVoices } from '../providers/speech/speech-engines.ts';
import { storageKey } from '../providers/storage/storage.ts';
import { insertCaptionJob } from '../speech/caption-jobs-repository.ts';
import { jobDefinitionsFor } from '../services.ts';
import { type TestDatabase, testDatabases } from '../test-support/database-targets.ts';
import { startFakeStripeServer } from '../test-support/fake-stripe-server.ts';
import { musicTrackKey, musicTrackUrl } from '../music/music-keys.ts';
import { makeTestClip } from '../test-support/test-clips.ts';
import { type TestApp, createTestApp, sessionCookieFrom, signUp, waitUntil } from '../test-support/test-app.ts';
import { uploadProject } from '../test-support/uploaded-project.ts';

/**
 * Issue 8: every /api route, asked by each kind of caller, answers as SPEC §6 and DESIGN §5 say.
 * The route list comes from the app itself (app.routeTable), so a new route that is not classified
 * here fails the first test by name.
 */

const CALLERS = ['anonymous', 'otherUser', 'admin', 'owner'] as const;
type Caller = (typeof CALLERS)[number];
type SignedInCaller = Exclude<Caller, 'anonymous'>;

/**
 * - public: anyone, signed in or not (the examples page, sign-up, the Stripe webhook).
 * - signed-in: any signed-in user acting on their own account; anonymous 401.
 * - owner: one user's project, export, image or upload ticket. Only its owner gets 2xx; anybody else,
 *   admins included (SPEC §6 gives admins users and plans, never other people's projects), gets the
 *   same answer as for a resource that does not exist, so nothing tells them it does.
 * - admin: /api/admin/*; anonymous 401, everyone but an admin 403.
 */
type Access = 'public' | 'signed-in' | 'owner' | 'admin';

const EXPECTED: Record<Access, Record<Caller, 'ok' | 'sign-in' | 'admin-only' | 'not-yours'>> = {
  public: { anonymous: 'ok', otherUser: 'ok', admin: 'ok', owner: 'ok' },
  'signed-in': { anonymous: 'sign-in', otherUser: 'ok', admin: 'ok', owner: 'ok' },
  owner: { anonymous: 'sign-in', otherUser: 'not-yours', admin: 'not-yours', owner: 'ok' },
  admin: { anonymous: 'sign-in', otherUser: 'admin-only', owner: 'admin-only', admin: 'ok' },
};
const SIGN_IN = { status: 401, message: 'Please sign in to continue.' };
const ADMIN_ONLY = { status: 403, message: 'Admin access required' };

interface Person {
  username: string;
  userId: string;
  cookie: string;
}

interface Fixtures {
  t: TestApp;
  people: Record<SignedInCaller, Person>;
  /** A real 3 s 9:16 clip on disk. */
  clip: Buffer;
  clipFile: string;
  /** The owner's ready project, uploaded the way a user would. */
  project: { id: string; duration: number };
  /** The owner's finished export of that project. */
  exportJobId: string;
  /** Queued after the queue stopped: never rendered, so its owner can cancel it. */
  pendingExportJobId: string;
  /** The owner's generated image. */
  imageId: string;
  /** The owner's own music track (a stored AAC file). */
  musicTrackId: string;
  /** A fourth user: the one the login, reset-password and admin plan-change cases act on. */
  bystander: Person;
}

/** One request of a case: path parameters for the route's pattern, and what else it sends. */
interface RequestParts {
  params?: Record<string, string>;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

type RouteSpec = (
  | { access: Exclude<Access, 'owner'> }
  /** notYours: what anyone but the owner hears, the same as for a resource that does not exist. */
  | { access: 'owner'; notYours: { status: number; message: string } }
) & {
  /** The success status for callers who may (200 unless said). */
  ok?: number;
  /** Cache-Control of a success, for public content meant to be cached; every other /api answer is no-store (issue 13). */
  cache?: string;
  /** The route ends or replaces the session it is called with: use a throwaway session of the caller. */
  freshSession?: boolean;
  /** Builds the request; owner routes always name the owner's resources, whoever calls. */
  request?: (f: Fixtures, caller: Caller) => RequestParts | Promise<RequestParts>;
  /** Checks beyond the status, e.g. that a refused call changed nothing. */
  verify?: (f: Fixtures, caller: Caller, response: LightMyRequestResponse, parts: RequestParts) => Promise<void> | void;
};

const notFoundAs = (message: string) => ({ status: 404, message });
const context = { title: 'Paper boats', prompt: 'Paper boats racing down a rainy gutter', aspectRatio: '9:16', duration: 8 };
const stripeSecret = 'whsec_matrix';
const stripe = new Stripe('sk_test_matrix');

/** A ready project of the owner with a real video, made directly (for cases that change or delete one). */
async function freshProject(f: Fixtures): Promise<string> {
  const id = randomUUID();
  const videoKey = storageKey('projects', id, 'video.mp4');
  await f.t.services.storage.putFile(videoKey, f.clipFile, 'video/mp4');
  await insertReadyProject(f.t.db, f.people.owner.userId, { id, title: 'Fresh', duration: 3, videoKey });
  return id;
}

/** A project of the owner's whose saved edit has captions (what the caption files are made from). */
async function captionedProject(f: Fixtures): Promise<string> {
  const id = randomUUID();
  const captions = { lines: [{ id: 'l1', words: [{ text: 'Hello', start: 0.2, end: 0.6, emphasis: false }] }], style: DEFAULT_CAPTION_STYLE, voice: null };
  const editorState = encodeEditorDocument({ ...defaultEditorState(id, 3), captions });
  await insertReadyProject(f.t.db, f.people.owner.userId, { id, title: 'Captioned', duration: 3, editorState });
  return id;
}

/** A voice this server speaks with (Festival where Debian's packages are installed, else the npm voice). */
function firstVoice(f: Fixtures): string {
  const voice = speechVoices(f.t.services.speech)[0];
  if (!voice) throw new Error('this server has no voice');
  return voice.id;
}

/** A finished caption job of the owner's, made directly. */
async function ownerCaptionJob(f: Fixtures): Promise<string> {
  const at = new Date().toISOString();
  const job = await insertCaptionJob(f.t.db, {
    id: randomUUID(), userId: f.people.owner.userId, projectId: f.project.id, source: 'script', script: 'Hello', status: 'done', message: null,
    words: JSON.stringify([{ text: 'Hello', start: 0.2, end: 0.6 }]), createdAt: at, updatedAt: at,
  });
  return job.id;
}

/** A track of the owner's own with a stored file, made directly (for the cases that delete one). */
async function freshTrack(f: Fixtures): Promise<string> {
  const track = { id: randomUUID(), userId: f.people.owner.userId };
  await f.t.services.storage.putFile(musicTrackKey(track), f.clipFile, 'audio/mp4');
  await f.t.db
    .insertInto('musicTracks')
    .values({ ...track, title: 'Fresh', artist: null, url: musicTrackUrl(track.id), duration: 3, genre: null, isCustom: 1, createdAt: new Date().toISOString() })
    .execute();
  return track.id;
}

/**
 * An upload ticket of the owner: its token, and its URL once the clip has been PUT to it. A music ticket
 * takes the same clip as audio (an MP4 with a sound track is an .m4a to ffprobe).
 */
async function ownerUpload(f: Fixtures, { put, kind = 'video' }: { put: boolean; kind?: 'video' | 'music' }): Promise<{ token: string; url: string }> {
  const cookie = f.people.owner.cookie;
  const issued = await f.t.app.inject({ method: 'POST', url: kind === 'video' ? '/api/videos/upload' : '/api/music-tracks/upload', headers: { cookie } });
  const url: string = issued.json().uploadURL;
  const token = new URL(url).pathname.split('/').at(-1)!;
  if (put) {
    const type = kind === 'video' ? 'video/mp4' : 'audio/mp4';
    const stored = await f.t.app.inject({ method: 'PUT', url: new URL(url).pathname, headers: { cookie, 'content-type': type }, payload: f.clip });
    expect(stored.statusCode).toBe(200);
  }
  return { token, url };
}

/** Auto-apply and its preview take the same request and are the owner's alone. */
const autoApplyRoute: RouteSpec = {
  access: 'owner',
  notYours: notFoundAs(PROJECT_NOT_FOUND),
  request: (f) => ({
    params: { id: f.project.id },
    payload: {
      suggestion: { type: 'effect', title: 'Mood', description: 'Go monochrome', example: 'grayscale' },
      currentEditorState: defaultEditorState(f.project.id, f.project.duration),
    },
  }),
};

const MATRIX: Record<string, RouteSpec> = {
  // Accounts
  'POST /api/auth/signup': { access: 'public', ok: 201, request: () => ({ payload: { username: `new-${randomUUID().slice(0, 8)}`, password: 'secret-pass' } }) },
  'POST /api/auth/login': {
    access: 'public',
    freshSession: true,
    request: (f) => ({ payload: { username: f.bystander.username, password: 'secret-pass' } }),
  },
  'POST /api/auth/logout': { access: 'public', freshSession: true },
  'POST /api/auth/forgot-password': { access: 'public', request: () => ({ payload: { email: 'bystander@example.com' } }) },
  'POST /api/auth/reset-password': {
    access: 'public',
    request: async (f) => ({ payload: { token: await createResetToken(f.t.db, f.bystander.userId, new Date()), newPassword: 'secret-pass' } }),
  },
  // Public since issue 42.17 (decision 057): a visitor hears that nobody is signed in, and nothing else.
  'GET /api/auth/me': {
    access: 'public',
    verify: (f, caller, response) => {
      expect(response.json().user?.id ?? null).toBe(caller === 'anonymous' ? null : f.people[caller].userId);
    },
  },
  'PATCH /api/auth/me': {
    access: 'signed-in',
    request: (_f, caller) => ({ payload: { email: `${caller}@example.com`, password: 'secret-pass' } }),
    verify: (f, caller, response) => {
      if (caller !== 'anonymous') expect(response.json().user).toMatchObject({ id: f.people[caller].userId, email: `${caller}@example.com` });
    },
  },

  // Public content
  'GET /api/examples': { access: 'public' },
  'GET /api/examples/:id/video': {
    access: 'public',
    cache: 'public, max-age=86400',
    request: () => ({ params: { id: '3' } }),
    // The clip seeded in beforeAll, so the route served the cached render.
    verify: (f, _caller, response) => expect(response.rawPayload.equals(f.clip)).toBe(true),
  },
  'GET /api/examples/:id/thumbnail': { access: 'public', cache: 'public, max-age=86400', request: () => ({ params: { id: '3' } }) },
  'GET /api/generation-info': { access: 'public' },

  // Projects
  'GET /api/projects': {
    access: 'signed-in',
    verify: (f, caller, response) => {
      if (caller === 'anonymous') return;
      const ids = (response.json() as Array<{ id: string }>).map((p) => p.id);
      expect(ids.includes(f.project.id)).toBe(caller === 'owner');
    },
  },
  'POST /api/projects': {
    access: 'signed-in',
    ok: 201,
    request: () => ({ payload: { title: 'Matrix', prompt: 'A paper boat in the rain', aspectRatio: '9:16', duration: 8 } }),
  },
  'GET /api/projects/:id': { access: 'owner', notYours: notFoundAs(PROJECT_NOT_FOUND), request: (f) => ({ params: { id: f.project.id } }) },
  'PATCH /api/projects/:id': {
    access: 'owner',
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: (f) => ({ params: { id: f.project.id }, payload: { editorState: { ...defaultEditorState(f.project.id, f.project.duration), visualEffect: 'sepia' } } }),
  },
  'DELETE /api/projects/:id': {
    access: 'owner',
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: async (f) => ({ params: { id: await freshProject(f) } }),
    verify: async (f, caller, _response, parts) => {
      const row = await f.t.db.selectFrom('videoProjects').select('id').where('id', '=', parts.params!.id!).executeTakeFirst();
      expect(row !== undefined).toBe(caller !== 'owner');
    },
  },
  'POST /api/projects/:id/extend': {
    access: 'owner',
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: async (f) => ({ params: { id: await freshProject(f) }, payload: { prompt: 'The boat sails on' } }),
  },
  'GET /api/projects/:id/extension-quote': { access: 'owner', notYours: notFoundAs(PROJECT_NOT_FOUND), request: (f) => ({ params: { id: f.project.id } }) },
  'GET /api/projects/:id/thumbnail': { access: 'owner', notYours: notFoundAs(PROJECT_NOT_FOUND), request: (f) => ({ params: { id: f.project.id } }) },
  'GET /api/video-proxy/:id': { access: 'owner', notYours: notFoundAs(PROJECT_NOT_FOUND), request: (f) => ({ params: { id: f.project.id } }) },

  // A project's media (the project's own clip is the asset with its id)
  'GET /api/projects/:id/media': {
    access: 'owner',
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: (f) => ({ params: { id: f.project.id } }),
    verify: (f, caller, response) => {
      if (caller === 'owner') expect(response.json().media.map((asset: { id: string }) => asset.id)).toContain(f.project.id);
    },
  },
  'POST /api/projects/:id/media/generate': {
    access: 'owner',
    ok: 201,
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: (f) => ({ params: { id: f.project.id }, payload: { prompt: 'The rain stops', duration: 4 } }),
  },
  'POST /api/projects/:id/media/complete-upload': {
    access: 'owner',
    ok: 201,
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    // The project is checked before the ticket: someone else's project is a 404 whatever the ticket.
    request: async (f) => ({ params: { id: f.project.id }, payload: { videoURL: (await ownerUpload(f, { put: true })).url } }),
  },
  'GET /api/projects/:id/media/importable': {
    access: 'owner',
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: async (f) => ({ params: { id: await freshProject(f) } }),
    verify: (f, caller, response) => {
      if (caller === 'owner') expect(response.json().clips.map((clip: { id: string }) => clip.id)).toContain(f.project.id);
    },
  },
  'POST /api/projects/:id/media/import': {
    access: 'owner',
    ok: 201,
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    // The owner's other project's clip, into a project of theirs: anyone else is refused at the project.
    request: async (f) => ({ params: { id: await freshProject(f) }, payload: { mediaId: f.project.id } }),
  },
  'GET /api/media/:mediaId/video': { access: 'owner', notYours: notFoundAs('Media not found'), request: (f) => ({ params: { mediaId: f.project.id } }) },
  'GET /api/media/:mediaId/poster': { access: 'owner', notYours: notFoundAs('Media not found'), request: (f) => ({ params: { mediaId: f.project.id } }) },

  // Uploads: the ticket in the URL (PUT) or the body (complete) is the owned resource.
  'POST /api/videos/upload': { access: 'signed-in' },
  'PUT /api/videos/uploads/:token': {
    access: 'owner',
    notYours: notFoundAs('This upload link is invalid, used or expired'),
    request: async (f) => ({
      params: { token: (await ownerUpload(f, { put: false })).token },
      payload: f.clip,
      headers: { 'content-type': 'video/mp4' },
    }),
  },
  'POST /api/videos/complete-upload': {
    access: 'owner',
    ok: 201,
    // The ticket travels in the body; someone else's reads exactly like a URL this server never issued.
    notYours: { status: 400, message: NOT_OUR_URL_MESSAGE },
    request: async (f) => ({ payload: { videoURL: (await ownerUpload(f, { put: true })).url, title: 'Uploaded' } }),
  },

  // Export
  'POST /api/projects/:id/export': {
    access: 'owner',
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: (f) => ({ params: { id: f.project.id }, payload: { resolution: '720p', format: 'mp4', quality: 'low' } }),
  },
  'GET /api/export-jobs/:jobId': { access: 'owner', notYours: notFoundAs(EXPORT_NOT_FOUND), request: (f) => ({ params: { jobId: f.exportJobId } }) },
  'POST /api/export-jobs/:jobId/cancel': {
    access: 'owner',
    notYours: notFoundAs(EXPORT_NOT_FOUND),
    request: (f) => ({ params: { jobId: f.pendingExportJobId } }),
  },
  'GET /api/export-jobs/:jobId/download': {
    access: 'owner',
    notYours: notFoundAs(EXPORT_NOT_FOUND),
    request: (f) => ({ params: { jobId: f.exportJobId } }),
  },
  'GET /api/projects/:id/captions.srt': {
    access: 'owner',
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: async (f) => ({ params: { id: await captionedProject(f) } }),
  },
  'GET /api/projects/:id/captions.vtt': {
    access: 'owner',
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: async (f) => ({ params: { id: await captionedProject(f) } }),
  },

  // Speech (issue 27): voices for anyone signed in; voice-overs and captions of the owner's projects.
  'GET /api/voices': { access: 'signed-in' },
  // A voice's sample is the same for everyone: the browser may keep it (privately, as it is behind the session).
  'GET /api/voices/:voiceId/preview': { access: 'signed-in', cache: 'private, max-age=86400', request: (f) => ({ params: { voiceId: firstVoice(f) } }) },
  'POST /api/projects/:id/voiceovers': {
    access: 'owner',
    ok: 201,
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: async (f) => ({ params: { id: await freshProject(f) }, payload: { script: 'Hello there.', voiceId: firstVoice(f) } }),
  },
  'POST /api/projects/:id/voiceovers/script': { access: 'owner', notYours: notFoundAs(PROJECT_NOT_FOUND), request: (f) => ({ params: { id: f.project.id } }) },
  'POST /api/projects/:id/captions': {
    access: 'owner',
    ok: 202,
    notYours: notFoundAs(PROJECT_NOT_FOUND),
    request: async (f) => ({ params: { id: await freshProject(f) }, payload: { source: 'script', script: 'Hello there.' } }),
  },
  'GET /api/caption-jobs/:jobId': { access: 'owner', notYours: notFoundAs('Caption job not found'), request: async (f) => ({ params: { jobId: await ownerCaptionJob(f) } }) },

  // AI (offline engines)
  'POST /api/inspire-prompt': { access: 'signed-in' },
  'POST /api/generate-image': { access: 'signed-in', request: () => ({ payload: { prompt: 'A neon koi fish', model: 'dall-e-3-standard' } }) },
  'GET /api/music-tracks': {
    access: 'signed-in',
    verify: (f, caller, response) => {
      if (caller === 'anonymous') return;
      const ids = (response.json().tracks as Array<{ id: string }>).map((track) => track.id);
      expect(ids.includes(f.musicTrackId)).toBe(caller === 'owner');
    },
  },
  'GET /api/music-tracks/:id/audio': {
    access: 'owner',
    notYours: notFoundAs('Music track not found'),
    request: (f) => ({ params: { id: f.musicTrackId } }),
  },
  'POST /api/music-tracks/upload': { access: 'signed-in' },
  'POST /api/music-tracks/complete-upload': {
    access: 'owner',
    ok: 201,
    notYours: notFoundAs('This upload link is invalid, used or expired'),
    request: async (f) => ({ payload: { audioURL: (await ownerUpload(f, { put: true, kind: 'music' })).url, title: 'My song' } }),
  },
  'DELETE /api/music-tracks/:id': {
    access: 'owner',
    ok: 204,
    notYours: notFoundAs('Music track not found'),
    request: async (f) => ({ params: { id: await freshTrack(f) } }),
    verify: async (f, caller, _response, parts) => {
      const row = await f.t.db.selectFrom('musicTracks').select('id').where('id', '=', parts.params!.id!).executeTakeFirst();
      expect(row !== undefined).toBe(caller !== 'owner');
    },
  },
  'GET /api/images/:id': { access: 'owner', notYours: notFoundAs('Image not found'), request: (f) => ({ params: { id: f.imageId } }) },
  'POST /api/ai-assistant': { access: 'signed-in', request: () => ({ payload: { message: 'How do I hook viewers?', videoContext: context } }) },
  'POST /api/suggest-improvements': { access: 'signed-in', request: () => ({ payload: { videoContext: context } }) },
  'POST /api/projects/:id/auto-apply/preview': autoApplyRoute,
  'POST /api/projects/:id/auto-apply': autoApplyRoute,

  // Billing (Stripe spoken by a local fake)
  'GET /api/billing/plans': { access: 'public' },
  'POST /api/create-checkout-session': { access: 'signed-in' },
  'POST /api/billing-portal': { access: 'signed-in' },
  'POST /api/stripe/webhook': {
    access: 'public',
    request: () => {
      const payload = JSON.stringify({ id: `evt_${randomUUID()}`, object: 'event', type: 'customer.created', api_version: '2025-01-01', created: 1, data: { object: { object: 'customer', id: 'cus_x' } } });
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: stripeSecret });
      return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
    },
  },

  // Admin
  'GET /api/admin/stats': { access: 'admin' },
  'GET /api/admin/users': { access: 'admin' },
  'PUT /api/admin/users/:userId/subscription': {
    access: 'admin',
    request: async (f) => {
      await f.t.db.updateTable('users').set({ subscription: 'free' }).where('id', '=', f.bystander.userId).execute();
      return { params: { userId: f.bystander.userId }, payload: { subscription: 'pro' } };
    },
    verify: async (f, caller) => {
      const row = await f.t.db.selectFrom('users').select('subscription').where('id', '=', f.bystander.userId).executeTakeFirstOrThrow();
      expect(row.subscription).toBe(caller === 'admin' ? 'pro' : 'free');
    },
  },
  'GET /api/admin/providers': { access: 'admin' },
  'POST /api/admin/providers/check': { access: 'admin' },
};

const CASES = Object.keys(MATRIX).flatMap((route) => CALLERS.map((caller) => [route, caller] as const));

/** The app's /api routes as "METHOD /url", without the HEAD twin Fastify adds to each GET. */
function apiRoutes(table: Array<{ method: string; url: string }>): string[] {
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  const routes = table
    .filter((r) => r.url.startsWith('/api/') && !(r.method === 'HEAD' && gets.has(r.url)))
    .map((r) => `${r.method} ${r.url}`);
  return [...new Set(routes)].sort();
}

function fillParams(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** The people, a ready project with a finished export, and an image, all made through the API. */
async function createFixtures(database: TestDatabase, stripeBaseUrl: string): Promise<Fixtures> {
  const t = await createTestApp(database, {
    env: {
      RATE_LIMIT_SCALE: '100', // ~150 calls from one address; the limits themselves are tested elsewhere
      MAX_ACTIVE_JOBS_PER_USER: '100', // the owner starts shots, uploads, voice-overs and exports; the cap is tested elsewhere
      STRIPE_SECRET_KEY: 'sk_test_matrix',
      STRIPE_PRICE_ID: 'price_pro',
      STRIPE_WEBHOOK_SECRET: stripeSecret,
      STRIPE_BASE_URL: stripeBaseUrl,
    },
  });
  const person = async (username: string, email?: string): Promise<Person> => ({ username, ...(await signUp(t.app, { username, email })) });
  const people = { owner: await person('owner'), otherUser: await person('other'), admin: await person('boss') };
  expect((await makeAdmin(t.config, 'boss')).ok).toBe(true);
  const bystander = await person('bystander', 'bystander@example.com');
  // Everyone has a Stripe customer, so the billing portal has something to open.
  await t.db.updateTable('users').set({ stripeCustomerId: 'cus_matrix' }).execute();

  const clipFile = path.join(t.dataDir, 'clip.mp4');
  await makeTestClip(clipFile, { width: 360, height: 640, seconds: 3 });
  const f: Fixtures = { t, people, bystander, clip: await fs.readFile(clipFile), clipFile, project: { id: '', duration: 0 }, exportJobId: '', pendingExportJobId: '', imageId: '', musicTrackId: 'owner-track' };

  const owner = { cookie: people.owner.cookie };
  const uploaded = await uploadProject(t, owner.cookie, clipFile, 'Beach day');
  expect(uploaded.status).toBe('ready');
  f.project = { id: uploaded.id, duration: uploaded.duration };
  // The owner is on the free plan and streams the video's watermarked copy; what it holds does not matter here.
  const { videoKey } = await t.db.selectFrom('videoProjects').select('videoKey').where('id', '=', f.project.id).executeTakeFirstOrThrow();
  await t.services.storage.putFile(watermarkedVideoKey(videoKey!), clipFile, 'video/mp4');

  // The examples service keeps each rendered example under these keys and renders only when one is
  // missing; seeding them keeps this file fast (rendering examples is examples.test.ts's job).
  const { thumbnailKey } = await t.db.selectFrom('videoProjects').select('thumbnailKey').where('id', '=', f.project.id).executeTakeFirstOrThrow();
  const thumbnailFile = path.join(t.dataDir, 'thumbnail.jpg');
  await t.services.storage.downloadToFile(thumbnailKey!, thumbnailFile);
  await t.services.storage.putFile(storageKey('examples', `${RENDER_VERSION}-3.jpg`), thumbnailFile, 'image/jpeg');
  await t.services.storage.putFile(storageKey('examples', `${RENDER_VERSION}-3.mp4`), clipFile, 'video/mp4');

  const image = await t.app.inject({ method: 'POST', url: '/api/generate-image', headers: owner, payload: { prompt: 'A koi', model: 'dall-e-3-standard' } });
  expect(image.statusCode).toBe(200);
  f.imageId = String(image.json().imageUrl).split('/').at(-1)!;

  const track = { id: f.musicTrackId, userId: f.people.owner.userId };
  await t.services.storage.putFile(musicTrackKey(track), clipFile, 'audio/mp4');
  await t.db
    .insertInto('musicTracks')
    .values({ ...track, title: 'Mine', artist: null, url: musicTrackUrl(track.id), duration: 3, genre: 'chill', isCustom: 1, createdAt: new Date().toISOString() })
    .execute();

  // One export runs to the end so its download exists; the queue then stops, so the generations,
  // extensions and exports the cases start are accepted (2xx) but never rendered.
  const exportSettings = { resolution: '720p', format: 'mp4', quality: 'low' };
  const started = await t.app.inject({ method: 'POST', url: `/api/projects/${f.project.id}/export`, headers: owner, payload: exportSettings });
  expect(started.statusCode).toBe(200);
  f.exportJobId = started.json().jobId;
  const exportStatus = async () => (await t.app.inject({ method: 'GET', url: `/api/export-jobs/${f.exportJobId}`, headers: owner })).json().status;
  t.services.queue.start(jobDefinitionsFor(t.services));
  await waitUntil(async () => (await exportStatus()) !== 'pending', 150_000);
  await t.services.queue.stop();
  expect(await exportStatus()).toBe('completed');
  const pending = await t.app.inject({ method: 'POST', url: `/api/projects/${f.project.id}/export`, headers: owner, payload: { ...exportSettings, quality: 'medium' } });
  f.pendingExportJobId = pending.json().jobId;
  return f;
}

/** A second session of the same user, for routes that end or replace the one they are called with. */
async function freshSession(f: Fixtures, person: Person): Promise<string> {
  const login = await f.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: person.username, password: 'secret-pass' } });
  return sessionCookieFrom(login);
}

/** What a caller who may not use the route hears: always exactly `{ message }` (DESIGN §5). */
function refusalFor(spec: RouteSpec, expected: 'sign-in' | 'admin-only' | 'not-yours'): { status: number; message: string } {
  if (expected === 'sign-in') return SIGN_IN;
  if (expected === 'admin-only') return ADMIN_ONLY;
  if (spec.access !== 'owner') throw new Error(`only owner routes answer 'not yours', not ${spec.access} ones`);
  return spec.notYours;
}

describe.each(testDatabases())('authorisation matrix on $name', (database) => {
  let fake: Awaited<ReturnType<typeof startFakeStripeServer>>;
  let f: Fixtures;

  beforeAll(async () => {
    fake = await startFakeStripeServer();
    f = await createFixtures(database, fake.baseUrl);
  });

  afterAll(async () => {
    await f?.t.close();
    await fake?.close();
  });

  it('classifies every /api route the app registers, and only those', () => {
    const registered = apiRoutes(f.t.app.routeTable);
    const classified = Object.keys(MATRIX).sort();
    expect({
      unclassified: registered.filter((route) => !classified.includes(route)),
      classifiedButNotRegistered: classified.filter((route) => !registered.includes(route)),
    }).toEqual({ unclassified: [], classifiedButNotRegistered: [] });
  });

  it.each(CASES)('%s as %s', async (route, caller) => {
    const spec = MATRIX[route]!;
    const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
    const parts = (await spec.request?.(f, caller)) ?? {};
    const cookie = caller === 'anonymous' ? undefined : spec.freshSession ? await freshSession(f, f.people[caller]) : f.people[caller].cookie;
    const response = await f.t.app.inject({
      method,
      url: fillParams(pattern, parts.params),
      headers: { ...parts.headers, ...(cookie ? { cookie } : {}) },
      ...(parts.payload === undefined ? {} : { payload: parts.payload }),
    });

    const expected = EXPECTED[spec.access][caller];
    if (expected === 'ok') {
      expect(response.statusCode, response.body).toBe(spec.ok ?? 200);
    } else {
      const { status, message } = refusalFor(spec, expected);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { message } });
    }
    await spec.verify?.(f, caller, response, parts);
    // Nothing a user sees stays in the browser's (or a proxy's) cache after they sign out.
    const cache = expected === 'ok' ? spec.cache : undefined;
    if (cache) expect(response.headers['cache-control']).toBe(cache);
    else expect(response.headers['cache-control']).toMatch(/(^|, )no-store$/);

    if (expected === 'sign-in') {
      // Authorisation comes before validation: sending nothing valid still hears "sign in", not a 400.
      const junk = await f.t.app.inject({ method, url: pattern.replace(/:\w+/g, 'x') });
      expect({ status: junk.statusCode, body: junk.json() }).toEqual({ status: SIGN_IN.status, body: { message: SIGN_IN.message } });
    }
  });
});
