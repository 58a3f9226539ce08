import { createApiClient } from '@stod/web-client';
import { API_BASE } from '../config.ts';
import { currentLocale } from '../i18n/index.ts';
import { useSession } from './session.ts';

export { ApiRequestError, unwrap, type ApiResult, type ResponseSchema } from '@stod/web-client';

/** The customer app's API client: its session's token, its language. */
const client = createApiClient({
  baseUrl: API_BASE,
  token: () => useSession.getState().token,
  locale: currentLocale,
});

export const { apiRequest, apiDownload, onUnauthorized } = client;
