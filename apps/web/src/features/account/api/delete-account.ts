import type { DeleteAccountInput } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** The password goes along: a token alone cannot delete the account. */
export function deleteAccount(body: DeleteAccountInput) {
  return apiRequest('/user', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: (body: DeleteAccountInput) => unwrap(deleteAccount(body)) });
}
