import fs from 'node:fs/promises';
import type { Project } from '../../shared/schemas/project.ts';
import { createLogger } from '../logger.ts';
import { jobDefinitionsFor } from '../services.ts';
import { type TestApp, waitUntil } from './test-app.ts';

/**
 * Uploads `file` through the API as `cookie`'s user and answers the project once it is processed (ready, or
 * refused). When the app runs no jobs, the upload's job is run here, as a worker would.
 */
export async function uploadProject(t: TestApp, cookie: string, file: string, title = 'Uploaded'): Promise<Project> {
  const { uploadURL } = (await t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: { cookie } })).json();
  const put = await t.app.inject({
    method: 'PUT',
    url: new URL(uploadURL).pathname,
    headers: { cookie, 'content-type': 'video/mp4' },
    payload: await fs.readFile(file),
  });
  if (put.statusCode !== 200) throw new Error(`upload failed ${put.statusCode}: ${put.body}`);
  const completed = await t.app.inject({ method: 'POST', url: '/api/videos/complete-upload', headers: { cookie }, payload: { videoURL: uploadURL, title } });
  if (completed.statusCode !== 201) throw new Error(`complete-upload failed ${completed.statusCode}: ${completed.body}`);
  const { id } = completed.json() as Project;
  if (!t.runsJobs) {
    const context = { jobId: `process-upload:${id}`, attempt: 1, signal: new AbortController().signal, logger: createLogger(t.config) };
    await jobDefinitionsFor(t.services)['process-upload'].run({ projectId: id }, context);
    await t.db.deleteFrom('jobs').where('id', '=', context.jobId).execute();
  }
  const read = async () => (await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { cookie } })).json() as Project;
  await waitUntil(async () => (await read()).status !== 'generating', 60_000);
  return read();
}
