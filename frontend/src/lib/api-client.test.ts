import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/mock-api';
import { ADMIN_TOKEN_KEY, ApiError, apiRequest, getQueryFn } from './api-client';

function headersOf(fetchMock: ReturnType<typeof mockApi>, call = 0): Headers {
  return new Headers(fetchMock.mock.calls[call][1]?.headers as HeadersInit);
}

const queryContext = (queryKey: readonly unknown[]) =>
  ({ queryKey, signal: new AbortController().signal, meta: undefined, client: undefined }) as never;

describe('apiRequest', () => {
  it('sends JSON with credentials and returns the parsed answer', async () => {
    const fetchMock = mockApi({ '/api/contact': { status: 202, body: { accepted: true } } });

    await expect(apiRequest('/api/contact', { method: 'POST', body: { name: 'Ana' } })).resolves.toEqual({
      accepted: true,
    });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/contact');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Ana"}' });
    expect(headersOf(fetchMock).get('content-type')).toBe('application/json');
    expect(headersOf(fetchMock).has('authorization')).toBe(false);
  });

  it('defaults to GET and adds the bearer header when an admin token is stored', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'tok.en.value');
    const fetchMock = mockApi({ '/api/admin/menu-items': { status: 200, body: [] } });

    await apiRequest('/api/admin/menu-items');

    expect(fetchMock.mock.calls[0][1]?.method).toBe('GET');
    expect(headersOf(fetchMock).get('authorization')).toBe('Bearer tok.en.value');
  });

  it("throws '<status>: <server message>' and keeps the status and field messages", async () => {
    mockApi({
      '/api/admin/prices': {
        status: 400,
        statusText: 'Bad Request',
        body: { statusCode: 400, message: 'Validation failed', errors: { price: 'must be a price such as 4.25' } },
      },
    });

    const error = await apiRequest('/api/admin/prices', { method: 'POST', body: {} }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: Validation failed');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors).toEqual({ price: 'must be a price such as 4.25' });
  });

  it('falls back to the status text when the body has no message', async () => {
    mockApi({ '/api/thing': { status: 503, statusText: 'Service Unavailable' } });

    await expect(apiRequest('/api/thing')).rejects.toThrow(/^503: Service Unavailable$/);
  });
});

describe('getQueryFn', () => {
  it('joins the key parts with slashes and GETs with credentials, no-cache and bearer headers', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'abc');
    const fetchMock = mockApi({ '/api/blog/best-drinks': { status: 200, body: { slug: 'best-drinks' } } });

    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/blog', 'best-drinks']))).resolves.toEqual({
      slug: 'best-drinks',
    });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/blog/best-drinks');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(headersOf(fetchMock).get('cache-control')).toBe('no-cache');
    expect(headersOf(fetchMock).get('pragma')).toBe('no-cache');
    expect(headersOf(fetchMock).get('authorization')).toBe('Bearer abc');
  });

  it('returns null on a 401 only when asked to', async () => {
    mockApi({
      '/api/admin/seo': { status: 401, statusText: 'Unauthorized', body: { statusCode: 401, message: 'Unauthorized' } },
    });

    await expect(getQueryFn({ on401: 'returnNull' })(queryContext(['/api/admin/seo']))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/admin/seo']))).rejects.toMatchObject({
      status: 401,
    });
  });

  it('uses the raw response text in its error message', async () => {
    mockApi({
      '/api/prices': { status: 500, statusText: 'Internal Server Error', body: { statusCode: 500, message: 'boom' } },
    });

    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/prices']))).rejects.toThrow(
      '500: {"statusCode":500,"message":"boom"}',
    );
  });
});
