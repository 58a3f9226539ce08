import { translate, type ApiError, type Locale } from '@stod/domain';

/** Spec §7: calls return a pair of response and error instead of throwing. */
export type ApiResult<T> = readonly [T, null] | readonly [null, ApiError];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, such as an Idempotency-Key. */
  headers?: Record<string, string>;
}

/**
 * Anything with zod's safeParse. Responses are checked with the domain's schemas, which the
 * calling module imports; the client itself stays free of zod for the first paint.
 */
export interface ResponseSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

export interface ApiClientOptions {
  /** Where the API answers: '/api' on the same origin, or a full address in the native shells. */
  baseUrl: string;
  /** The signed-in session's bearer token, read at each call. */
  token: () => string | null;
  /** The language the server answers in (Accept-Language) and local errors are written in. */
  locale: () => Locale;
}

export interface ApiClient {
  apiRequest: {
    (path: string, options?: RequestOptions): Promise<ApiResult<null>>;
    <T>(
      path: string,
      options: RequestOptions & { schema: ResponseSchema<T> },
    ): Promise<ApiResult<T>>;
  };
  /** A binary answer (a receipt's PDF): the body as a Blob, or the API's error. */
  apiDownload: (
    path: string,
    options: Pick<RequestOptions, 'signal'> & { accept: string },
  ) => Promise<ApiResult<Blob>>;
  /** Called when a request that carried a token is answered 401: the session has ended. */
  onUnauthorized: (listener: () => void) => void;
}

/** The one error shape of the API (apiErrorSchema in the domain), checked by hand here. */
export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const fieldErrorsOk =
    v.fieldErrors === undefined ||
    (typeof v.fieldErrors === 'object' &&
      v.fieldErrors !== null &&
      Object.values(v.fieldErrors).every((m) => typeof m === 'string'));
  return (
    typeof v.statusCode === 'number' &&
    typeof v.code === 'string' &&
    typeof v.message === 'string' &&
    fieldErrorsOk
  );
}

/** One API client per app; both React apps build theirs from this. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let unauthorizedListener: (() => void) | null = null;

  const localError = (statusCode: number, code: string): ApiError => {
    const locale = options.locale();
    const message =
      code === 'NETWORK'
        ? translate('error.noNetwork', locale)
        : statusCode > 0
          ? translate('error.code', locale, { code: statusCode })
          : translate('error.generic', locale);
    return { statusCode, code, message };
  };

  const send = async (
    path: string,
    request: RequestOptions,
    accept: string,
  ): Promise<ApiResult<Response>> => {
    const { method = 'GET', body, signal } = request;
    const token = options.token();
    const headers: Record<string, string> = {
      ...request.headers,
      Accept: accept,
      'Accept-Language': options.locale(),
    };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
      });
      if (response.status === 401 && token) unauthorizedListener?.();
      return [response, null];
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      return [null, localError(0, 'NETWORK')];
    }
  };

  const failure = (response: Response, payload: unknown): ApiError =>
    isApiError(payload) ? payload : localError(response.status, `HTTP_${String(response.status)}`);

  async function apiRequest(
    path: string,
    request: RequestOptions & { schema?: ResponseSchema<unknown> } = {},
  ): Promise<ApiResult<unknown>> {
    const { schema } = request;
    const sent = await send(path, request, 'application/json');
    if (sent[1]) return sent;
    const response = sent[0];
    const payload: unknown =
      response.status === 204 ? null : await response.json().catch(() => undefined);
    if (!response.ok) return [null, failure(response, payload)];
    if (!schema) return [null, null] as unknown as ApiResult<unknown>;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) return [null, localError(0, 'BAD_RESPONSE')];
    return [parsed.data, null];
  }

  return {
    apiRequest: apiRequest as ApiClient['apiRequest'],
    async apiDownload(path, request) {
      const sent = await send(path, request, request.accept);
      if (sent[1]) return sent;
      const response = sent[0];
      if (!response.ok) {
        const payload: unknown = await response.json().catch(() => undefined);
        return [null, failure(response, payload)];
      }
      try {
        return [await response.blob(), null];
      } catch {
        return [null, localError(0, 'NETWORK')];
      }
    },
    onUnauthorized(listener) {
      unauthorizedListener = listener;
    },
  };
}

/** For TanStack Query: queries and mutations want a thrown error, so unwrap the pair. */
export class ApiRequestError extends Error {
  constructor(readonly apiError: ApiError) {
    super(apiError.message);
    this.name = 'ApiRequestError';
  }
}

export async function unwrap<T>(result: Promise<ApiResult<T>>): Promise<T> {
  const [data, error] = await result;
  if (error) throw new ApiRequestError(error);
  return data;
}
