import { expect } from 'vitest';
import type { GoogleHttpError } from './fake-http.ts';
import {
  type FakeGeminiAnswer,
  type RecordedGenerateContent,
  startFakeGeminiServer,
} from './fake-gemini-server.ts';
import { type FakeVeoOutcome, startFakeVeoServer } from './fake-veo-server.ts';
import { type FakeVertexServer, startFakeVertexServer } from './fake-vertex-server.ts';
import type { GoogleBackend, GoogleBackendKind } from '../providers/google/google-backend.ts';

/**
 * For tests that run the same cases against both Google back-ends: each back-end's fake server behind one
 * shape, with a back-end pointed at it (Vertex AI: a real authorized_user credentials file in a temp dir
 * and the fake's token URL).
 */

export const GOOGLE_BACKEND_KINDS: readonly GoogleBackendKind[] = ['gemini-api', 'vertex-ai'];

const API_KEY = 'test-google-key-3e9b1d';
const WRONG_API_KEY = 'wrong-google-key-77c0aa';
const WRONG_REFRESH_TOKEN = '1//wrong-refresh-token-5d5d5d';

interface BackendFake {
  kind: GoogleBackendKind;
  backend: GoogleBackend;
  /** A back-end the fake turns away (a wrong API key; a refresh token it never issued), and the secrets no error may show. */
  unauthorised(): Promise<{ backend: GoogleBackend; secrets: string[] }>;
  /** Asserts that API requests arrived and each carried the back-end's credentials (Vertex: a refresh grant, then its bearer token). */
  expectAuthenticated(): void;
  retireModel(model: string): void;
  close(): Promise<void>;
}

export interface ContentFake extends BackendFake {
  setAnswer(answer: FakeGeminiAnswer): void;
  lastRequest(): RecordedGenerateContent | undefined;
}

export interface VideoFake extends BackendFake {
  setOutcome(outcome: FakeVeoOutcome): void;
  setPendingPolls(count: number): void;
  setStartError(error: GoogleHttpError | undefined): void;
  starts(): Array<{ model: string; prompt: string | undefined; parameters: Record<string, unknown> }>;
  polls(): unknown[];
  modelGets(): unknown[];
  /** An operation name in the back-end's own form that the fake never made. */
  unknownOperation(model: string): string;
}

export async function startContentFake(kind: GoogleBackendKind, dir: string): Promise<ContentFake> {
  if (kind === 'vertex-ai') {
    const vertex = await startFakeVertexServer({ video: Buffer.alloc(0) });
    return {
      ...(await vertexParts(vertex, dir)),
      setAnswer: vertex.setAnswer,
      lastRequest: vertex.lastGenerateContent,
    };
  }
  const gemini = await startFakeGeminiServer({ apiKey: API_KEY });
  const backend: GoogleBackend = { kind, apiKey: API_KEY, baseUrl: gemini.baseUrl };
  return {
    kind,
    backend,
    unauthorised: () => Promise.resolve({ backend: { ...backend, apiKey: WRONG_API_KEY }, secrets: [WRONG_API_KEY] }),
    expectAuthenticated() {
      expect(gemini.requests.length).toBeGreaterThan(0);
      expect(gemini.requests.map((request) => request.apiKey)).toEqual(gemini.requests.map(() => API_KEY));
    },
    retireModel: gemini.retireModel,
    close: gemini.close,
    setAnswer: gemini.setAnswer,
    lastRequest: gemini.lastRequest,
  };
}

export async function startVideoFake(kind: GoogleBackendKind, dir: string, video: Buffer, extendedVideo?: Buffer): Promise<VideoFake> {
  if (kind === 'vertex-ai') {
    const vertex = await startFakeVertexServer({ video });
    return {
      ...(await vertexParts(vertex, dir)),
      setOutcome: vertex.setOutcome,
      setPendingPolls: vertex.setPendingPolls,
      setStartError: vertex.setStartError,
      starts: vertex.starts,
      polls: vertex.polls,
      modelGets: vertex.modelGets,
      unknownOperation: (model) =>
        `projects/${vertex.project}/locations/${vertex.location}/publishers/google/models/${model}/operations/0000000000`,
    };
  }
  const veo = await startFakeVeoServer({ apiKey: API_KEY, video, ...(extendedVideo ? { extendedVideo } : {}) });
  const backend: GoogleBackend = { kind, apiKey: API_KEY, baseUrl: veo.baseUrl };
  return {
    kind,
    backend,
    unauthorised: () => Promise.resolve({ backend: { ...backend, apiKey: WRONG_API_KEY }, secrets: [WRONG_API_KEY] }),
    expectAuthenticated() {
      const keys = [...veo.starts(), ...veo.polls(), ...veo.downloads()].map((request) => request.apiKey);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys).toEqual(keys.map(() => API_KEY));
    },
    retireModel: veo.retireModel,
    close: veo.close,
    setOutcome: veo.setOutcome,
    setPendingPolls: veo.setPendingPolls,
    setStartError: veo.setStartError,
    starts: veo.starts,
    polls: veo.polls,
    modelGets: veo.modelGets,
    unknownOperation: (model) => `models/${model}/operations/0000000000`,
  };
}

/** The Vertex AI half of a fake: credentials written to `dir`, and the checks on tokens. */
async function vertexParts(vertex: FakeVertexServer, dir: string): Promise<BackendFake> {
  const credentialsFile = await vertex.writeCredentialsFile(dir);
  return {
    kind: 'vertex-ai',
    backend: vertex.backend(credentialsFile),
    async unauthorised() {
      const file = await vertex.writeCredentialsFile(dir, { refresh_token: WRONG_REFRESH_TOKEN });
      return { backend: vertex.backend(file), secrets: [WRONG_REFRESH_TOKEN, vertex.credentials.client_secret] };
    },
    expectAuthenticated() {
      const grants = vertex.tokenGrants();
      expect(grants.length).toBeGreaterThan(0);
      expect(grants).toEqual(
        grants.map(() =>
          expect.objectContaining({
            grantType: 'refresh_token',
            refreshToken: vertex.credentials.refresh_token,
            clientId: vertex.credentials.client_id,
          }),
        ),
      );
      const bearers = vertex.issuedTokens().map((token) => `Bearer ${token}`);
      const calls = vertex.requests.filter((request) => request.kind !== 'token' && request.kind !== 'other');
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(bearers).toContain('authorization' in call ? call.authorization : undefined);
    },
    retireModel: vertex.retireModel,
    close: vertex.close,
  };
}
