import type { SignInInput } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export type SignInBody = SignInInput;

/** POST /api/auth/signIn. The response schema loads with the call (see ../schemas.ts). */
export async function signIn(body: SignInBody) {
  const { signInResponseSchema } = await import('../schemas.ts');
  return apiRequest('/auth/signIn', { method: 'POST', body, schema: signInResponseSchema });
}

/** The mutation resolves with the [data, error] pair; it never throws for an API error. */
export function useSignIn() {
  return useMutation({ mutationFn: (body: SignInBody) => unwrap(signIn(body)) });
}
