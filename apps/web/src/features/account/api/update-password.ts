import type { passwordChangeSchema } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export type PasswordChangeBody = z.output<typeof passwordChangeSchema>;

/** Other sessions are revoked; this one stays signed in. */
export function updatePassword(body: PasswordChangeBody) {
  return apiRequest('/user/updatePassword', { method: 'POST', body });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: (body: PasswordChangeBody) => unwrap(updatePassword(body)) });
}
