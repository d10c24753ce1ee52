import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, getQueryFn } from './api';

interface Sent {
  url: string;
  init: RequestInit | undefined;
}

let sent: Sent[];

/** Stands in for the network: answers each path the way the server's error handler does. */
function fakeFetch(url: string, init?: RequestInit): Promise<Response> {
  sent.push({ url, init });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  switch (url) {
    case '/api/ok':
      return Promise.resolve(json(200, { user: { id: '1' } }));
    case '/api/conflict':
      return Promise.resolve(json(409, { message: 'Username already taken' }));
    case '/api/text-error':
      return Promise.resolve(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    case '/api/empty-error':
      return Promise.resolve(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    default:
      return Promise.resolve(json(401, { message: 'Not signed in' }));
  }
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const reason: unknown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(reason instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(reason)}`);
  return reason;
}

describe('apiRequest', () => {
  it('sends JSON with credentials and resolves on 2xx', async () => {
    const response = await apiRequest('POST', '/api/ok', { username: 'maya' });
    expect(await response.json()).toEqual({ user: { id: '1' } });
    expect(sent[0]?.init).toEqual({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"maya"}',
      credentials: 'include',
    });
  });

  it('sends neither body nor content type without data', async () => {
    await apiRequest('POST', '/api/ok');
    expect(sent[0]?.init).toEqual({ method: 'POST', headers: {}, body: undefined, credentials: 'include' });
  });

  it('turns a JSON error into "status: body" and keeps the server message', async () => {
    const error = await rejection(apiRequest('POST', '/api/conflict', {}));
    expect(error.message).toBe('409: {"message":"Username already taken"}');
    expect(error.status).toBe(409);
    expect(errorMessage(error, 'fallback')).toBe('Username already taken');
  });

  it('uses the text of a non-JSON body, or the status text when the body is empty', async () => {
    const text = await rejection(apiRequest('GET', '/api/text-error'));
    expect(text.message).toBe('502: Bad gateway');
    expect(text.serverMessage).toBe('Bad gateway');
    const empty = await rejection(apiRequest('GET', '/api/empty-error'));
    expect(empty.message).toBe('500: Internal Server Error');
  });
});

describe('errorMessage', () => {
  it('falls back for errors that did not come from the server', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Please try again.')).toBe('Please try again.');
  });
});

describe('getQueryFn', () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

  afterEach(() => {
    queryClient.clear();
  });

  it('GETs the query key joined with slashes, with credentials', async () => {
    const data = await queryClient.query({ queryKey: ['/api', 'ok'], queryFn: getQueryFn({ on401: 'throw' }) });
    expect(data).toEqual({ user: { id: '1' } });
    expect(sent[0]?.url).toBe('/api/ok');
    expect(sent[0]?.init?.credentials).toBe('include');
  });

  it('returns null on 401 when asked to', async () => {
    const read = queryClient.query({ queryKey: ['/api/auth/me'], queryFn: getQueryFn({ on401: 'returnNull' }) });
    await expect(read).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    const error = await rejection(
      queryClient.query({ queryKey: ['/api/auth/me'], queryFn: getQueryFn({ on401: 'throw' }) }),
    );
    expect(error.status).toBe(401);
  });
});
