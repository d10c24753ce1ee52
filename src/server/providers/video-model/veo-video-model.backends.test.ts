import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GoogleBackend } from '../google/google-backend.ts';
import { GOOGLE_BACKEND_KINDS, startVideoFake, type VideoFake } from '../../test-support/google-fake-backends.ts';
import { ModelNotFoundError } from '../model-not-found.ts';
import { startFakeVertexServer } from '../../test-support/fake-vertex-server.ts';
import { createVeoVideoModel } from './veo-video-model.ts';
import { type ProviderVideo, type SegmentResult, type VideoModel, VideoModelError } from './video-model.ts';

const run = promisify(execFile);
const MODEL = 'veo-3.1-fast-generate-001';
const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const PROMPT = 'A paper boat drifting down a rainy street at dusk';
const GEMINI_FILE_URI = /^https:\/\/generativelanguage\.googleapis\.com\/v1beta\/files\/[a-z0-9]+:download\?alt=media$/;

/** What each back-end's refusal of the credentials becomes: the key's check; the OAuth token exchange. */
const UNAUTHORISED_MESSAGES = {
  'gemini-api': 'Veo rejected the request (400): API key not valid. Please pass a valid API key.',
  'vertex-ai': 'Google refused the Vertex AI credentials (400): invalid_grant',
} as const;

/** Each back-end and each video role it offers: Vertex AI makes clips but cannot extend them. */
const CASES = [
  { kind: 'gemini-api', role: 'generation' },
  { kind: 'gemini-api', role: 'extension' },
  { kind: 'vertex-ai', role: 'generation' },
] as const;

let clip: Buffer;
let extendedClip: Buffer;
let fixtureDir: string;

beforeAll(async () => {
  fixtureDir = await fs.mkdtemp(path.join(os.tmpdir(), 'veo-backends-fixture-'));
  const make = async (name: string, seconds: number) => {
    const file = path.join(fixtureDir, name);
    await run('/usr/bin/ffmpeg', [
      '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=24', '-t', String(seconds),
      '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file,
    ]);
    return fs.readFile(file);
  };
  [clip, extendedClip] = await Promise.all([make('clip.mp4', 1), make('extended.mp4', 2)]);
});
afterAll(() => fs.rm(fixtureDir, { recursive: true, force: true }));

