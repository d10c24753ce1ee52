import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { newShot } from '../../shared/editor/editor-state.ts';
import { createBullmqQueue } from '../jobs/bullmq-queue.ts';
import type { Queue } from '../jobs/queue.ts';
import type { Logger } from '../logger.ts';
import { encodeEditorDocument } from '../projects/editor-document/editor-document.ts';
import { jobDefinitionsFor } from '../services.ts';
import { capturedLogger } from '../test-support/captured-logger.ts';
import { clipEdit } from '../test-support/clip-edit.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { insertReadyProject } from '../test-support/ready-project.ts';
import { type SignalWaitingJob, signalWaitingJob } from '../test-support/signal-waiting-job.ts';
import { type TestApp, createTestApp, signUp, waitUntil } from '../test-support/test-app.ts';

/** The app's own database queue, and BullMQ when the services suite gives a Redis. */
const queues: Array<{ name: string; make?: (logger: Logger) => Queue }> = [{ name: 'the database queue' }];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) queues.push({ name: 'BullMQ', make: (logger) => createBullmqQueue(redisUrl, logger, { prefix: `test-${randomUUID()}`, leaseMs: 3000 }) });

/**
 * Issue 42: one user's long export held the only export slot, and another user's 8 s export waited until the long
 * one's 30-minute limit. Exports here only hold their slot until released (signalWaitingJob), as a long render does.
 */
describe.each(testDatabases())('export lanes on $name', (database) => {
  describe.each(queues)('with $name', ({ make }) => {
    let t: TestApp;
    let lanes: Array<SignalWaitingJob<'export-video' | 'export-long-video'>> = [];
    afterEach(async () => {
      for (const lane of lanes) lane.release();
      lanes = [];
      await t.close();
    });

    it("starts another user's short export while one user's 10-minute export holds its lane", async () => {
      t = await createTestApp(database, { env: { RATE_LIMIT_SCALE: '100' }, ...(make ? { services: { queue: make(capturedLogger().logger) } } : {}) });
      const definitions = jobDefinitionsFor(t.services);
      const short = signalWaitingJob(definitions['export-video']);
      const long = signalWaitingJob(definitions['export-long-video']);
      lanes = [short, long];
      t.services.queue.start({ ...definitions, 'export-video': short.definition, 'export-long-video': long.definition });
      const started = () => [...short.started, ...long.started].map((payload) => payload.exportJobId);
      const exportOf = async (duration: number, shots: number) => {
        const user = await signUp(t.app, { username: `lane-${randomUUID().slice(0, 8)}` });
        const id = randomUUID();
        const edit = { ...clipEdit(id, duration), shots: Array.from({ length: shots }, (_, index) => newShot(`shot-${index}`, id, duration)) };
        await insertReadyProject(t.db, user.userId, { id, duration, editorState: encodeEditorDocument(edit) });
        const response = await t.app.inject({
          method: 'POST', url: `/api/projects/${id}/export`, headers: { cookie: user.cookie }, payload: { resolution: '1080p', format: 'mp4', quality: 'high' },
        });
        expect(response.statusCode).toBe(200);
        return response.json().jobId as string;
      };

      // Two whole shots of a 300 s upload: 600 s, the longest a video may be.
      const longExport = await exportOf(300, 2);
      await waitUntil(async () => started().includes(longExport));
      const shortExport = await exportOf(8, 1);
      await waitUntil(async () => started().includes(shortExport));
      expect(long.started.map((payload) => payload.exportJobId)).toEqual([longExport]);
      expect(short.started.map((payload) => payload.exportJobId)).toEqual([shortExport]);
    });
  });
});
