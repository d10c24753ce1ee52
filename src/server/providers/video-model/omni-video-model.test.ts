import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import type { FfmpegBinaries } from '../../render/ffmpeg-binaries.ts';
import { extractLastFrame } from '../../render/media-operations.ts';
import { type FakeOmniServer, type RecordedInputPart, startFakeOmniServer } from '../../test-support/fake-omni-server.ts';
import { makeTestClip } from '../../test-support/test-clips.ts';
import { outcomeOf, segmentRequest, videoCodec as probeVideoCodec } from '../../test-support/video-model-requests.ts';
import { waitFor } from '../../test-support/wait-for.ts';
import { ModelNotFoundError } from '../model-not-found.ts';
import { clipSeconds, createOmniVideoModel } from './omni-video-model.ts';
import { type SegmentRequest, VideoModelError } from './video-model.ts';
import { testFfmpeg } from '../../test-support/test-ffmpeg.ts';

const API_KEY = 'test-omni-key-7c3b9e';
const MODEL = 'gemini-omni-1.1-flash';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('Gemini Omni Flash video model (real SDK against a fake Interactions server)', () => {
  let ffmpeg: FfmpegBinaries;
  let fixtureDir: string;
  let clipFile: string;
  let clip: Buffer;
  let dir: string;
  let omni: FakeOmniServer;

  beforeAll(async () => {
    ffmpeg = await testFfmpeg();
    fixtureDir = await fs.mkdtemp(path.join(os.tmpdir(), 'omni-fixture-'));
    clipFile = path.join(fixtureDir, 'clip.mp4');
    await makeTestClip(clipFile, { width: 640, height: 360, seconds: 2 });
    clip = await fs.readFile(clipFile);
  });
  afterAll(() => fs.rm(fixtureDir, { recursive: true, force: true }));

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'omni-'));
    omni = await startFakeOmniServer({ apiKey: API_KEY, video: clip, pendingPolls: 2 });
  });
  afterEach(async () => {
    await omni.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const lastFrame = (videoFile: string, pngFile: string) => extractLastFrame(ffmpeg, videoFile, pngFile);

  function model(overrides: { apiKey?: string; model?: string; extract?: typeof lastFrame; pollIntervalMs?: number } = {}) {
    return createOmniVideoModel({
      backend: { kind: 'gemini-api', apiKey: overrides.apiKey ?? API_KEY, baseUrl: omni.baseUrl },
      model: overrides.model ?? MODEL,
      pollIntervalMs: overrides.pollIntervalMs ?? 20,
      extractLastFrame: overrides.extract ?? lastFrame,
    });
  }

  const segment = (overrides: Partial<SegmentRequest> = {}) => segmentRequest(dir, overrides);

  async function failure(promise: Promise<unknown>): Promise<VideoModelError> {
    const error = await outcomeOf(promise);
    expect(error).toBeInstanceOf(VideoModelError);
    return error as VideoModelError;
  }

  const videoCodec = (file: string) => probeVideoCodec(ffmpeg.ffprobePath, file);

  const texts = (input: RecordedInputPart[]) => input.flatMap((part) => ('text' in part ? [part.text] : []));

  it('generates a segment from inline base64: creates a background text-to-video interaction, polls, writes the MP4', async () => {
    const videoModel = model();
    expect(videoModel.kind).toBe('omni');
    expect(videoModel.model).toBe(MODEL);
    const request = segment({ aspectRatio: '9:16', resolution: '1080p', durationSeconds: 5 });

    expect(await videoModel.generateSegment(request)).toEqual({});

    // Buffer.equals: toEqual compares a 400 kB buffer byte by byte, for seconds.
    expect((await fs.readFile(request.outputFile)).equals(clip)).toBe(true);
    expect(await videoCodec(request.outputFile)).toBe('h264');
    const [create, ...rest] = omni.creates();
    expect(rest).toHaveLength(0);
    expect(create).toMatchObject({
      apiKey: API_KEY,
      model: MODEL,
      background: true,
      generationConfig: { video_config: { task: 'text_to_video' } },
      responseFormat: { type: 'video', aspect_ratio: '9:16', resolution: '1080p', duration: '5s' },
    });
    expect(create?.input).toEqual([{ type: 'text', text: request.prompt }]);
    expect(omni.polls()).toHaveLength(3);
    expect(omni.polls().every((poll) => poll.apiKey === API_KEY)).toBe(true);
    expect(omni.downloads()).toHaveLength(0);
  });

  it('downloads a video delivered by URI with the key header', async () => {
    omni.setOutcome({ kind: 'success-uri' });
    const request = segment();

    await model().generateSegment(request);

    // Buffer.equals: toEqual compares a 400 kB buffer byte by byte, for seconds.
    expect((await fs.readFile(request.outputFile)).equals(clip)).toBe(true);
    expect(omni.downloads()).toEqual([expect.objectContaining({ apiKey: API_KEY })]);
  });

  it('asks for 720p on the preview model, which has no 1080p', async () => {
    await model({ model: 'gemini-omni-flash-preview' }).generateSegment(segment({ resolution: '1080p' }));

    expect(omni.creates()[0]?.responseFormat).toMatchObject({ resolution: '720p', duration: '8s' });
  });

  it('rounds durations up into the 3–10 s the model makes', () => {
    expect([1, 3, 4.2, 8, 10, 12].map(clipSeconds)).toEqual([3, 3, 5, 8, 10, 10]);
  });

  it("logs on the job's logger, never the prompt", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const jobLogger = createLogger({ logLevel: 'info' }, destination).child({ jobId: 'generate-video:p1' });

    await model().generateSegment(segment({ logger: jobLogger }));

    expect(lines.map((line) => line.msg)).toEqual(['Omni interaction started', 'Omni segment written']);
    expect(lines).toEqual(lines.map(() => expect.objectContaining({ jobId: 'generate-video:p1', segmentIndex: 0 })));
    expect(JSON.stringify(lines)).not.toContain('paper boat');
  });

  it('hands the interaction id to onOperation before the first poll', async () => {
    const seen: Array<{ id: string; pollsSoFar: number }> = [];

    await model().generateSegment(
      segment({
        onOperation: async (id) => {
          seen.push({ id, pollsSoFar: omni.polls().length });
        },
      }),
    );

    expect(seen).toEqual([{ id: expect.stringMatching(/^v1_[a-f0-9]+$/) as unknown, pollsSoFar: 0 }]);
    expect(omni.polls()[0]?.id).toBe(seen[0]?.id);
  });

  it('continues the previous segment: its last frame goes as an inline PNG, image-to-video, with the continuation note', async () => {
    const previousSegmentFile = path.join(dir, 'segment-0.mp4');
    await fs.copyFile(clipFile, previousSegmentFile);
    const extracted: Array<{ videoFile: string; pngFile: string; png: Buffer }> = [];
    const extract = async (videoFile: string, pngFile: string) => {
      await lastFrame(videoFile, pngFile);
      extracted.push({ videoFile, pngFile, png: await fs.readFile(pngFile) });
    };
    const request = segment({ segmentIndex: 1, totalSegments: 2, previousSegmentFile, outputFile: path.join(dir, 'segment-1.mp4') });

    await model({ extract }).generateSegment(request);

    expect(extracted).toHaveLength(1);
    expect(extracted[0]?.videoFile).toBe(previousSegmentFile);
    const create = omni.creates()[0];
    expect(create?.generationConfig).toEqual({ video_config: { task: 'image_to_video' } });
    const image = create?.input.find((part) => part.type === 'image');
    expect(image && 'bytes' in image ? image.mimeType : undefined).toBe('image/png');
    const bytes = image && 'bytes' in image ? image.bytes : Buffer.alloc(0);
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(bytes.equals(extracted[0]?.png ?? Buffer.alloc(0))).toBe(true);
    const prompt = texts(create?.input ?? []).join('\n');
    expect(prompt).toContain(request.prompt);
    expect(prompt).toMatch(/continues the previous/i);
    await expect(fs.stat(extracted[0]?.pngFile ?? '')).rejects.toThrow();
    expect(await videoCodec(request.outputFile)).toBe('h264');
  });

  it('starts a new shot on a frame the caller chose: that PNG goes inline, image-to-video, and is left where it was', async () => {
    const startFrameFile = path.join(dir, 'chosen-frame.png');
    await lastFrame(clipFile, startFrameFile);
    const extracted: string[] = [];
    const request = segment({ startFrameFile, outputFile: path.join(dir, 'continuing-shot.mp4') });

    await model({ extract: async (videoFile) => void extracted.push(videoFile) }).generateSegment(request);

    expect(extracted).toEqual([]);
    const create = omni.creates()[0];
    expect(create?.generationConfig).toEqual({ video_config: { task: 'image_to_video' } });
    const image = create?.input.find((part) => part.type === 'image');
    const bytes = image && 'bytes' in image ? image.bytes : Buffer.alloc(0);
    expect(bytes.equals(await fs.readFile(startFrameFile))).toBe(true);
    expect(texts(create?.input ?? []).join('\n')).toMatch(/continues the previous/i);
    expect((await fs.stat(startFrameFile)).size).toBeGreaterThan(0);
  });

  it('resumes an interaction by polling it, without creating one', async () => {
    const id = omni.addInteraction(MODEL);
    const onOperation: string[] = [];

    await model().generateSegment(
      segment({
        resumeOperation: id,
        onOperation: async (name) => {
          onOperation.push(name);
        },
      }),
    );

    expect(omni.creates()).toHaveLength(0);
    expect(omni.polls().map((poll) => poll.id)).toEqual([id, id, id]);
    expect(onOperation).toEqual([]);
    expect(await videoCodec(path.join(dir, 'segment-0.mp4'))).toBe('h264');
  });

  it('an unknown model on create is a ModelNotFoundError', async () => {
    const error = await outcomeOf(model({ model: 'gemini-omni-0.9-flash' }).generateSegment(segment()));

    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect(error).toMatchObject({ model: 'gemini-omni-0.9-flash', providerMessage: expect.stringContaining('not found') as unknown });
    expect(omni.polls()).toHaveLength(0);
  });

  it('a model retired while its interaction runs is a ModelNotFoundError, found out through models.get', async () => {
    omni.setPendingPolls(10_000);
    const generating = outcomeOf(model().generateSegment(segment()));
    await omni.waitForPolls(1);
    omni.retireModel(MODEL);

    const error = await generating;

    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect(omni.modelGets()).toEqual([expect.objectContaining({ model: MODEL, apiKey: API_KEY })]);
  });

  it('an interaction the provider no longer knows, while the model exists, fails for good', async () => {
    const error = await failure(model().generateSegment(segment({ resumeOperation: 'v1_gone' })));

    expect(error).not.toBeInstanceOf(ModelNotFoundError);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('(404)');
    expect(omni.modelGets()).toHaveLength(1);
  });

  it.each([
    { code: 403, status: 'PERMISSION_DENIED', message: 'Permission denied: consumer has no billing.' },
    { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
  ])('a $code on create fails for good as rejected', async ({ code, status, message }) => {
    omni.setCreateError({ code, message, status });

    const error = await failure(model().generateSegment(segment()));

    expect(error.retryable).toBe(false);
    expect(error.message).toBe(`Omni rejected the request (${code}): ${message}`);
    expect(error.message).not.toContain(API_KEY);
  });

  it('a wrong API key fails for good and the message never shows the key', async () => {
    const wrongKey = 'wrong-key-4a5b6c';

    const error = await failure(model({ apiKey: wrongKey }).generateSegment(segment()));

    expect(error.retryable).toBe(false);
    expect(error.message).toBe('Omni rejected the request (400): API key not valid. Please pass a valid API key.');
    expect(error.message).not.toContain(wrongKey);
    expect(omni.creates()[0]?.apiKey).toBe(wrongKey);
  });

  it('a provider message that quotes the key is redacted', async () => {
    omni.setCreateError({ code: 403, message: `Key ${API_KEY} is suspended.`, status: 'PERMISSION_DENIED' });

    const error = await failure(model().generateSegment(segment()));

    expect(error.message).toBe('Omni rejected the request (403): Key [redacted] is suspended.');
  });

  it('a 429 on create is retryable, once (no SDK retries), and starts no polling', async () => {
    omni.setCreateError({ code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' });

    const error = await failure(model().generateSegment(segment()));

    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Omni is over its quota right now (429). The video will be retried.');
    expect(omni.creates()).toHaveLength(1);
    expect(omni.polls()).toHaveLength(0);
  });

  it('a 503 on create is retryable', async () => {
    omni.setCreateError({ code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' });

    const error = await failure(model().generateSegment(segment()));

    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Omni had a server error (503): The model is overloaded. The video will be retried.');
  });

  it('an Omni that cannot be reached is retryable', async () => {
    await omni.close();

    const error = await failure(model().generateSegment(segment()));

    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Omni could not be reached. The video will be retried.');
  });

  it('a safety block fails for good with the reason Omni gave, and writes no file', async () => {
    const reason = 'The prompt was blocked by our safety filters. You will not be charged for this request.';
    omni.setOutcome({ kind: 'safety-block', message: reason });
    const request = segment();

    const error = await failure(model().generateSegment(request));

    expect(error.retryable).toBe(false);
    expect(error.message).toBe(`Omni blocked this prompt: ${reason}`);
    await expect(fs.stat(request.outputFile)).rejects.toThrow();
  });

  it.each([
    { code: 'INTERNAL', message: 'Video generation hit an internal error.', retryable: true },
    { code: 'INVALID_ARGUMENT', message: 'The input image is not supported.', retryable: false },
  ])('a failed interaction ($code) is retryable: $retryable', async ({ code, message, retryable }) => {
    omni.setOutcome({ kind: 'failed', code, message });

    const error = await failure(model().generateSegment(segment()));

    expect(error.retryable).toBe(retryable);
    expect(error.message).toBe(`Omni failed: ${message}`);
  });

  it('completed without a video is retryable', async () => {
    omni.setOutcome({ kind: 'no-video' });

    const error = await failure(model().generateSegment(segment()));

    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Omni finished without returning a video. It will be retried.');
  });

  it('aborting while waiting for the next poll ends the generation with the abort reason, polling no more', async () => {
    omni.setPendingPolls(10_000);
    const id = omni.addInteraction(MODEL);
    const controller = new AbortController();
    // Resumed interactions poll at once, then wait an hour: a wait the abort did not cut short would outlast the test.
    const outcome = outcomeOf(model({ pollIntervalMs: 3_600_000 }).generateSegment(segment({ resumeOperation: id, signal: controller.signal })));
    await omni.waitForPolls(1);
    const reason = new Error('job cancelled');
    controller.abort(reason);

    expect(await outcome).toBe(reason);
    expect(omni.polls()).toHaveLength(1);
    await expect(fs.stat(path.join(dir, 'segment-0.mp4'))).rejects.toThrow();
  });

  it('aborting while Omni has not answered a poll closes that request and ends the generation', async () => {
    omni.holdPolls();
    const controller = new AbortController();
    const outcome = outcomeOf(model().generateSegment(segment({ signal: controller.signal })));
    await omni.waitForPolls(1);
    controller.abort();

    expect(await outcome).toMatchObject({ name: 'AbortError' });
    await waitFor('the held poll to be closed by the client', async () => (omni.abandonedPolls() === 1 ? true : undefined), 30_000);
    expect(omni.polls()).toHaveLength(1);
  });

  it('refuses a Vertex AI back-end at construction', () => {
    expect(() =>
      createOmniVideoModel({
        backend: { kind: 'vertex-ai', project: 'p', location: 'us-central1' },
        model: MODEL,
        extractLastFrame: lastFrame,
      }),
    ).toThrow(/Gemini Omni Flash is only on the Gemini API/);
  });
});
