import { currentUserSchema, type profileUpdateSchema } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';

export type ProfileUpdateBody = z.output<typeof profileUpdateSchema>;

/** PATCH /api/user answers with the updated current user. */
export function updateProfile(body: ProfileUpdateBody) {
  return apiRequest('/user', { method: 'PATCH', body, schema: currentUserSchema });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: (body: ProfileUpdateBody) => unwrap(updateProfile(body)) });
}
