import { ApiRequestError, createApiClient } from '@stod/web-client';
import { QueryClient } from '@tanstack/react-query';
import { API_BASE } from '../config.ts';
import { currentLocale } from '../i18n/index.ts';
import { endSession, useSession } from './session.ts';

export { ApiRequestError, unwrap } from '@stod/web-client';

const client = createApiClient({
  baseUrl: API_BASE,
  token: () => useSession.getState().token,
  locale: currentLocale,
});

export const { apiRequest } = client;

// A session that ends on the server (signed out elsewhere, expired) ends here too.
client.onUnauthorized(() => {
  endSession();
  queryClient.clear();
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: true, staleTime: 15_000 },
  },
});

/** A refusal's errors by field, for a form to show beside its fields; none for other errors. */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiRequestError ? (error.apiError.fieldErrors ?? {}) : {};

/** A refusal that names no field, to show above the form; null for none. */
export const refusalOf = (error: unknown): string | null =>
  error instanceof ApiRequestError && !error.apiError.fieldErrors ? error.apiError.message : null;

/** The audit log's reason: percent-encoded, so that Faroese letters pass through HTTP. */
export const auditReasonHeader = (reason: string): Record<string, string> =>
  reason.trim() ? { 'X-Audit-Reason': encodeURIComponent(reason.trim()) } : {};
