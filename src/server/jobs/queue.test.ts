import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { type LogLine, capturedLogger } from '../test-support/captured-logger.ts';
import { testDatabases } from '../test-support/database-targets.ts';
import { type TestApp, createTestApp } from '../test-support/test-app.ts';
import { createBullmqQueue } from './bullmq-queue.ts';
import { createDatabaseQueue } from './database-queue.ts';
import { type JobContext, type JobDefinitions, type JobPayloads, RetryableJobError } from './job-registry.ts';
import type { JobLimits } from './job-limits.ts';
import type { Queue } from './queue.ts';

const logger = pino({ level: 'silent' });

/** One job of each kind at a time, and a generous time limit, unless a test says otherwise. */
const oneAtATime: JobLimits = { concurrency: () => 1, timeLimitMs: () => 60_000 };

interface Adapter {
  name: string;
  /** Queues made by one test share their jobs (the same database, the same Redis prefix): two processes. */
  make(db: Db, logger: Logger, limits?: JobLimits): Queue;
}

const adapters: Adapter[] = [
  ...testDatabases().map((database) => ({
    name: `database queue on ${database.name}`,
    database,
    make: (db: Db, log: Logger, limits = oneAtATime) => createDatabaseQueue(db, log, { pollMs: 20, leaseMs: 600, retryDelay: () => 50, limits }),
  })),
];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  adapters.push({
    name: 'BullMQ queue on Redis',
    make: (() => {
      let prefix = '';
      let made: Db | undefined;
      return (db: Db, log: Logger, limits = oneAtATime) => {
        if (db !== made) [made, prefix] = [db, `test-${randomUUID()}`];
        return createBullmqQueue(redisUrl, log, { prefix, retryDelayMs: 50, leaseMs: 3000, limits });
      };
    })(),
  });
}


