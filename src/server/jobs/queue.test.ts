import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';
import { createBullmqQueue } from './bullmq-queue.ts';
import { createDatabaseQueue } from './database-queue.ts';
import { type JobContext, type JobDefinitions, RetryableJobError } from './job-registry.ts';
import type { Queue } from './queue.ts';

const logger = pino({ level: 'silent' });

interface Adapter {
  name: string;
  make(db: Db, logger: Logger): Queue;
}

const adapters: Adapter[] = [
  ...testDatabases().map((database) => ({
    name: `database queue on ${database.name}`,
    database,
    make: (db: Db, log: Logger) => createDatabaseQueue(db, log, { pollMs: 20, leaseMs: 600, retryDelay: () => 50 }),
  })),
];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  adapters.push({
    name: 'BullMQ queue on Redis',
    make: (_db: Db, log: Logger) => createBullmqQueue(redisUrl, log, { prefix: `test-${randomUUID()}`, retryDelayMs: 50 }),
  });
}

type LogLine = Record<string, unknown> & { msg: string };

/** A real pino logger whose JSON lines are kept for the test to read. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

function recorder() {
  const runs: Array<{ projectId: string; attempt: number }> = [];
  const failures: Array<{ projectId: string; reason: string }> = [];
  let behaviour: (attempt: number) => Promise<void> = async () => {};
  let other: (context: JobContext) => Promise<void> = async () => {};
  const definitions: JobDefinitions = {
    'generate-video': {
      run: async (payload, context) => {
        runs.push({ projectId: payload.projectId, attempt: context.attempt });
        await behaviour(context.attempt);
      },
      fail: async (payload, reason) => {
        failures.push({ projectId: payload.projectId, reason });
      },
    },
    'export-video': { run: (_payload, context) => other(context), fail: async () => {} },
    'extend-video': { run: (_payload, context) => other(context), fail: async () => {} },
    'watermark-video': { run: (_payload, context) => other(context), fail: async () => {} },
    'process-upload': { run: (_payload, context) => other(context), fail: async () => {} },
  };
  return {
    runs,
    failures,
    definitions,
    set: (next: typeof behaviour) => (behaviour = next),
    /** What the export and extend jobs do. */
    setOther: (next: typeof other) => (other = next),
  };
}

