import { signInResponseSchema, type registerSchema } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export type RegisterBody = z.output<typeof registerSchema>;

/** POST /api/user: registration signs the user in and answers with a token. */
export function registerUser(body: RegisterBody) {
  return apiRequest('/user', { method: 'POST', body, schema: signInResponseSchema });
}

export function useRegisterUser() {
  return useMutation({ mutationFn: (body: RegisterBody) => unwrap(registerUser(body)) });
}
