import type { forgotPasswordSchema } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export type ForgotPasswordBody = z.output<typeof forgotPasswordSchema>;

/** Always 204, whether or not the address has an account. */
export function requestPasswordReset(body: ForgotPasswordBody) {
  return apiRequest('/user/forgotPassword', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => unwrap(requestPasswordReset(body)),
  });
}
