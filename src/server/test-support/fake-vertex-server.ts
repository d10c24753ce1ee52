import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { GoogleBackend } from '../providers/google/google-backend.ts';
import {
  type GoogleHttpError,
  headerValue,
  readJson,
  readText,
  sendGoogleError,
  sendJson,
  serveGoogleFake,
} from './fake-http.ts';
import { jobSettings, recordsOfKind } from './fake-long-running.ts';
import {
  answerGenerateContent,
  type FakeGeminiAnswer,
  recordGenerateContent,
  type RecordedGenerateContent,
} from './fake-gemini-server.ts';
import { doneOperation, type FakeVeoOutcome, invalidStart, readPredictBody } from './fake-veo-server.ts';

export interface FakeVertexServerOptions {
  project?: string;
  location?: string;
  /** The MP4 returned (as base64 bytes) for every finished video. */
  video: Buffer;
  /** Polls answered `{ done: false }` before the outcome. Default 1. */
  pendingPolls?: number;
  /** Outcome of operations started from now on. Default success. */
  outcome?: FakeVeoOutcome;
  /** How generateContent answers, until told otherwise. */
  answer?: FakeGeminiAnswer;
}

/** The `authorized_user` credentials file the fake accepts (what `gcloud auth application-default login` writes). */
export interface AuthorizedUserCredentials {
  type: 'authorized_user';
  client_id: string;
  client_secret: string;
  refresh_token: string;
}

interface RecordedTokenGrant {
  kind: 'token';
  grantType: string | null;
  refreshToken: string | null;
  clientId: string | null;
  /** The access token handed out, when the grant was accepted. */
  accessToken?: string;
}
interface RecordedVertexStart {
  kind: 'start';
  authorization: string | undefined;
  model: string;
  prompt: string | undefined;
  image?: { mimeType: string; bytes: Buffer };
  parameters: Record<string, unknown>;
}
interface RecordedVertexPoll {
  kind: 'poll';
  authorization: string | undefined;
  /** The model in the URL (`…/models/{model}:fetchPredictOperation`). */
  model: string;
  operation: string;
}
interface RecordedVertexModelGet {
  kind: 'model-get';
  authorization: string | undefined;
  model: string;
}
interface RecordedGenerate extends RecordedGenerateContent {
  kind: 'generate-content';
}
interface RecordedOther {
  kind: 'other';
  method: string;
  path: string;
}
type FakeVertexRequest =
  | RecordedTokenGrant
  | RecordedVertexStart
  | RecordedVertexPoll
  | RecordedVertexModelGet
  | RecordedGenerate
  | RecordedOther;

interface FakeOperation {
  name: string;
  model: string;
  pendingPolls: number;
  outcome: FakeVeoOutcome;
}

const TOKEN_PATH = '/oauth2/token';
const API_VERSIONS = '(?:v1|v1beta1)';
const VIDEO_RESPONSE_TYPE = 'type.googleapis.com/cloud.ai.large_models.vision.GenerateVideoResponse';

/**
 * A real HTTP server on a free loopback port that speaks Vertex AI as `@google/genai` (vertexai: true) and
 * google-auth-library use it: an OAuth token route (refresh_token grant), and under
 * `/v1beta1/projects/{project}/locations/{location}/publishers/google/models/{model}` the methods
 * `:predictLongRunning`, `:fetchPredictOperation` (Vertex's poll, a POST with `{operationName}`) and
 * `:generateContent`, plus models.get at `GET /v1beta1/publishers/google/models/{model}` (no project
 * prefix). Every API request must carry `Authorization: Bearer <a token this fake issued>`.
 */
