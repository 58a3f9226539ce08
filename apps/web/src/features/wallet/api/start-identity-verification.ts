import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { identityVerificationStartResponseSchema } from '../schemas.ts';

/**
 * POST /api/identity/verifications: the national digital identity's sign-in page. It sends the
 * browser back to `returnPath?identity=verified|cancelled|failed&verification={id}`.
 */
export function startIdentityVerification(body: { returnPath: string }) {
  return apiRequest('/identity/verifications', {
    method: 'POST',
    body,
    schema: identityVerificationStartResponseSchema,
  });
}

export function useStartIdentityVerification() {
  return useMutation({ mutationFn: startIdentityVerification });
}
