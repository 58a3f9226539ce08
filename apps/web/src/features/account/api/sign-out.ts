import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

/** Revokes the token on the server; the device forgets it whatever the answer. */
export function signOut() {
  return apiRequest('/auth/signOut', { method: 'POST' });
}

export function useSignOut() {
  return useMutation({ mutationFn: () => unwrap(signOut()) });
}
