import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { type FakeVeoServer, startFakeVeoServer } from '../../test-support/fake-veo-server.ts';
import { outcomeOf, segmentRequest, videoCodec as probeVideoCodec } from '../../test-support/video-model-requests.ts';
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

const videoCodec = (file: string) => probeVideoCodec(FFPROBE, file);

describe('Veo video model (real SDK against a fake Veo server)', () => {
  let fixtureDir: string;
  let clipFile: string;
  let clip: Buffer;
  /** What the fake serves for an extension: any other MP4 will do, so the test can tell them apart. */
  let extendedClip: Buffer;
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
    const extendedFile = path.join(fixtureDir, 'extended.mp4');
    await run(FFMPEG, ['-v', 'error', '-y', '-i', clipFile, '-t', '1', '-c', 'copy', extendedFile]);
    extendedClip = await fs.readFile(extendedFile);
  });
  afterAll(() => fs.rm(fixtureDir, { recursive: true, force: true }));

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'veo-'));
    veo = await startFakeVeoServer({ apiKey: API_KEY, video: clip, extendedVideo: extendedClip, pendingPolls: 2 });
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

  const segment = (overrides: Partial<SegmentRequest> = {}) => segmentRequest(dir, overrides);

  async function failure(promise: Promise<unknown>): Promise<VideoModelError> {
    const error = await outcomeOf(promise);
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

  it('starts a new shot on a frame the caller chose: that PNG goes as the start image, and is left where it was', async () => {
    const startFrameFile = path.join(dir, 'chosen-frame.png');
    await extractLastFrame(clipFile, startFrameFile);
    const extracted: string[] = [];
    const request = segment({ startFrameFile, outputFile: path.join(dir, 'continuing-shot.mp4') });

    await model({ extract: async (videoFile) => void extracted.push(videoFile) }).generateSegment(request);

    expect(extracted).toEqual([]);
    const start = veo.starts()[0];
    expect(start?.image?.mimeType).toBe('image/png');
    expect(start?.image?.bytes.equals(await fs.readFile(startFrameFile))).toBe(true);
    expect(start?.prompt).toContain(request.prompt);
    expect(start?.prompt).toMatch(/continues the previous/i);
    expect((await fs.stat(startFrameFile)).size).toBeGreaterThan(0);
  });

  it('extends a clip it made: sends its file URI at 720p with no duration or aspect ratio, writes the whole new video', async () => {
    const videoModel = model();
    const made = await videoModel.generateSegment(segment());
    const source = made.providerVideo;
    if (!source || !videoModel.extendVideo) throw new Error('the Gemini API keeps its clips for extension');
    const operations: string[] = [];
    const outputFile = path.join(dir, 'extended.mp4');

    const extended = await videoModel.extendVideo({
      prompt: 'The boat sails on into the night',
      video: source,
      outputFile,
      onOperation: (name) => Promise.resolve(void operations.push(name)),
    });

    const start = veo.starts()[1];
    expect(start).toMatchObject({ model: MODEL, prompt: 'The boat sails on into the night', video: { uri: source.uri } });
    expect(start?.parameters).toEqual({ resolution: '720p', sampleCount: 1 });
    expect(start?.image).toBeUndefined();
    expect(operations).toEqual([veo.polls().at(-1)?.operation]);
    expect((await fs.readFile(outputFile)).equals(extendedClip)).toBe(true);
    expect(extended.providerVideo?.uri).toMatch(/files\/[a-z0-9]+:download\?alt=media$/);
    expect(extended.providerVideo?.uri).not.toBe(source.uri);
  });

  it('resumes an extension operation without starting a new one', async () => {
    const operation = veo.addOperation(MODEL);
    const videoModel = model();
    const outputFile = path.join(dir, 'extended.mp4');
    const video = { uri: 'https://generativelanguage.googleapis.com/v1beta/files/abc123:download?alt=media', expiresAt: '2026-11-22T09:00:00.000Z' };

    const result = await videoModel.extendVideo?.({ prompt: 'More', video, outputFile, resumeOperation: operation });

    expect(veo.starts()).toHaveLength(0);
    expect(veo.polls().map((poll) => poll.operation)).toEqual([operation, operation, operation]);
    expect(result?.providerVideo?.uri).toMatch(/files\/[a-z0-9]+:download\?alt=media$/);
    expect(await videoCodec(outputFile)).toBe('h264');
  });

  it('a video Veo did not make cannot be extended: it fails for good with Veo\'s words', async () => {
    const video = { uri: 'https://example.com/files/abc123:download?alt=media', expiresAt: '2026-11-22T09:00:00.000Z' };

    const error = await failure(model().extendVideo?.({ prompt: 'More', video, outputFile: path.join(dir, 'x.mp4') }) ?? Promise.resolve());

    expect(error.retryable).toBe(false);
    expect(error.message).toBe('Veo rejected the request (400): Video is not a Veo-generated video.');
    expect(veo.starts()[0]?.video).toEqual({ uri: video.uri });
    expect(veo.polls()).toHaveLength(0);
  });

  it('a Veo that cannot be reached is retryable', async () => {
    await veo.close();

    const error = await failure(model().generateSegment(segment()));

    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Veo could not be reached. The video will be retried.');
  });

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
