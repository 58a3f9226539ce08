import type { cardSessionStartSchema } from '@stod/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, unwrap } from '../../../lib/api-client.ts';
import { cardSessionStartResponseSchema } from '../schemas.ts';

export type CardSessionStartBody = z.input<typeof cardSessionStartSchema>;

/** POST /api/payment-methods: the gateway's hosted card-entry page, to open next. */
export function startCardSession(body: CardSessionStartBody) {
  return apiRequest('/payment-methods', {
    method: 'POST',
    body,
    schema: cardSessionStartResponseSchema,
  });
}

export function useStartCardSession() {
  return useMutation({
    mutationFn: (body: CardSessionStartBody) => unwrap(startCardSession(body)),
  });
}
