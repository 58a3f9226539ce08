import { useMutation } from '@tanstack/react-query';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { identityVerificationStartResponseSchema } from '../schemas.ts';

export interface IdentityVerificationBody {
  returnPath: string;
}

/**
 * POST /api/identity/verifications: the national digital identity's sign-in page. It sends the
 * browser back to `returnPath?identity=verified|cancelled|failed&verification={id}`.
 */
export function startIdentityVerification(body: IdentityVerificationBody) {
  return apiRequest('/identity/verifications', {
    method: 'POST',
    body,
    schema: identityVerificationStartResponseSchema,
  });
}

export function useStartIdentityVerification() {
  return useMutation({
    mutationFn: (body: IdentityVerificationBody) => unwrap(startIdentityVerification(body)),
  });
}
