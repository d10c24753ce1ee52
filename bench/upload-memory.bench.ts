/**
 * Upload memory: 20 simultaneous uploads to the real server (src/server/main.ts in its own process,
 * SQLite, media on local disk), each PUT to its own upload ticket, while the server's resident memory
 * is sampled every 50 ms. Run at several sizes: if the server streams to disk, the peak would not grow
 * with the size of the files. Then once more with S3 storage (s3rver in this process), where each
 * upload holds a few multipart parts in memory. Run with
 * `npx tsx bench/upload-memory.bench.ts [--uploads=20] [--sizes=10,50,100] [--s3-sizes=50]` (MiB);
 * prints a markdown table for docs/benchmarks.md and fails unless every upload is stored whole.
 *
 * The PUT checks only the content type and the size (100 MiB at most); the file is probed as a video
 * later, at complete-upload. So the bodies are random bytes sent as video/mp4: what is measured is the
 * transfer into storage, which is where buffering would show.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createDatabase } from '../src/server/db/database.ts';
import { startS3TestServer } from '../src/server/test-support/s3-test-server.ts';
import { numberArgument, sampleRss, stringArgument } from './support/measure.ts';
import { loadAverage, machineLine, tableHeader, tableRow } from './support/report.ts';
import { APP_MAIN, type ServerProcess, startServer } from './support/server-process.ts';

const MiB = 1024 * 1024;
const uploads = numberArgument('uploads', 20);
const sizesMiB = sizesArgument('sizes', '10,50,100');
const s3SizesMiB = sizesArgument('s3-sizes', '50');

/** `--name=10,50` as sizes in MiB. */
function sizesArgument(name: string, fallback: string): number[] {
  return (stringArgument(name) ?? fallback).split(',').map(Number).filter((size) => size > 0);
}

async function postJson(server: ServerProcess, url: string, body: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** `bytes` of random data in 1 MiB chunks (one buffer, sent again and again: the server cannot tell). */
function randomBody(bytes: number): Readable {
  const chunk = randomBytes(MiB);
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < bytes; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, bytes - sent));
    })(),
  );
}

/** PUTs `bytes` to the upload URL as the browser's upload form does; resolves with the status code. */
function putUpload(uploadUrl: string, bytes: number, cookie: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'video/mp4', 'content-length': bytes, cookie, origin },
    });
    request.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('error', reject);
    randomBody(bytes).pipe(request);
  });
}

async function benchSize(sizeMiB: number, storage: 'disk' | 'S3'): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'promptreel-upload-bench-'));
  const s3 = storage === 'S3' ? await startS3TestServer() : undefined;
  const s3Environment: Record<string, string> = s3
    ? {
        S3_BUCKET: s3.config.bucket,
        S3_ENDPOINT: s3.config.endpoint,
        S3_REGION: s3.config.region,
        S3_ACCESS_KEY_ID: s3.config.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      }
    : {};
  const server = await startServer(APP_MAIN, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100',
    ...s3Environment,
  });
  try {
    const signup = await postJson(server, '/api/auth/signup', { username: 'uploader', password: 'secret-pass' });
    const cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const tickets: string[] = [];
    for (let i = 0; i < uploads; i++) {
      const { uploadURL } = (await (await postJson(server, '/api/videos/upload', {}, cookie)).json()) as { uploadURL: string };
      tickets.push(uploadURL);
    }
    // Settled after start-up and the first requests: the memory any idle server holds.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baseline = server.rssMiB();
    const sampler = sampleRss(server.pid, 50);
    const bytes = sizeMiB * MiB;
    const started = performance.now();
    const statuses = await Promise.all(tickets.map((url) => putUpload(url, bytes, cookie, server.url)));
    const seconds = (performance.now() - started) / 1000;
    const peak = sampler.stop();
    const highWater = server.peakRssMiB();

    const failed = statuses.filter((status) => status !== 200);
    if (failed.length > 0) throw new Error(`${failed.length} of ${uploads} uploads failed: ${failed.join(', ')}`);
    const db = createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'promptreel.sqlite') });
    try {
      const stored = await db.selectFrom('uploads').select(['status', 'sizeBytes']).execute();
      const whole = stored.filter((row) => row.status === 'uploaded' && row.sizeBytes === bytes).length;
      if (whole !== uploads) throw new Error(`only ${whole} of ${uploads} uploads were stored whole`);
    } finally {
      await db.destroy();
    }
    console.log(
      tableRow([
        `${uploads} × ${sizeMiB} MiB`,
        storage,
        `${((uploads * sizeMiB) / 1024).toFixed(2)} GiB`,
        `${seconds.toFixed(1)} s`,
        `${Math.round((uploads * sizeMiB) / seconds)} MiB/s`,
        `${baseline.toFixed(0)} MiB`,
        `${peak.toFixed(0)} MiB`,
        `**+${(peak - baseline).toFixed(0)} MiB**`,
        `${highWater.toFixed(0)} MiB`,
      ]),
    );
  } finally {
    await server.stop();
    await s3?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

console.log(machineLine());
console.log('');
console.log(tableHeader(['uploads at once', 'storage', 'total', 'wall', 'throughput', 'server RSS before', 'peak RSS (50 ms samples)', 'growth', 'VmHWM (since start)']));
for (const size of sizesMiB) await benchSize(size, 'disk');
for (const size of s3SizesMiB) await benchSize(size, 'S3');
console.log(`\nLoad average at end ${loadAverage()}`);
