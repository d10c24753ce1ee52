import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Small pieces every local fake of a provider's HTTP API needs. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The request body as a JSON object, or undefined when it is not one. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const text = await readText(req);
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

/** A Google JSON error: `{ error: { code, message, status } }`, sent with HTTP status `code`. */
export interface GoogleHttpError {
  code: number;
  message: string;
  status: string;
}

export function sendGoogleError(res: ServerResponse, error: GoogleHttpError): void {
  sendJson(res, error.code, { error: { code: error.code, message: error.message, status: error.status } });
}

/** What Google answers for a missing or wrong API key (it never echoes the key). */
export function sendApiKeyNotValid(res: ServerResponse): void {
  sendGoogleError(res, { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' });
}

/** Serves `handle` on a free loopback port (see listenOnLoopback); a handler that throws answers 500 INTERNAL naming the fake. */
export function serveGoogleFake(
  name: string,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendGoogleError(res, { code: 500, message: `Fake ${name} failed: ${String(error)}`, status: 'INTERNAL' });
    });
  });
  return listenOnLoopback(server);
}

/** Starts `server` on a free loopback port; returns its base URL and a close() that does not wait for idle keep-alive connections. */
export async function listenOnLoopback(server: Server): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The SDK's fetch keeps connections alive; without this close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

/** The raw request body as text (for form-encoded bodies such as OAuth token requests). */
export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
