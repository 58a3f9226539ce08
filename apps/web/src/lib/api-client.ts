import { translate, type ApiError } from '@stod/domain';
import { API_BASE } from '../config.ts';
import { currentLocale } from '../i18n/index.ts';
import { useSession } from './session.ts';

/** Spec §7: calls return a pair of response and error instead of throwing. */
export type ApiResult<T> = readonly [T, null] | readonly [null, ApiError];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
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

/** The one error shape of the API (apiErrorSchema in the domain), checked by hand here. */
function isApiError(value: unknown): value is ApiError {
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

let unauthorizedListener: (() => void) | null = null;

/** Called when a request that carried a token is answered 401: the session has ended. */
export function onUnauthorized(listener: () => void): void {
  unauthorizedListener = listener;
}

function localError(statusCode: number, code: string): ApiError {
  const locale = currentLocale();
  const message =
    code === 'NETWORK'
      ? translate('error.noNetwork', locale)
      : statusCode > 0
        ? translate('error.code', locale, { code: statusCode })
        : translate('error.generic', locale);
  return { statusCode, code, message };
}

async function send(
  path: string,
  options: RequestOptions,
  accept: string,
): Promise<ApiResult<Response>> {
  const { method = 'GET', body, signal } = options;
  const token = useSession.getState().token;
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: accept,
    'Accept-Language': currentLocale(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(`${API_BASE}${path}`, {
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
}

function failure(response: Response, payload: unknown): ApiError {
  return isApiError(payload)
    ? payload
    : localError(response.status, `HTTP_${String(response.status)}`);
}

/** A binary answer (a receipt's PDF): the body as a Blob, or the API's error. */
export async function apiDownload(
  path: string,
  options: Pick<RequestOptions, 'signal'> & { accept: string },
): Promise<ApiResult<Blob>> {
  const sent = await send(path, options, options.accept);
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
}

export function apiRequest(path: string, options?: RequestOptions): Promise<ApiResult<null>>;
export function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema: ResponseSchema<T> },
): Promise<ApiResult<T>>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { schema?: ResponseSchema<unknown> } = {},
): Promise<ApiResult<unknown>> {
  const { schema } = options;
  const sent = await send(path, options, 'application/json');
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

/** For TanStack Query: queries want a thrown error, so unwrap the pair. */
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
