import { vi } from 'vitest';

export interface MockResponse {
  status: number;
  body?: unknown;
  statusText?: string;
}
/** A fixed answer, or one computed from the request's URL (its query parameters, a call count). */
export type MockAnswer = MockResponse | ((url: URL) => MockResponse | Promise<MockResponse>);

const NEVER = new Promise<Response>(() => {});

export function jsonResponse(status: number, body?: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs fetch: each path answers as given ('pending' never answers); unknown paths answer 404. A key with
 * a query string ('/api/menu?category=matcha') matches that exact URL first, then the path alone.
 * Returns the mock to inspect calls.
 */
export function mockApi(routes: Record<string, MockAnswer | 'pending'>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    // `/api/seo/{page}?fallback={template}` answers the template's record when the page has none, as the BFF does
    const fallback = url.pathname.startsWith('/api/seo/') ? url.searchParams.get('fallback') : null;
    const answer =
      routes[url.pathname + url.search] ??
      routes[url.pathname] ??
      (fallback === null ? undefined : routes[`/api/seo/${fallback}`]);
    if (answer === 'pending') return NEVER;
    if (!answer) return jsonResponse(404, { statusCode: 404, message: 'Not Found' }, 'Not Found');
    const resolved = typeof answer === 'function' ? await answer(url) : answer;
    return jsonResponse(resolved.status, resolved.body, resolved.statusText);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.filter(
    ([input]) => String(input).startsWith(path) && !String(input).startsWith(`${path}/`),
  );
}
