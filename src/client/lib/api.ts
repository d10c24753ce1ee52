import type { QueryFunction } from '@tanstack/react-query';

/** A non-2xx answer. `message` follows SPEC §8; `serverMessage` is what a toast shows. */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${String(status)}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = messageFromBody(bodyText) ?? (bodyText || statusText);
  }
}

function messageFromBody(bodyText: string): string | undefined {
  try {
    const body: unknown = JSON.parse(bodyText);
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // A body that is not JSON (a proxy's HTML page, plain text) is shown as it is.
  }
  return undefined;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = (await response.text()).trim();
  throw new ApiError(response.status, response.statusText, bodyText);
}

/** The message a toast shows for a failed call: the server's words, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The shared read helper of SPEC §7: the query key, joined with '/', is the path to GET. */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) {
      // An unread body keeps an uncached (no-store) answer open in the browser: let it go.
      await response.body?.cancel();
      return null;
    }
    await throwIfNotOk(response);
    return (await response.json()) as unknown;
  };
}