const until = async (check: () => boolean, timeoutMs = 8000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.each(adapters)('$name', (adapter) => {
  const [defaultDatabase] = testDatabases();
  let t: TestApp;
  let queue: Queue;
  let logged: LogLine[];
  beforeEach(async () => {
    t = await createTestApp((adapter as { database?: typeof defaultDatabase }).database ?? defaultDatabase!);
    const captured = capturedLogger();
    logged = captured.lines;
    queue = adapter.make(t.db, captured.logger);
  });
  afterEach(async () => {
    await queue.stop(1000);
    await t.close();
  });

  it('runs an enqueued job once, even when it is enqueued twice with the same id', async () => {
    const r = recorder();
    await queue.enqueue('generate-video', { projectId: 'p1' }, 'generate-video:p1');
    await queue.enqueue('generate-video', { projectId: 'p1' }, 'generate-video:p1');
    queue.start(r.definitions);
    await until(() => r.runs.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(r.runs).toEqual([{ projectId: 'p1', attempt: 1 }]);
    expect(r.failures).toEqual([]);
  });

  it('retries a RetryableJobError and succeeds on a later attempt', async () => {
    const r = recorder();
    r.set(async (attempt) => {
      if (attempt < 2) throw new RetryableJobError('provider busy');
    });
    queue.start(r.definitions);
    await queue.enqueue('generate-video', { projectId: 'p2' }, 'generate-video:p2');
    await until(() => r.runs.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(r.runs.map((run) => run.attempt)).toEqual([1, 2]);
    expect(r.failures).toEqual([]);
  });

  it('fails once, with the reason, on an error that is not retryable', async () => {
    const r = recorder();
    r.set(async () => {
      throw new Error('prompt was blocked');
    });
    queue.start(r.definitions);
    await queue.enqueue('generate-video', { projectId: 'p3' }, 'generate-video:p3');
    await until(() => r.failures.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(r.runs).toHaveLength(1);
    expect(r.failures).toEqual([{ projectId: 'p3', reason: 'prompt was blocked' }]);
  });

  it('gives up after three retryable failures and records the failure', async () => {
    const r = recorder();
    r.set(async () => {
      throw new RetryableJobError('still busy');
    });
    queue.start(r.definitions);
    await queue.enqueue('generate-video', { projectId: 'p4' }, 'generate-video:p4');
    await until(() => r.failures.length >= 1);
    expect(r.runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(r.failures).toEqual([{ projectId: 'p4', reason: 'still busy' }]);
  });

  it("writes each line of a job, the handler's own too, with the job's id, name, attempt and payload ids", async () => {
    const r = recorder();
    r.setOther(async (context) => {
      context.logger.info({ step: 'render' }, 'rendering');
      if (context.jobId.includes('extend')) throw new Error('prompt was blocked');
    });
    queue.start(r.definitions);
    await queue.enqueue('export-video', { exportJobId: 'e1' }, 'export-video:e1');
    await queue.enqueue('extend-video', { projectId: 'p6', prompt: 'a private prompt', charged: 12 }, 'extend-video:p6');
    await until(() => logged.some((line) => line.msg === 'job completed') && logged.some((line) => line.msg === 'job failed'));

    const exportLines = logged.filter((line) => line.exportJobId === 'e1');
    expect(exportLines.map((line) => line.msg)).toEqual(['job started', 'rendering', 'job completed']);
    for (const line of exportLines) {
      expect(line).toMatchObject({ job: 'export-video', jobId: expect.stringMatching(/^export-video[:_]e1$/), attempt: 1 });
      // The process's identity is in every line too: which worker ran the job.
      expect(line).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    }
    expect(exportLines[1]).toMatchObject({ step: 'render' });

    const extendLines = logged.filter((line) => line.projectId === 'p6');
    expect(extendLines.map((line) => line.msg)).toEqual(['job started', 'rendering', 'job failed']);
    for (const line of extendLines) expect(line).toMatchObject({ job: 'extend-video', jobId: expect.stringMatching(/^extend-video[:_]p6$/) });
    expect(extendLines[2]).toMatchObject({ reason: 'prompt was blocked' });
    // Payload fields other than ids (a user's prompt, a credit amount) stay out of the logs.
    expect(JSON.stringify(logged)).not.toContain('a private prompt');
    expect(extendLines.every((line) => !('charged' in line) && !('prompt' in line))).toBe(true);
  });

  it('stop lets a running job finish', async () => {
    const r = recorder();
    let finished = false;
    r.set(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    queue.start(r.definitions);
    await queue.enqueue('generate-video', { projectId: 'p5' }, 'generate-video:p5');
    await until(() => r.runs.length >= 1);
    await queue.stop(5000);
    expect(finished).toBe(true);
  });
});

describe.each(testDatabases())('database queue crash recovery on $name', (database) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('takes back a job whose runner died (its lease ran out) and runs it again', async () => {
    t = await createTestApp(database);
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.db
      .insertInto('jobs')
      .values({
        id: 'generate-video:crashed',
        name: 'generate-video',
        payload: JSON.stringify({ projectId: 'crashed' }),
        status: 'running',
        attempts: 1,
        lockedUntil: past,
        runAt: past,
        createdAt: past,
        updatedAt: past,
      })
      .execute();
    const queue = createDatabaseQueue(t.db, logger, { pollMs: 20 });
    const r = recorder();
    queue.start(r.definitions);
    await until(() => r.runs.length >= 1);
    await queue.stop();
    expect(r.runs).toEqual([{ projectId: 'crashed', attempt: 2 }]);
    const row = await t.db.selectFrom('jobs').selectAll().where('id', '=', 'generate-video:crashed').executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
  });
});
