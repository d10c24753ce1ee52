import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import type { EditorState } from '../../src/shared/editor/editor-state.ts';
import type { ExportJobResponse, ExportSettings } from '../../src/shared/schemas/export.ts';
import { uniqueName } from './browser.ts';

interface ProjectBody {
  id: string;
  status: string;
  duration: number;
  editorState: EditorState | null;
}

/** Signs up through the API from inside a browser context, so the session cookie lands in it. */
export async function signUp(request: APIRequestContext, prefix = 'export'): Promise<string> {
  const username = uniqueName(prefix);
  const response = await request.post('/api/auth/signup', { data: { username, password: 'studio-password' } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return username;
}

/** Changes a user's credits or plan in the e2e server's own database, as an admin or a payment would. */
export function setUser(dataDir: string, username: string, fields: { credits?: number; subscription?: 'free' | 'pro' }): void {
  const db = new Database(path.join(dataDir, 'promptreel.sqlite'));
  try {
    if (fields.credits !== undefined) db.prepare('update users set credits = ? where username = ?').run(fields.credits, username);
    if (fields.subscription) db.prepare('update users set subscription = ? where username = ?').run(fields.subscription, username);
  } finally {
    db.close();
  }
}

export async function getProject(request: APIRequestContext, id: string): Promise<ProjectBody> {
  const response = await request.get(`/api/projects/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ProjectBody;
}

/**
 * How often the helpers ask the server about a job they wait for: a read of one row, while the time between the job's
 * end and the next poll is time every file's setup waits (about a dozen ready projects per run).
 */
const HELPER_POLL_MS = 200;

async function waitUntilReady(request: APIRequestContext, id: string): Promise<void> {
  // A plain loop: this runs in beforeAll, where expect.poll is not available.
  const deadline = Date.now() + 90_000;
  while ((await getProject(request, id)).status !== 'ready') {
    if (Date.now() > deadline) throw new Error('the video was not ready within 90 s');
    await new Promise((resolve) => setTimeout(resolve, HELPER_POLL_MS));
  }
}

/** An 8-second clip from the offline video engine, waited for until it is ready. */
export async function createReadyProject(request: APIRequestContext, data: { title: string; prompt: string; aspectRatio: '9:16' | '16:9' }): Promise<string> {
  const response = await request.post('/api/projects', { data: { ...data, duration: 8 } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const { id } = (await response.json()) as ProjectBody;
  await waitUntilReady(request, id);
  return id;
}

/** What the editor's proxy streams to this user (a free user's is the watermarked copy), byte for byte. */
export async function downloadProjectVideo(request: APIRequestContext, id: string, file: string): Promise<void> {
  const response = await request.get(`/api/video-proxy/${id}`);
  expect(response.status()).toBe(200);
  fs.writeFileSync(file, await response.body());
}

/** The stored master of a project in the e2e server's own media folder: the clean file, whoever's plan. */
function masterVideoFile(dataDir: string, id: string): string {
  const db = new Database(path.join(dataDir, 'promptreel.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select video_key from video_projects where id = ?').get(id) as { video_key: string | null } | undefined;
    if (!row?.video_key) throw new Error(`project ${id} has no video`);
    return path.join(dataDir, 'media', row.video_key);
  } finally {
    db.close();
  }
}

export function copyMasterVideo(dataDir: string, id: string, file: string): void {
  fs.copyFileSync(masterVideoFile(dataDir, id), file);
}

/** Removes a project's watermarked copy, as for a project made before copies existed. */
export function forgetWatermarkedCopy(dataDir: string, id: string): void {
  const copy = masterVideoFile(dataDir, id).replace(/\.mp4$/, '-watermarked.mp4');
  for (const file of [copy, `${copy}~meta.json`]) fs.rmSync(file, { force: true });
}

/**
 * Waits until the proxy streams the project's video: a free user's watermarked copy of an upload is made
 * on the first request for it (409 meanwhile).
 */
async function waitForVideo(request: APIRequestContext, id: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while ((await request.get(`/api/video-proxy/${id}`, { headers: { Range: 'bytes=0-0' } })).status() === 409) {
    if (Date.now() > deadline) throw new Error('the video was not streamable within 90 s');
    await new Promise((resolve) => setTimeout(resolve, HELPER_POLL_MS));
  }
}

/** A ready project from a file (an upload already in the stored format is kept as it is), streamable unless told not to wait. */
export async function uploadReadyProject(request: APIRequestContext, file: string, title: string, { waitUntilStreamable = true } = {}): Promise<string> {
  const { uploadURL } = (await (await request.post('/api/videos/upload')).json()) as { uploadURL: string };
  const put = await request.put(uploadURL, { data: fs.readFileSync(file), headers: { 'Content-Type': 'video/mp4' } });
  expect(put.status(), await put.text()).toBe(200);
  const done = await request.post('/api/videos/complete-upload', { data: { videoURL: uploadURL, title, aspectRatio: '9:16' } });
  expect(done.status(), await done.text()).toBe(201);
  // complete-upload answers while the video is still being processed.
  const { id } = (await done.json()) as ProjectBody;
  await waitUntilReady(request, id);
  if (waitUntilStreamable) await waitForVideo(request, id);
  return id;
}

export async function saveEditorState(request: APIRequestContext, id: string, editorState: EditorState): Promise<void> {
  const response = await request.patch(`/api/projects/${id}`, { data: { editorState } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Starts an export of the project's saved edit through the API; answers its job's id. */
export async function startExport(request: APIRequestContext, id: string, settings: ExportSettings): Promise<string> {
  const started = await request.post(`/api/projects/${id}/export`, { data: settings });
  expect(started.status(), await started.text()).toBe(200);
  return ((await started.json()) as { jobId: string }).jobId;
}

/** Waits for an export job to complete and saves its file; answers its path. */
export async function awaitExport(request: APIRequestContext, jobId: string, file: string): Promise<string> {
  let job: ExportJobResponse;
  // Bounds a hang only: the job may wait behind the user's other exports on a busy machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    job = (await (await request.get(`/api/export-jobs/${jobId}`)).json()) as ExportJobResponse;
    if (job.status !== 'pending') break;
    if (Date.now() > deadline) throw new Error('the export did not finish within 300 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(job.errorMessage).toBeNull();
  expect(job.status).toBe('completed');
  const download = await request.get(job.outputUrl ?? '');
  expect(download.status()).toBe(200);
  fs.writeFileSync(file, await download.body());
  return file;
}

/** Starts an export through the API, waits for it and saves the file; answers its path. */
export async function exportThroughApi(request: APIRequestContext, id: string, settings: ExportSettings, file: string): Promise<string> {
  return awaitExport(request, await startExport(request, id, settings), file);
}
