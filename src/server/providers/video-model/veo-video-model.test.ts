import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { type FakeVeoServer, startFakeVeoServer } from '../../test-support/fake-veo-server.ts';
import { waitFor } from '../../test-support/wait-for.ts';
import { createVeoVideoModel } from './veo-video-model.ts';
import { type SegmentRequest, VideoModelError } from './video-model.ts';

const run = promisify(execFile);
const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';
const API_KEY = 'test-veo-key-5f1c2a';
const MODEL = 'veo-3.1-fast-generate-001';

async function extractLastFrame(videoFile: string, pngFile: string): Promise<void> {
  await run(FFMPEG, ['-v', 'error', '-y', '-sseof', '-0.1', '-i', videoFile, '-frames:v', '1', pngFile]);
}

async function videoCodec(file: string): Promise<string> {
  const { stdout } = await run(FFPROBE, [
    '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', file,
  ]);
  return stdout.trim();
}

describe('Veo video model (real SDK against a fake Veo server)', () => {
  let fixtureDir: string;
  let clipFile: string;
  let clip: Buffer;
  let dir: string;
  let veo: FakeVeoServer;

  beforeAll(async () => {
    fixtureDir = await fs.mkdtemp(path.join(os.tmpdir(), 'veo-fixture-'));
    clipFile = path.join(fixtureDir, 'clip.mp4');
    await run(FFMPEG, [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24',
      '-f', 'lavfi', '-i', 'sine',
      '-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart',
      clipFile,
    ]);
    clip = await fs.readFile(clipFile);
  });
  afterAll(() => fs.rm(fixtureDir, { recursive: true, force: true }));

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'veo-'));
    veo = await startFakeVeoServer({ apiKey: API_KEY, video: clip, pendingPolls: 2 });
  });
  afterEach(async () => {
    await veo.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  function model(overrides: { apiKey?: string; extract?: typeof extractLastFrame; pollIntervalMs?: number } = {}) {
    return createVeoVideoModel({
      backend: { kind: 'gemini-api', apiKey: overrides.apiKey ?? API_KEY, baseUrl: veo.baseUrl },
      model: MODEL,
      pollIntervalMs: overrides.pollIntervalMs ?? 20,
      extractLastFrame: overrides.extract ?? extractLastFrame,
    });
  }

  function segment(overrides: Partial<SegmentRequest> = {}): SegmentRequest {
    return {
      prompt: 'A paper boat drifting down a rainy street at dusk',
      aspectRatio: '16:9',
      resolution: '720p',
      durationSeconds: 8,
      segmentIndex: 0,
      totalSegments: 1,
      outputFile: path.join(dir, 'segment-0.mp4'),
      ...overrides,
    };
  }

  async function failure(promise: Promise<unknown>): Promise<VideoModelError> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(VideoModelError);
    return error as VideoModelError;
  }

  it("logs on the job's logger when the request brings one, so its lines carry the job's ids (never the prompt)", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const jobLogger = createLogger({ logLevel: 'info' }, destination).child({ jobId: 'generate-video:p1', projectId: 'p1' });
    await model().generateSegment(segment({ logger: jobLogger }));
    expect(lines.map((line) => line.msg)).toEqual(['Veo operation started', 'Veo segment downloaded']);
    expect(lines).toEqual(lines.map(() => expect.objectContaining({ jobId: 'generate-video:p1', projectId: 'p1', segmentIndex: 0 })));
    expect(JSON.stringify(lines)).not.toContain('paper boat');
  });

  it('generates a segment: starts, polls, downloads a playable H.264 MP4', async () => {
    const videoModel = model();
    expect(videoModel.kind).toBe('veo');
    const request = segment({ aspectRatio: '9:16', resolution: '1080p', durationSeconds: 5 });

    await videoModel.generateSegment(request);

    expect((await fs.stat(request.outputFile)).size).toBeGreaterThan(0);
    expect(await videoCodec(request.outputFile)).toBe('h264');
    const [start, ...rest] = veo.starts();
    expect(rest).toHaveLength(0);
    expect(start).toMatchObject({
      apiKey: API_KEY,
      model: MODEL,
      prompt: request.prompt,
      parameters: { aspectRatio: '9:16', resolution: '1080p', durationSeconds: 8, sampleCount: 1 },
    });
    expect(start?.image).toBeUndefined();
    expect(veo.polls()).toHaveLength(3);
    expect(veo.polls().every((poll) => poll.apiKey === API_KEY)).toBe(true);
    expect(veo.downloads()).toEqual([expect.objectContaining({ apiKey: API_KEY })]);
  });

  it('hands the operation name to onOperation before the operation completes', async () => {
    const seen: Array<{ operation: string; pollsSoFar: number; fileExists: boolean }> = [];
    const request = segment({
      onOperation: async (operation) => {
        const fileExists = await fs.stat(path.join(dir, 'segment-0.mp4')).then(
          () => true,
          () => false,
        );
        seen.push({ operation, pollsSoFar: veo.polls().length, fileExists });
      },
    });

    await model().generateSegment(request);

    expect(seen).toHaveLength(1);
    expect(seen[0]?.operation).toMatch(new RegExp(`^models/${MODEL}/operations/[a-z0-9]+$`));
    expect(seen[0]?.pollsSoFar).toBe(0);
    expect(seen[0]?.fileExists).toBe(false);
    expect(veo.polls()[0]?.operation).toBe(seen[0]?.operation);
  });

  it('resumes an existing operation without starting a new one', async () => {
    const operation = veo.addOperation(MODEL);
    const onOperation: string[] = [];
    const request = segment({
      resumeOperation: operation,
      onOperation: async (name) => {
        onOperation.push(name);
      },
    });

    await model().generateSegment(request);

    expect(veo.starts()).toHaveLength(0);
    expect(veo.polls().map((poll) => poll.operation)).toEqual([operation, operation, operation]);
    expect(await videoCodec(request.outputFile)).toBe('h264');
    expect(onOperation).toEqual([]);
  });

  it('continues the previous segment: its last frame goes as a base64 PNG start image', async () => {
    const previousSegmentFile = path.join(dir, 'segment-0.mp4');
    await fs.copyFile(clipFile, previousSegmentFile);
    const extracted: Array<{ videoFile: string; pngFile: string; png: Buffer }> = [];
    const extract = async (videoFile: string, pngFile: string) => {
      await extractLastFrame(videoFile, pngFile);
      extracted.push({ videoFile, pngFile, png: await fs.readFile(pngFile) });
    };
    const request = segment({
      segmentIndex: 1,
      totalSegments: 2,
      previousSegmentFile,
      outputFile: path.join(dir, 'segment-1.mp4'),
    });

    await model({ extract }).generateSegment(request);

    expect(extracted).toHaveLength(1);
    expect(extracted[0]?.videoFile).toBe(previousSegmentFile);
    expect(path.dirname(extracted[0]?.pngFile ?? '')).toBe(dir);
    const start = veo.starts()[0];
    expect(start?.image?.mimeType).toBe('image/png');
    expect(start?.image?.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(start?.image?.bytes.equals(extracted[0]?.png ?? Buffer.alloc(0))).toBe(true);
    expect(start?.prompt).toContain(request.prompt);
    expect(start?.prompt).toMatch(/continues the previous/i);
    await expect(fs.stat(extracted[0]?.pngFile ?? '')).rejects.toThrow();
    expect(await videoCodec(request.outputFile)).toBe('h264');
  });

  it('a safety block fails for good with the reasons Veo gave, and writes no file', async () => {
    const reason =
      'Veo could not generate 1 videos based on the prompt provided. You will not be charged for this request.';
    veo.setOutcome({ kind: 'safety-block', reasons: [reason] });
    const request = segment();

    const error = await failure(model().generateSegment(request));

    expect(error.retryable).toBe(false);
    expect(error.message).toBe(`Veo blocked this prompt: ${reason}`);
    expect(veo.downloads()).toHaveLength(0);
    await expect(fs.stat(request.outputFile)).rejects.toThrow();
  });

  it.each([
    { code: 503, status: undefined, message: 'The service is currently unavailable.', retryable: true },
    { code: 14, status: 'UNAVAILABLE', message: 'Backend unavailable.', retryable: true },
    { code: 400, status: 'INVALID_ARGUMENT', message: 'The input image is not supported.', retryable: false },
  ])('an operation that ends with error $code is retryable: $retryable', async ({ code, status, message, retryable }) => {
    veo.setOutcome({ kind: 'operation-error', code, message, status });

    const error = await failure(model().generateSegment(segment()));

    expect(error.retryable).toBe(retryable);
    expect(error.message).toBe(`Veo failed: ${message}`);
  });

  it('a 429 on start is retryable, says 429, and starts no polling', async () => {
    veo.setStartError({ code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' });
    const onOperation: string[] = [];

    const error = await failure(
      model().generateSegment(
        segment({
          onOperation: async (name) => {
            onOperation.push(name);
          },
        }),
      ),
    );

    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Veo is over its quota right now (429). The video will be retried.');
    expect(onOperation).toEqual([]);
    expect(veo.polls()).toHaveLength(0);
  });

  it("a rejected API key fails for good with Google's message and never shows the key", async () => {
    const wrongKey = 'wrong-key-9d8e7f';

    const error = await failure(model({ apiKey: wrongKey }).generateSegment(segment()));

    expect(error.retryable).toBe(false);
    expect(error.message).toBe('Veo rejected the request (400): API key not valid. Please pass a valid API key.');
    expect(error.message).not.toContain(wrongKey);
    expect(veo.starts()[0]?.apiKey).toBe(wrongKey);
  });

  it('a resumed operation Veo no longer knows fails for good', async () => {
    const error = await failure(
      model().generateSegment(segment({ resumeOperation: `models/${MODEL}/operations/gone` })),
    );

    expect(error.retryable).toBe(false);
    expect(error.message).toContain('(404)');
  });

  it('a Veo that cannot be reached is retryable', async () => {
    await veo.close();

    const error = await failure(model().generateSegment(segment()));

    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Veo could not be reached. The video will be retried.');
  });

  /** The generation's outcome: the error it rejected with, or 'resolved'. */
  const outcomeOf = (generating: Promise<unknown>): Promise<unknown> =>
    generating.then(
      () => 'resolved',
      (error: unknown) => error,
    );

  it('aborting while waiting for the next poll ends the generation without polling again', async () => {
    veo.setPendingPolls(10_000);
    const controller = new AbortController();
    let operationStarted!: () => void;
    const started = new Promise<void>((resolve) => (operationStarted = resolve));
    // The next poll is an hour away: a wait the abort did not cut short would outlast the test's timeout.
    const hourly = model({ pollIntervalMs: 3_600_000 });
    const outcome = outcomeOf(
      hourly.generateSegment(segment({ signal: controller.signal, onOperation: () => Promise.resolve(operationStarted()) })),
    );
    await started;
    // After onOperation nothing but promise callbacks lead to the wait; one turn of the event loop lets them run.
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();

    expect(await outcome).toMatchObject({ name: 'AbortError' });
    expect(veo.starts()).toHaveLength(1);
    expect(veo.polls()).toHaveLength(0);
    expect(veo.downloads()).toHaveLength(0);
  });

  it('aborting while Veo has not answered a poll closes that request and ends the generation', async () => {
    veo.holdPolls();
    const controller = new AbortController();
    const outcome = outcomeOf(model().generateSegment(segment({ signal: controller.signal })));
    await veo.waitForPolls(1);
    controller.abort();

    expect(await outcome).toMatchObject({ name: 'AbortError' });
    // The SDK's request is cancelled, not left open until Veo answers.
    await waitFor('the held poll to be closed by the client', async () => (veo.abandonedPolls() === 1 ? true : undefined), 30_000);
    expect(veo.polls()).toHaveLength(1);
    expect(veo.downloads()).toHaveLength(0);
  });
});
