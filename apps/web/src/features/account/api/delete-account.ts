import type { DeleteAccountInput } from '@stod/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** The password goes along: a token alone cannot delete the account. */
export function deleteAccount(body: DeleteAccountInput) {
  return apiRequest('/user', { method: 'DELETE', body });
}
