import { GoogleGenAI } from '@google/genai';

/**
 * Which Google service the video, text, image and speech adapters call, chosen once from the config:
 * the Gemini API with an API key, or Vertex AI with a project, a location and Google credentials
 * (application-default credentials, or the service-account/user file GOOGLE_APPLICATION_CREDENTIALS names).
 * Both go through the same SDK; only the client differs.
 */
export type GoogleBackend =
  | { kind: 'gemini-api'; apiKey: string; baseUrl?: string }
  | {
      kind: 'vertex-ai';
      project: string;
      location: string;
      /** A credentials file; without it google-auth-library looks for application-default credentials. */
      credentialsFile?: string;
      /** Points the SDK at another Vertex host (a private endpoint; tests: the fake Vertex server). */
      baseUrl?: string;
      /** Where OAuth refresh tokens are exchanged (a private endpoint; tests: the fake's token route). */
      tokenUrl?: string;
    };

export type GoogleBackendKind = GoogleBackend['kind'];

export const BACKEND_LABELS: Record<GoogleBackendKind, string> = { 'gemini-api': 'Gemini API', 'vertex-ai': 'Vertex AI' };

export function createGoogleClient(backend: GoogleBackend, options: { timeoutMs?: number } = {}): GoogleGenAI {
  const timeout = options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs };
  if (backend.kind === 'gemini-api') {
    return new GoogleGenAI({
      apiKey: backend.apiKey,
      // Explicit, so GOOGLE_GENAI_USE_VERTEXAI in the environment cannot switch the backend (config is read once).
      vertexai: false,
      httpOptions: { ...(backend.baseUrl ? { baseUrl: backend.baseUrl } : {}), ...timeout },
    });
  }
  return new GoogleGenAI({
    vertexai: true,
    project: backend.project,
    location: backend.location,
    googleAuthOptions: {
      ...(backend.credentialsFile ? { keyFilename: backend.credentialsFile } : {}),
      ...(backend.tokenUrl ? { clientOptions: { endpoints: { oauth2TokenUrl: backend.tokenUrl } } } : {}),
    },
    httpOptions: { ...(backend.baseUrl ? { baseUrl: backend.baseUrl } : {}), ...timeout },
  });
}

/** The secret a provider message might quote back (the API key); Vertex's tokens never appear in answers. */
export function backendSecret(backend: GoogleBackend): string {
  return backend.kind === 'gemini-api' ? backend.apiKey : '';
}