function recorder() {
  const runs: Array<{ projectId: string; attempt: number }> = [];
  const failures: Array<{ projectId: string; reason: string }> = [];
  let behaviour: (attempt: number, context: JobContext) => Promise<void> = async () => {};
  let other: (context: JobContext) => Promise<void> = async () => {};
  const definitions: JobDefinitions = {
    'generate-video': {
      run: async (payload, context) => {
        runs.push({ projectId: payload.projectId, attempt: context.attempt });
        await behaviour(context.attempt, context);
      },
      fail: async (payload, reason) => {
        failures.push({ projectId: payload.projectId, reason });
      },
    },
    'export-video': { run: (_payload, context) => other(context), fail: async () => {} },
    'export-long-video': { run: (_payload, context) => other(context), fail: async () => {} },
    'extend-video': { run: (_payload, context) => other(context), fail: async () => {} },
    'generate-shot': { run: (_payload, context) => other(context), fail: async () => {} },
    'watermark-video': { run: (_payload, context) => other(context), fail: async () => {} },
    'process-upload': { run: (_payload, context) => other(context), fail: async () => {} },
    'process-music-upload': { run: (_payload, context) => other(context), fail: async () => {} },
    'render-music-library': { run: (_payload, context) => other(context), fail: async () => {} },
    'render-example': { run: (_payload, context) => other(context), fail: async () => {} },
    'generate-voiceover': { run: (_payload, context) => other(context), fail: async () => {} },
    'make-captions': { run: (_payload, context) => other(context), fail: async () => {} },
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

const until = async (check: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A promise a test resolves when it chooses: a job waits on it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Resolves when the job's signal is aborted, with the signal's reason. */
const aborted = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

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
    // A job queued after both ran last: had the second stayed, it would have started before this one.
    await queue.enqueue('generate-video', { projectId: 'after' }, 'generate-video:after');
    await until(() => r.runs.some((run) => run.projectId === 'after'));
    expect(r.runs).toEqual([
      { projectId: 'p1', attempt: 1 },
      { projectId: 'after', attempt: 1 },
    ]);
    expect(r.failures).toEqual([]);
  });

  it('retries a RetryableJobError and succeeds on a later attempt', async () => {
    const r = recorder();
    r.set(async (attempt) => {
      if (attempt < 2) throw new RetryableJobError('provider busy');
    });
    queue.start(r.definitions);
    await queue.enqueue('generate-video', { projectId: 'p2' }, 'generate-video:p2');
    // Completed is final: nothing runs after it.
    await until(() => logged.some((line) => line.projectId === 'p2' && line.msg === 'job completed'));
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
    // `fail` is called once the job has ended for good, so no run can follow.
    await until(() => r.failures.length >= 1);
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
    // A payload as an earlier version queued it, with a user's prompt and a credit amount beside the ids.
    const earlier = { projectId: 'p6', mediaId: 'm6', prompt: 'a private prompt', charged: 12 } as JobPayloads['extend-video'];
    await queue.enqueue('extend-video', earlier, 'extend-video:p6');
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
    for (const line of extendLines) expect(line).toMatchObject({ job: 'extend-video', jobId: expect.stringMatching(/^extend-video[:_]p6$/), mediaId: 'm6' });
    expect(extendLines[2]).toMatchObject({ reason: 'prompt was blocked' });
    // Payload fields other than ids (a user's prompt, a credit amount) stay out of the logs.
    expect(JSON.stringify(logged)).not.toContain('a private prompt');
    expect(extendLines.every((line) => !('charged' in line) && !('prompt' in line))).toBe(true);
  });

  it('stop lets a running job finish', async () => {
    const r = recorder();
    let finished = false;
    const release = gate();
    r.set(async () => {
      await release.opened;
      finished = true;
    });
    queue.start(r.definitions);
    await queue.enqueue('generate-video', { projectId: 'p5' }, 'generate-video:p5');
    await until(() => r.runs.length >= 1);
    const stopped = queue.stop(30_000);
    release.open();
    await stopped;
    expect(finished).toBe(true);
  });
  it('runs each kind of job in its own slots: a generation starts while an export holds the only export slot', async () => {
    const r = recorder();
    const release = gate();
    const exportsStarted: string[] = [];
    r.setOther(async (context) => {
      exportsStarted.push(context.jobId);
      await release.opened;
    });
    queue.start(r.definitions);
    await queue.enqueue('export-video', { exportJobId: 'e1' }, 'export-video:e1');
    await queue.enqueue('export-video', { exportJobId: 'e2' }, 'export-video:e2');
    await until(() => exportsStarted.length === 1);
    await queue.enqueue('generate-video', { projectId: 'g1' }, 'generate-video:g1');
    await until(() => r.runs.length === 1);
    expect(exportsStarted).toHaveLength(1); // the second export still waits for the first
    release.open();
    await until(() => exportsStarted.length === 2);
  });

  it("takes turns between users within a kind: another user's job runs before the first user's queued ones", async () => {
    const r = recorder();
    const release = gate();
    r.set(async (attempt, context) => {
      if (context.jobId.endsWith('a1')) await release.opened;
    });
    queue.start(r.definitions);
    const a = (activeJobs: number) => ({ userId: 'user-a', activeJobs });
    await queue.enqueue('generate-video', { projectId: 'a1' }, 'generate-video:a1', a(0));
    await until(() => r.runs.length === 1);
    await queue.enqueue('generate-video', { projectId: 'a2' }, 'generate-video:a2', a(1));
    await queue.enqueue('generate-video', { projectId: 'a3' }, 'generate-video:a3', a(2));
    await queue.enqueue('generate-video', { projectId: 'b1' }, 'generate-video:b1', { userId: 'user-b', activeJobs: 0 });
    release.open();
    await until(() => r.runs.length === 4);
    expect(r.runs.map((run) => run.projectId)).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('aborts a job at its time limit and fails it with a plain message', async () => {
    await queue.stop();
    queue = adapter.make(t.db, logger, { concurrency: () => 1, timeLimitMs: (kind) => (kind === 'generate-video' ? 1000 : 60_000) });
    const r = recorder();
    r.set((_attempt, context) => aborted(context.signal));
    queue.start(r.definitions);
    await queue.enqueue('generate-video', { projectId: 'slow' }, 'generate-video:slow');
    await until(() => r.failures.length === 1);
    expect(r.failures).toEqual([{ projectId: 'slow', reason: 'This took longer than its 1-second time limit and was stopped.' }]);
    expect(r.runs).toHaveLength(1); // no retry after a time limit
  });

  it('cancels from another process: the running job is aborted, the queued one never runs, neither is failed', async () => {
    const r = recorder();
    const abortReasons: unknown[] = [];
    r.set(async (_attempt, context) => {
      if (context.jobId.includes('running')) await aborted(context.signal).catch((reason: unknown) => abortReasons.push(reason));
    });
    queue.start(r.definitions);
    await queue.enqueue('generate-video', { projectId: 'running' }, 'generate-video:running');
    await until(() => r.runs.length === 1);
    await queue.enqueue('generate-video', { projectId: 'waiting' }, 'generate-video:waiting');
    // Another API process: it shares the jobs but runs none itself.
    const other = adapter.make(t.db, logger);
    try {
      await other.cancel([
        { name: 'generate-video', jobId: 'generate-video:running' },
        { name: 'generate-video', jobId: 'generate-video:waiting' },
      ]);
    } finally {
      await other.stop();
    }
    await until(() => abortReasons.length === 1);
    expect(abortReasons[0]).toMatchObject({ name: 'JobStopped', kind: 'cancelled' });
    await queue.enqueue('generate-video', { projectId: 'after' }, 'generate-video:after');
    await until(() => r.runs.some((run) => run.projectId === 'after'));
    expect(r.runs.map((run) => run.projectId)).toEqual(['running', 'after']);
    expect(r.failures).toEqual([]);
  });

  it('aborts a running job whose work is no longer wanted (its project was deleted by another process)', async () => {
    const r = recorder();
    let wanted = true;
    r.definitions['generate-video'].stillWanted = async () => wanted;
    const abortReasons: unknown[] = [];
    r.set((_attempt, context) => aborted(context.signal).catch((reason: unknown) => void abortReasons.push(reason)));
    queue.start(r.definitions);
    await queue.enqueue('generate-video', { projectId: 'doomed' }, 'generate-video:doomed');
    await until(() => r.runs.length === 1);
    wanted = false;
    await until(() => abortReasons.length === 1);
    expect(abortReasons[0]).toMatchObject({ kind: 'cancelled' });
    expect(r.failures).toEqual([]);
  });
});

if (redisUrl) {
  describe('BullMQ queue: a job whose worker died', () => {
    let t: TestApp;
    afterEach(() => t.close());

    it('is resumed after its worker died twice, as the database queue resumes it, and no raw queue text reaches the user', async () => {
      const [database] = testDatabases();
      t = await createTestApp(database!);
      const prefix = `test-${randomUUID()}`;
      const leaseMs = 1000;
      // A worker that takes the job and dies with it (its lock is no longer renewed).
      const dyingWorker = async () => {
        const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
        let took: () => void = () => {};
        const taken = new Promise<void>((resolve) => (took = resolve));
        const worker = new Worker('generate-video', () => (took(), new Promise<never>(() => {})), {
          connection,
          prefix,
          lockDuration: leaseMs,
          stalledInterval: leaseMs,
          maxStalledCount: 5,
        });
        await taken;
        await worker.close(true);
        connection.disconnect();
      };
      const captured = capturedLogger();
      const queue = createBullmqQueue(redisUrl, captured.logger, { prefix, leaseMs, limits: oneAtATime });
      try {
        await queue.enqueue('generate-video', { projectId: 'p' }, 'generate-video:p');
        await dyingWorker();
        await dyingWorker();
        const r = recorder();
        queue.start(r.definitions);
        await until(() => r.runs.length > 0 || r.failures.length > 0, 60_000);
        await until(() => logged(captured.lines, 'job completed') || r.failures.length > 0, 60_000);
        expect(r.failures).toEqual([]);
        expect(r.runs).toEqual([{ projectId: 'p', attempt: 3 }]);
      } finally {
        await queue.stop();
      }
    }, 90_000);
  });
}

const logged = (lines: LogLine[], msg: string) => lines.some((line) => line.msg === msg);

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
