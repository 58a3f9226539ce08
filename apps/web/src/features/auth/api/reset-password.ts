import type { resetPasswordSchema } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export type ResetPasswordBody = z.output<typeof resetPasswordSchema>;

export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/user/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordBody) => unwrap(resetPassword(body)) });
}
