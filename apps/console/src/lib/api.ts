import { createApiClient } from '@stod/web-client';
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
