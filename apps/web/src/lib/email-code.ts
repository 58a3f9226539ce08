import {
  currentUserSchema,
  type emailChangeRequestSchema,
  type emailChangeSchema,
} from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from './api-client.ts';

/**
 * The e-mail code: mailed to an address, typed back in the app, and the address is the user's,
 * verified. The e-mail change asks it for a new address; an invitation asks it for the address
 * the user already has, so a new user can accept in the app (account and installations use it).
 */
export type EmailChangeRequestBody = z.output<typeof emailChangeRequestSchema>;
export type EmailChangeBody = z.output<typeof emailChangeSchema>;

/** E-mails a 4-character code to the address. */
export function requestEmailChange(body: EmailChangeRequestBody) {
  return apiRequest('/user/request-update-email', { method: 'POST', body });
}

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: EmailChangeRequestBody) => unwrap(requestEmailChange(body)),
  });
}

/** The code typed back: the address becomes the user's, verified. */
export function updateEmail(body: EmailChangeBody) {
  return apiRequest('/user/update-email', { method: 'POST', body, schema: currentUserSchema });
}

export function useUpdateEmail() {
  return useMutation({ mutationFn: (body: EmailChangeBody) => unwrap(updateEmail(body)) });
}
