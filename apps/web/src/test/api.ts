import { vi } from 'vitest';

/** One request the app sent to the API, as the test sees it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface Answer {
  status?: number;
  body?: unknown;
}

type Handler = (request: SentRequest) => Answer | Promise<Answer>;

/**
 * Stands in for the API behind `fetch`: `routes` maps 'METHOD /path' (the path after /api) to an
 * answer or a function of the request. Anything unrouted answers 404 in the API's error shape.
 * Returns the requests in the order they were sent.
 */
export function mockApi(routes: Record<string, Answer | Handler>): SentRequest[] {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, 'http://app.test');
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, '') + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    sent.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const answer: Answer =
      typeof route === 'function'
        ? await route(request)
        : (route ?? {
            status: 404,
            body: { statusCode: 404, code: 'NOT_FOUND', message: 'Not found' },
          });
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? null), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

/** The API's error shape (spec: `{statusCode, code, message, fieldErrors?}`). */
export function apiError(
  statusCode: number,
  code: string,
  message: string,
  fieldErrors?: Record<string, string>,
): Answer {
  return {
    status: statusCode,
    body: { statusCode, code, message, ...(fieldErrors ? { fieldErrors } : {}) },
  };
}
