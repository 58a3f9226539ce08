import type { emailChangeRequestSchema } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export type EmailChangeRequestBody = z.output<typeof emailChangeRequestSchema>;

/** E-mails a 4-character code to the new address. */
export function requestEmailChange(body: EmailChangeRequestBody) {
  return apiRequest('/user/request-update-email', { method: 'POST', body });
}

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: EmailChangeRequestBody) => unwrap(requestEmailChange(body)),
  });
}