export async function startFakeVertexServer(options: FakeVertexServerOptions) {
  const project = options.project ?? 'promptreel-test';
  const location = options.location ?? 'us-central1';
  const credentials: AuthorizedUserCredentials = {
    type: 'authorized_user',
    client_id: `${randomBytes(6).toString('hex')}.apps.googleusercontent.com`,
    client_secret: randomBytes(12).toString('base64url'),
    refresh_token: `1//${randomBytes(24).toString('base64url')}`,
  };
  const requests: FakeVertexRequest[] = [];
  const operations = new Map<string, FakeOperation>();
  const settings = jobSettings<FakeVeoOutcome>(options, { kind: 'success' });
  const { retired } = settings.state;
  const issuedTokens: string[] = [];
  const validTokens = new Set<string>();
  let answer: FakeGeminiAnswer = options.answer ?? { kind: 'text', text: 'Hello from the fake Vertex AI.' };

  function addOperation(model: string): FakeOperation {
    const operation: FakeOperation = {
      name: `projects/${project}/locations/${location}/publishers/google/models/${model}/operations/${randomBytes(8).toString('hex')}`,
      model,
      pendingPolls: settings.state.pendingPolls,
      outcome: settings.state.outcome,
    };
    operations.set(operation.name, operation);
    return operation;
  }

  const modelNotFound = (model: string): GoogleHttpError => ({
    code: 404,
    message:
      `Publisher Model \`projects/${project}/locations/${location}/publishers/google/models/${model}\` was not found ` +
      'or your project does not have access to it. Please ensure you are using a valid model version.',
    status: 'NOT_FOUND',
  });

  async function grantToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readText(req));
    const grant: RecordedTokenGrant = {
      kind: 'token',
      grantType: form.get('grant_type'),
      refreshToken: form.get('refresh_token'),
      clientId: form.get('client_id'),
    };
    requests.push(grant);
    const valid =
      grant.grantType === 'refresh_token' &&
      grant.refreshToken === credentials.refresh_token &&
      grant.clientId === credentials.client_id &&
      form.get('client_secret') === credentials.client_secret;
    if (!valid) return sendJson(res, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
    grant.accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    validTokens.add(grant.accessToken);
    issuedTokens.push(grant.accessToken);
    sendJson(res, 200, {
      access_token: grant.accessToken,
      expires_in: 3599,
      scope: 'https://www.googleapis.com/auth/cloud-platform',
      token_type: 'Bearer',
    });
  }

  function authorised(authorization: string | undefined): boolean {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    return token !== undefined && validTokens.has(token);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake-vertex');
    const urlPath = decodeURIComponent(url.pathname);
    if (req.method === 'POST' && urlPath === TOKEN_PATH) return grantToken(req, res);

    const authorization = headerValue(req.headers.authorization);
    const method = new RegExp(
      `^/${API_VERSIONS}/projects/([^/]+)/locations/([^/]+)/publishers/google/models/([^/:]+):(predictLongRunning|fetchPredictOperation|generateContent)$`,
    ).exec(urlPath);
    const modelGet = new RegExp(`^/${API_VERSIONS}/publishers/google/models/([^/:]+)$`).exec(urlPath);

    if (req.method === 'GET' && modelGet?.[1]) {
      const model = modelGet[1];
      requests.push({ kind: 'model-get', authorization, model });
      if (!authorised(authorization)) return sendUnauthenticated(res);
      if (retired.has(model)) return sendGoogleError(res, modelNotFound(model));
      return sendJson(res, 200, {
        name: `publishers/google/models/${model}`,
        versionId: '001',
        openSourceCategory: 'PROPRIETARY',
        launchStage: 'GA',
        publisherModelTemplate: `projects/{project}/locations/{location}/publishers/google/models/${model}`,
      });
    }

    if (req.method !== 'POST' || !method?.[3]) {
      requests.push({ kind: 'other', method: req.method ?? '', path: urlPath });
      return sendGoogleError(res, { code: 404, message: `No route for ${req.method} ${urlPath}.`, status: 'NOT_FOUND' });
    }
    const [, urlProject, urlLocation, model, verb] = method;
    const permissionDenied = (): void =>
      sendGoogleError(res, {
        code: 403,
        message: `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/projects/${urlProject}/locations/${urlLocation}/publishers/google/models/${model}' (or it may not exist).`,
        status: 'PERMISSION_DENIED',
      });

    if (verb === 'generateContent') {
      const recorded = await recordGenerateContent(req, model);
      requests.push({ kind: 'generate-content', ...recorded });
      if (!authorised(authorization)) return sendUnauthenticated(res);
      if (urlProject !== project || urlLocation !== location) return permissionDenied();
      if (retired.has(model)) return sendGoogleError(res, modelNotFound(model));
      return answerGenerateContent(res, recorded, answer);
    }

    const body = (await readJson(req)) ?? {};
    if (verb === 'predictLongRunning') {
      const { instance, parameters, ...recorded } = readPredictBody(body);
      requests.push({ kind: 'start', authorization, model, ...recorded, parameters });
      if (!authorised(authorization)) return sendUnauthenticated(res);
      if (urlProject !== project || urlLocation !== location) return permissionDenied();
      if (retired.has(model)) return sendGoogleError(res, modelNotFound(model));
      if (settings.state.startError) return sendGoogleError(res, settings.state.startError);
      const invalid = invalidStart(instance, parameters);
      if (invalid) return sendGoogleError(res, { code: 400, message: invalid, status: 'INVALID_ARGUMENT' });
      return sendJson(res, 200, { name: addOperation(model).name });
    }

    const operationName = typeof body.operationName === 'string' ? body.operationName : '';
    requests.push({ kind: 'poll', authorization, model, operation: operationName });
    if (!authorised(authorization)) return sendUnauthenticated(res);
    if (urlProject !== project || urlLocation !== location) return permissionDenied();
    const operation = operations.get(operationName);
    if (operation && retired.has(operation.model)) return sendGoogleError(res, modelNotFound(operation.model));
    if (!operation || operation.model !== model) {
      return sendGoogleError(res, { code: 404, message: `Operation ${operationName} not found.`, status: 'NOT_FOUND' });
    }
    if (operation.pendingPolls > 0) {
      operation.pendingPolls -= 1;
      return sendJson(res, 200, { name: operation.name, done: false });
    }
    return sendJson(res, 200, finishedOperation(operation, options.video));
  }

  const { baseUrl, close } = await serveGoogleFake('Vertex', handle);
  const tokenUrl = `${baseUrl}${TOKEN_PATH}`;

  const ofKind = recordsOfKind(requests);

  return {
    baseUrl,
    tokenUrl,
    project,
    location,
    /** The credentials whose refresh token the token route accepts. */
    credentials,
    /** Writes `credentials` as a JSON file in `dir` and returns its path (what GOOGLE_APPLICATION_CREDENTIALS names). */
    async writeCredentialsFile(dir: string, overrides: Partial<AuthorizedUserCredentials> = {}): Promise<string> {
      const file = path.join(dir, `vertex-credentials-${randomBytes(4).toString('hex')}.json`);
      await writeFile(file, JSON.stringify({ ...credentials, ...overrides }));
      return file;
    },
    /** The Vertex AI back-end pointed at this fake, for a credentials file. */
    backend(credentialsFile: string): GoogleBackend {
      return { kind: 'vertex-ai', project, location, credentialsFile, baseUrl, tokenUrl };
    },
    /** Every request received, in order. */
    requests,
    tokenGrants: ofKind('token'),
    starts: ofKind('start'),
    polls: ofKind('poll'),
    modelGets: ofKind('model-get'),
    generateContents: ofKind('generate-content'),
    lastGenerateContent: (): RecordedGenerateContent | undefined => ofKind('generate-content')().at(-1),
    /** The access tokens handed out so far. */
    issuedTokens: () => [...issuedTokens],
    /**
     * setOutcome, setPendingPolls and retireModel: a retired model's starts, generateContent, models.get and polls
     * of its running operations answer 404 NOT_FOUND ("Publisher Model … was not found").
     */
    ...settings.controls,
    /** Answer every predictLongRunning with this HTTP error (e.g. 429 RESOURCE_EXHAUSTED), or undefined to stop. */
    setStartError: settings.setStartError,
    /** How generateContent requests from now on are answered. */
    setAnswer(next: FakeGeminiAnswer) {
      answer = next;
    },
    /** Every access token issued so far stops working (revoked before it expired): requests carrying one get 401. */
    revokeTokens() {
      validTokens.clear();
    },
    /** An operation that exists without a start request here, as one begun before a restart. */
    addOperation: (model: string) => addOperation(model).name,
    close,
  };
}

export type FakeVertexServer = Awaited<ReturnType<typeof startFakeVertexServer>>;

function finishedOperation(operation: FakeOperation, video: Buffer): Record<string, unknown> {
  return doneOperation(
    operation,
    () => ({ raiMediaFilteredCount: 0, videos: [{ bytesBase64Encoded: video.toString('base64'), mimeType: 'video/mp4' }] }),
    (fields) => ({ '@type': VIDEO_RESPONSE_TYPE, ...fields }),
  );
}

function sendUnauthenticated(res: ServerResponse): void {
  sendGoogleError(res, {
    code: 401,
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid ' +
      'authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    status: 'UNAUTHENTICATED',
  });
}
