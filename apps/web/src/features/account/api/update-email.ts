import { currentUserSchema, type emailChangeSchema } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export type EmailChangeBody = z.output<typeof emailChangeSchema>;

export function updateEmail(body: EmailChangeBody) {
  return apiRequest('/user/update-email', { method: 'POST', body, schema: currentUserSchema });
}

export function useUpdateEmail() {
  return useMutation({ mutationFn: (body: EmailChangeBody) => unwrap(updateEmail(body)) });
}