function veoModel(backend: GoogleBackend): VideoModel {
  return createVeoVideoModel({
    backend,
    model: MODEL,
    pollIntervalMs: 5,
    extractLastFrame: () => Promise.reject(new Error('a first segment has no previous frame')),
    now: () => NOW,
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
}

describe.each(CASES)('Veo $role on $kind (real SDK against a fake server)', ({ kind, role }) => {
  let dir: string;
  let fake: VideoFake;
  /** Extension: the clip Veo made first, which each test extends. */
  let source: ProviderVideo | undefined;
  const outputFile = () => path.join(dir, 'out.mp4');

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'veo-backends-'));
    fake = await startVideoFake(kind, dir, clip, extendedClip);
    if (role === 'extension') {
      const made = await veoModel(fake.backend).generateSegment({
        prompt: PROMPT, aspectRatio: '16:9', resolution: '720p', durationSeconds: 8, segmentIndex: 0, totalSegments: 1,
        outputFile: path.join(dir, 'source.mp4'),
      });
      source = made.providerVideo;
    }
  });
  afterEach(async () => {
    await fake.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** The role's call on `backend`: make a first segment, or extend the clip made in beforeEach. */
  function call(
    overrides: { backend?: GoogleBackend; onOperation?: (name: string) => Promise<void>; resumeOperation?: string } = {},
  ): Promise<SegmentResult> {
    const { backend = fake.backend, ...rest } = overrides;
    const videoModel = veoModel(backend);
    if (role === 'extension') {
      if (!videoModel.extendVideo || !source) throw new Error('the Gemini API extends its own clips');
      return videoModel.extendVideo({ prompt: 'The boat sails on into the night', video: source, outputFile: outputFile(), ...rest });
    }
    return videoModel.generateSegment({
      prompt: PROMPT, aspectRatio: '16:9', resolution: '720p', durationSeconds: 8, segmentIndex: 0, totalSegments: 1,
      outputFile: outputFile(), ...rest,
    });
  }

  async function videoModelError(promise: Promise<unknown>): Promise<VideoModelError> {
    const error = await rejection(promise);
    expect(error).toBeInstanceOf(VideoModelError);
    return error as VideoModelError;
  }

  it('writes the clip Veo made and says whether the provider keeps a copy to extend', async () => {
    const result = await call();

    const expected = role === 'extension' ? extendedClip : clip;
    expect((await fs.readFile(outputFile())).equals(expected)).toBe(true);
    if (kind === 'gemini-api') {
      // Google deletes the file two days after it was made; we count on it for an hour less.
      expect(result.providerVideo).toEqual({ uri: expect.stringMatching(GEMINI_FILE_URI), expiresAt: '2026-11-22T09:00:00.000Z' });
      expect(result.providerVideo?.uri).not.toBe(source?.uri);
    } else {
      expect(result.providerVideo).toBeUndefined();
    }
    expect(fake.starts().at(-1)).toMatchObject({ model: MODEL });
    fake.expectAuthenticated();
  });

  it('a model the provider does not know is a ModelNotFoundError naming it, never retried, with no polling', async () => {
    fake.retireModel(MODEL);
    const pollsBefore = fake.polls().length;

    const error = await rejection(call());

    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect(error).toMatchObject({ model: MODEL, providerMessage: expect.stringContaining(MODEL) });
    expect(fake.polls()).toHaveLength(pollsBefore);
  });

  it('a model retired while its operation ran is a ModelNotFoundError once models.get confirms it', async () => {
    const error = await rejection(call({ onOperation: () => Promise.resolve(fake.retireModel(MODEL)) }));

    expect(error).toBeInstanceOf(ModelNotFoundError);
    expect(error).toMatchObject({ model: MODEL });
    expect(fake.modelGets()).toHaveLength(1);
  });

  it('an operation the provider lost while the model lives on fails for good, asking for a new try', async () => {
    const error = await videoModelError(call({ resumeOperation: fake.unknownOperation(MODEL) }));

    expect(error.retryable).toBe(false);
    expect(error.message).toBe('Veo lost track of this video. Please try again.');
    expect(fake.modelGets()).toHaveLength(1);
  });

  it('credentials the provider turns away fail for good, and the error never shows the secret', async () => {
    const { backend, secrets } = await fake.unauthorised();

    const error = await videoModelError(call({ backend }));

    expect(error.retryable).toBe(false);
    expect(error.message).toBe(UNAUTHORISED_MESSAGES[kind]);
    for (const secret of secrets) expect(error.message).not.toContain(secret);
  });

  it('a 429 on start is retryable and says so, and starts no polling', async () => {
    fake.setStartError({ code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' });
    const pollsBefore = fake.polls().length;
    const started: string[] = [];

    const error = await videoModelError(call({ onOperation: (name) => Promise.resolve(void started.push(name)) }));

    expect(error.retryable).toBe(true);
    expect(error.message).toBe('Veo is over its quota right now (429). The video will be retried.');
    expect(started).toEqual([]);
    expect(fake.polls()).toHaveLength(pollsBefore);
  });

  it("a 403 fails for good with the provider's words", async () => {
    const message = "Permission 'aiplatform.endpoints.predict' denied on the resource.";
    fake.setStartError({ code: 403, message, status: 'PERMISSION_DENIED' });

    const error = await videoModelError(call());

    expect(error.retryable).toBe(false);
    expect(error.message).toBe(`Veo rejected the request (403): ${message}`);
  });

  it('a safety block fails for good with the reasons Veo gave, and writes no file', async () => {
    const reason = 'Veo could not generate 1 videos based on the prompt provided. You will not be charged for this request.';
    fake.setOutcome({ kind: 'safety-block', reasons: [reason] });

    const error = await videoModelError(call());

    expect(error.retryable).toBe(false);
    expect(error.message).toBe(`Veo blocked this prompt: ${reason}`);
    await expect(fs.stat(outputFile())).rejects.toThrow();
  });

  it.each([
    { code: 503, status: undefined, message: 'The service is currently unavailable.', retryable: true },
    { code: 14, status: 'UNAVAILABLE', message: 'Backend unavailable.', retryable: true },
    { code: 400, status: 'INVALID_ARGUMENT', message: 'The input image is not supported.', retryable: false },
  ])('an operation that ends with error $code is retryable: $retryable', async ({ code, status, message, retryable }) => {
    fake.setOutcome({ kind: 'operation-error', code, message, ...(status ? { status } : {}) });

    const error = await videoModelError(call());

    expect(error.retryable).toBe(retryable);
    expect(error.message).toBe(`Veo failed: ${message}`);
  });
});

describe('Veo extension by back-end', () => {
  it.each(GOOGLE_BACKEND_KINDS.map((kind) => ({ kind, extends: kind === 'gemini-api' })))(
    '$kind offers extendVideo: $extends',
    async ({ kind, extends: offered }) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'veo-extend-'));
      const fake = await startVideoFake(kind, dir, clip);
      try {
        expect(typeof veoModel(fake.backend).extendVideo).toBe(offered ? 'function' : 'undefined');
      } finally {
        await fake.close();
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('Veo on Vertex AI: access tokens', () => {
  it('an access token revoked before it expired gets 401, which fails for good without the token', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'veo-vertex-'));
    const vertex = await startFakeVertexServer({ video: clip, pendingPolls: 0 });
    try {
      const videoModel = veoModel(vertex.backend(await vertex.writeCredentialsFile(dir)));
      const request = {
        prompt: PROMPT, aspectRatio: '9:16', resolution: '720p', durationSeconds: 8, segmentIndex: 0, totalSegments: 1,
        outputFile: path.join(dir, 'a.mp4'),
      } as const;
      await videoModel.generateSegment(request);
      vertex.revokeTokens();

      const error = await rejection(videoModel.generateSegment({ ...request, outputFile: path.join(dir, 'b.mp4') }));

      expect(error).toBeInstanceOf(VideoModelError);
      expect(error).toMatchObject({
        retryable: false,
        message: expect.stringMatching(/^Veo rejected the request \(401\): Request had invalid authentication credentials/),
      });
      // One refresh grant: the client kept its token until it expired (it had not), so the fake saw it on every call.
      expect(vertex.tokenGrants()).toHaveLength(1);
      const [token] = vertex.issuedTokens();
      expect(vertex.starts().map((start) => start.authorization)).toEqual([`Bearer ${token}`, `Bearer ${token}`]);
      expect((error as Error).message).not.toContain(token);
    } finally {
      await vertex.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
