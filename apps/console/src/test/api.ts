import { vi } from 'vitest';

/** One request the console sent to the API, as the test sees it. */
export interface SentRequest {
  method: string;
  /** The path after /api, with its query. */
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
 * The API behind `fetch`: `routes` maps 'METHOD /path' to an answer or a function of the request;
 * anything else answers 404 in the API's error shape. Returns the requests in the order sent.
 */
export function mockApi(routes: Record<string, Answer | Handler>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      const url = new URL(href, 'http://console.test');
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
          : (route ?? apiError(404, 'NOT_FOUND', 'Vit funnu ikki tað, tú leitaði eftir.'));
      const status = answer.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(answer.body ?? null), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

/** The API's one error shape. */
export function apiError(statusCode: number, code: string, message: string): Answer {
  return { status: statusCode, body: { statusCode, code, message } };
}
