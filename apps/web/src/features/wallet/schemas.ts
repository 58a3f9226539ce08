import { paymentMethodSchema } from '@stod/domain';
import { z } from 'zod';

// Response shapes the API declares inline in its routes; they belong in the domain beside the
// request schemas (reported), and live here until they move.

export const cardSessionStartResponseSchema = z.object({ sessionId: z.string(), url: z.string() });

export const cardSessionStatusSchema = z.object({
  status: z.enum(['open', 'completed', 'failed', 'expired']),
  failure: z.string().nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
});

export const identityVerificationStartResponseSchema = z.object({
  id: z.string(),
  url: z.string(),
});
