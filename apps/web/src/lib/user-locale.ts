import type { Locale } from '@stod/domain';
import { apiRequest } from './api-client.ts';

/** PUT /api/user/locale: e-mails go out in the user's language. Used after register and on change. */
export function saveUserLocale(locale: Locale) {
  return apiRequest('/user/locale', { method: 'PUT', body: { locale } });
}
